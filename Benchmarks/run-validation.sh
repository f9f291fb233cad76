#!/usr/bin/env bash
# Validation benchmark: assess against jsonschema-rs, fastjsonschema and jsonschema (PyPI).
# Generates the corpus (git-ignored), builds release, prints docs/s and MB/s per corpus group,
# then the peak memory of `assess validate` on the ~20 MB document.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d Benchmarks/corpus/large ] || python3 Benchmarks/generate-corpus.py Benchmarks/corpus
swift build -c release --product assess-bench >/dev/null
swift build -c release --product assess >/dev/null
schema=Benchmarks/schemas/survey-bench.schema.json
echo "== assess (Swift, release)"
.build/release/assess-bench validate Benchmarks/corpus "$schema"
Benchmarks/setup-peers.sh
echo "== PyPI peers (json.loads + is_valid)"
Benchmarks/.venv/bin/python Benchmarks/peers.py Benchmarks/corpus "$schema"
echo "== peak memory, assess validate on the large document"
/usr/bin/time -f "%M KB max resident for %C" .build/release/assess validate --schema "$schema" Benchmarks/corpus/large/large.json >/dev/null
ls -l Benchmarks/corpus/large/large.json | awk '{print $5 " bytes in the document"}'
