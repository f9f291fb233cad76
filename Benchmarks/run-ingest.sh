#!/usr/bin/env bash
# The ingest benchmark (issue #18's figures): archives/s per core of `assess ingest` (verify with Sage's
# archive map + write the datasets) against a Python reference doing what Sage's job does
# (Benchmarks/sage-reference.py: zipfile + python-jsonschema per file, same map, same archives);
# --jobs 2 against --jobs 1; Spark local[2] against assess --jobs 2; peak memory over 100,000 archives.
# Needs ../shared/sage (Sage's map and schemas). Timings on a shared machine are noisy: repeat runs.
#
# Usage: Benchmarks/run-ingest.sh [MOTION_ARCHIVES SURVEY_ARCHIVES SAMPLES] [--memory N] [--spark]
set -euo pipefail
cd "$(dirname "$0")/.."
motions="${1:-20}"; surveys="${2:-200}"; samples="${3:-20000}"
memory=0; spark=0
for arg in "$@"; do
  case "$arg" in --spark) spark=1 ;; esac
done
if [ "${4:-}" = "--memory" ]; then memory="${5:-100000}"; fi
shared=../shared/sage
[ -f "$shared/archive-map.json" ] || { echo "needs $shared (Sage's archive map and schemas)" >&2; exit 3; }
swift build -c release --product assess >/dev/null
assess="$PWD/.build/release/assess"
if [ ! -x Benchmarks/.venv/bin/python ] || ! Benchmarks/.venv/bin/python -c "import jsonschema" 2>/dev/null; then
  python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install -q jsonschema
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
total=$((motions + surveys))
[ "$total" -gt 0 ] && python3 Benchmarks/generate-ingest-corpus.py "$work/corpus" "$motions" "$surveys" "$samples"
ingest() { # jobs, output, [manifest], [layout]: prints the wall seconds (the summary line goes to stderr)
  local start end
  start=$(date +%s.%N)
  "$assess" ingest --archive-map "$shared/archive-map.json" --ref-dir "$shared/schemas" --manifest "${3:-$work/corpus/manifest.jsonl}" \
    -o "$2" --jobs "$1" --layout "${4:-batch}" | tail -1 >&2
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
ratio() { echo "scale=1; $1 / $2" | bc; }
if [ "$total" -gt 0 ]; then
echo "corpus: $motions walk-and-balance archives (2 x $samples motion samples) + $surveys survey archives" >&2
head -n "$motions" "$work/corpus/manifest.jsonl" > "$work/corpus/motion.jsonl"
tail -n "$surveys" "$work/corpus/manifest.jsonl" > "$work/corpus/survey.jsonl"
one=$(ingest 1 "$work/out1"); two=$(ingest 2 "$work/out2"); record=$(ingest 1 "$work/out-record" "" record)
motion=$(ingest 1 "$work/out-motion" "$work/corpus/motion.jsonl"); survey=$(ingest 1 "$work/out-survey" "$work/corpus/survey.jsonl")
python=$(Benchmarks/.venv/bin/python -W ignore Benchmarks/sage-reference.py "$shared/archive-map.json" "$shared/schemas" "$work/corpus/manifest.jsonl" "$work/py")
echo "assess ingest --jobs 1: $(echo "scale=2; $total / $one" | bc) archives/s ($one s); --layout record: $record s"
echo "assess ingest --jobs 2: $(echo "scale=2; $total / $two" | bc) archives/s ($two s); speed-up $(ratio "$one" "$two")x"
echo "python reference (one process): $python"
py=$(echo "$python" | sed -E 's/.*"seconds": ([0-9.]+).*/\1/')
py_motion=$(echo "$python" | sed -E 's/.*"walk-and-balance": ([0-9.]+).*/\1/')
py_survey=$(echo "$python" | sed -E 's/.*"health-survey": ([0-9.]+).*/\1/')
echo "per core: assess is $(ratio "$py" "$one")x the python reference (--layout record: $(ratio "$py" "$record")x)"
echo "  motion archives alone: $(ratio "$py_motion" "$motion")x ($motion s against $py_motion s)"
echo "  survey archives alone: $(ratio "$py_survey" "$survey")x ($survey s against $py_survey s; ours includes starting the process)"
if [ "$spark" = 1 ]; then
  integrations/spark/setup-venv.sh
  start=$(date +%s.%N)
  PYSPARK_PYTHON=integrations/spark/.venv/bin/python integrations/spark/.venv/bin/python integrations/spark/assess_ingest_job.py \
    --master "local[2]" --driver-memory 4g --archives "$work/corpus" --archive-map "$shared/archive-map.json" --ref-dir "$shared/schemas" \
    --manifest "$work/corpus/manifest.jsonl" --assess "$assess" --output "$work/parquet" 2>/dev/null
  end=$(date +%s.%N)
  echo "spark local[2] (job + Parquet): $(echo "$end - $start" | bc) s against assess --jobs 2 NDJSON: $two s"
fi
fi
if [ "$memory" -gt 0 ]; then
  python3 Benchmarks/generate-ingest-corpus.py "$work/many" 0 "$memory" 0
  rm -rf "$work/corpus" "$work/out1" "$work/out2" "$work/py"
  map="$PWD/$shared/archive-map.json" schemas="$PWD/$shared/schemas"
  (cd "$work/many" && /usr/bin/time -f "peak RSS %M KiB, %e s" "$assess" ingest --archive-map "$map" --ref-dir "$schemas" \
    --manifest - -o "$work/many-out" --jobs 2 < manifest.jsonl | tail -1)
  echo "($memory survey archives, manifest streamed on standard input)"
fi
