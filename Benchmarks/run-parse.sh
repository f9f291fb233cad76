#!/usr/bin/env bash
# Parse and validate throughput against simdjson (pysimdjson), orjson and jsonschema-rs on the same
# corpus in one run (Benchmarks/parse-peers.py), then peak memory of `assess validate` on the ~20 MB
# document. Generates the corpus (git-ignored) and the peers' venv (Benchmarks/.venv) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d Benchmarks/corpus/large ] || python3 Benchmarks/generate-corpus.py Benchmarks/corpus
Benchmarks/setup-peers.sh
swift build -c release --product assess-bench >/dev/null
swift build -c release --product assess >/dev/null
schema=Benchmarks/schemas/survey-bench.schema.json
Benchmarks/.venv/bin/python Benchmarks/parse-peers.py Benchmarks/corpus "$schema" .build/release/assess-bench "${ROUNDS:-2}"
echo "== peak memory, assess validate on the large document"
/usr/bin/time -f "%M KB max resident, %e s wall" .build/release/assess validate --schema "$schema" Benchmarks/corpus/large/large.json >/dev/null
ls -l Benchmarks/corpus/large/large.json | awk '{print $5 " bytes in the document"}'
