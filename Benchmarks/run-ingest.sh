#!/usr/bin/env bash
# The ingest benchmark (issue #18's figures): archives/s per core of `assess ingest` (verify with Sage's
# archive map + write the datasets) against a Python reference doing what Sage's job does
# (Benchmarks/sage-reference.py: zipfile + python-jsonschema per file, same map, same archives);
# --jobs 2 against --jobs 1; Spark local[2] against assess --jobs 2; peak memory over 100,000 archives.
# Needs ../shared/sage (Sage's map and schemas). Timings on a shared machine are noisy: repeat runs.
#
# Every comparison is made twice, with both sides writing to the same place: a folder on the disk
# ($TMPDIR, or /tmp) and one on tmpfs (/dev/shm, when there is one), so the disk's share is visible.
# assess is timed from process start (schemas loaded, map read); the Python reference times its loop
# only. Each assess figure is the best of RUNS runs (default 3); CPU seconds (user + sys) are printed too.
#
# Usage: Benchmarks/run-ingest.sh [MOTION_ARCHIVES SURVEY_ARCHIVES SAMPLES] [--memory N] [--spark]
set -euo pipefail
cd "$(dirname "$0")/.."
motions="${1:-20}"; surveys="${2:-200}"; samples="${3:-20000}"
memory=0; spark=0; runs="${RUNS:-3}"
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
work=$(mktemp -d); trap 'rm -rf "$work" "${fast:-}"' EXIT
fast=""
[ -d /dev/shm ] && fast=$(mktemp -d -p /dev/shm)
total=$((motions + surveys))
[ "$total" -gt 0 ] && python3 Benchmarks/generate-ingest-corpus.py "$work/corpus" "$motions" "$surveys" "$samples"
ingest() { # jobs, output, [manifest], [layout]: prints "WALL CPU" seconds, the best of $runs runs (by wall)
  local best="" line start
  for _ in $(seq "$runs"); do
    rm -rf "$2"
    start=$(date +%s.%N)
    line=$( { /usr/bin/time -f "%U %S" "$assess" ingest --archive-map "$shared/archive-map.json" --ref-dir "$shared/schemas" \
      --manifest "${3:-$work/corpus/manifest.jsonl}" -o "$2" --jobs "$1" --layout "${4:-batch}" >/dev/null; } 2>&1 | tail -1)
    line=$(echo "$(date +%s.%N) $start $line" | awk '{printf "%.3f %.2f", $1 - $2, $3 + $4}')
    if [ -z "$best" ] || [ "$(echo "${line%% *} < ${best%% *}" | bc)" = 1 ]; then best=$line; fi
  done
  rm -rf "$2"
  echo "$best"
}
ratio() { echo "scale=1; $1 / $2" | bc; }
python_reference() { # output folder: prints the reference's JSON line
  local line
  line=$(Benchmarks/.venv/bin/python -W ignore Benchmarks/sage-reference.py "$shared/archive-map.json" "$shared/schemas" "$work/corpus/manifest.jsonl" "$1")
  rm -rf "$1"
  echo "$line"
}
if [ "$total" -gt 0 ]; then
echo "corpus: $motions walk-and-balance archives (2 x $samples motion samples) + $surveys survey archives; best of $runs runs; load: $(cut -d' ' -f1-3 /proc/loadavg)"
head -n "$motions" "$work/corpus/manifest.jsonl" > "$work/corpus/motion.jsonl"
tail -n "$surveys" "$work/corpus/manifest.jsonl" > "$work/corpus/survey.jsonl"
for place in "$work" ${fast:+"$fast"}; do
  label=$([ "$place" = "$work" ] && echo "disk ($(df --output=fstype "$work" | tail -1))" || echo "tmpfs")
  python=$(python_reference "$place/py")
  py=$(echo "$python" | sed -E 's/.*"seconds": ([0-9.]+).*/\1/')
  py_motion=$(echo "$python" | sed -E 's/.*"walk-and-balance": ([0-9.]+).*/\1/')
  py_survey=$(echo "$python" | sed -E 's/.*"health-survey": ([0-9.]+).*/\1/')
  read -r one one_cpu <<< "$(ingest 1 "$place/out1")"
  read -r two two_cpu <<< "$(ingest 2 "$place/out2")"
  read -r record _ <<< "$(ingest 1 "$place/out-record" "" record)"
  read -r motion _ <<< "$(ingest 1 "$place/out-motion" "$work/corpus/motion.jsonl")"
  read -r survey _ <<< "$(ingest 1 "$place/out-survey" "$work/corpus/survey.jsonl")"
  echo "== output on $label"
  echo "python reference (one process, its loop only): $py s ($(echo "scale=2; $total / $py" | bc) archives/s)"
  echo "assess ingest --jobs 1: $one s wall, $one_cpu s CPU ($(echo "scale=2; $total / $one" | bc) archives/s); --layout record: $record s"
  echo "per core: assess is $(ratio "$py" "$one")x the python reference (--layout record: $(ratio "$py" "$record")x; by CPU seconds: $(ratio "$py" "$one_cpu")x)"
  echo "  motion archives alone: $(ratio "$py_motion" "$motion")x ($motion s against $py_motion s)"
  echo "  survey archives alone: $(ratio "$py_survey" "$survey")x ($survey s against $py_survey s; ours includes starting the process)"
  echo "assess ingest --jobs 2: $two s wall, $two_cpu s CPU; speed-up over --jobs 1: $(ratio "$one" "$two")x"
done
if [ "$spark" = 1 ]; then
  integrations/spark/setup-venv.sh
  read -r two _ <<< "$(ingest 2 "$work/out2")"
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
  rm -rf "$work/corpus"
  map="$PWD/$shared/archive-map.json" schemas="$PWD/$shared/schemas"
  (cd "$work/many" && /usr/bin/time -f "peak RSS %M KiB, %e s" "$assess" ingest --archive-map "$map" --ref-dir "$schemas" \
    --manifest - -o "$work/many-out" --jobs 2 < manifest.jsonl | tail -1)
  echo "($memory survey archives, manifest streamed on standard input)"
fi
