#!/usr/bin/env bash
# Inflate throughput: assess's own inflate (CInflate, as ZipReader uses it) and zlib's in the same run, on the
# motion.json entries and then on every entry of the realistic mix's archives (Benchmarks/generate-mix-corpus.py,
# the corpus of run-mix.sh and profile-ingest.sh), each the best of ROUNDS rounds. Prints the load average first.
#
# Usage: [ARCHIVES=200] [ROUNDS=20] [BENCH=assess-bench binary] Benchmarks/run-inflate.sh   (a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
sample=../shared/bridgedownstream/OCJByUtSrVTYtqObYp7XZV_J-mtbSpelling.zip
[ -f "$sample" ] || { echo "needs ../shared/bridgedownstream" >&2; exit 3; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 Benchmarks/generate-mix-corpus.py "$work/corpus" "${ARCHIVES:-200}" "$sample" >/dev/null
if [ -z "${BENCH:-}" ]; then swift build -c release --product assess-bench >/dev/null; fi
bench="${BENCH:-$PWD/.build/release/assess-bench}"
uptime
"$bench" inflate "$work/corpus" motion.json "${ROUNDS:-20}"
"$bench" inflate "$work/corpus" all "${ROUNDS:-20}"
