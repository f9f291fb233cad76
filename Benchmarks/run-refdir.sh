#!/usr/bin/env bash
# --ref-dir benchmark: a generated folder of 682 schemas (~20 MB, in /tmp/assess-refdir unless given),
# indexed in-process (assess-bench refdir) and through the CLI (assess validate -r, 5 runs).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/assess-refdir}
[ -d "$out/schemas" ] || python3 Benchmarks/generate-refdir.py "$out"
swift build -c release --product assess-bench >/dev/null
swift build -c release --product assess >/dev/null
schema=https://bench.example/refdir/group0/s0.json
echo "== in process (median of 7)"
.build/release/assess-bench refdir "$out/schemas" "$schema" "$out/instance.json"
echo "== assess validate --ref-dir (5 runs; on a busy machine the CPU time is the fair figure)"
for _ in 1 2 3 4 5; do
  /usr/bin/time -f "%e s wall, %U s user + %S s sys CPU, %M KB max resident" .build/release/assess validate -r "$out/schemas" -s "$schema" "$out/instance.json" >/dev/null
done
