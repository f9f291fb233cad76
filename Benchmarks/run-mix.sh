#!/usr/bin/env bash
# The realistic-mix ingest benchmark: `assess ingest --jobs 1` and `--jobs 2` against Sage's own ingestion
# code (BridgeDownstream s3_to_json_s3.py, unmodified, driven by Benchmarks/sage-job.py with jsonschema 3.2.0
# as their Pipfile.lock pins), all on the same archives in the same run: ARCHIVES uploads from
# Benchmarks/generate-mix-corpus.py (half ~1 KB survey archives, half sensor archives shaped like Sage's real
# Mobile Toolbox archive, median ~22 KB, ~2% bad of six kinds), Sage's test map and schemas, the example
# catalog, tolerated errors and file alias. The load average is printed beside each figure: on a shared
# machine the figures are only as good as the machine is idle. assess is timed from process start (wall
# and CPU; the best and the median of RUNS, default 3, taken in interleaved rounds); Sage's job times its
# loop only (wall and CPU), once.
#
# BASELINE=BINARY (another build, e.g. main's) also times that binary's `--jobs 1` and `--jobs 2` in the same
# rounds, each after ours, so a change's cost or gain is measured at the same load. The last lines are the summary: the per-core
# ratio (assess --jobs 1 against Sage's job) and --jobs 2 against --jobs 1, with the load average. Each round also
# times the machine's own ceiling for two cores: two `--jobs 1` processes at once, each on half the archives.
#
# Needs ../shared (Sage's map, schemas, archive) and BridgeDownstream: BRIDGEDOWNSTREAM=CHECKOUT, else it is
# cloned into Benchmarks/.cache (network).
# The corpus and both sides' output go under one `mktemp -d`, so TMPDIR chooses the file system they write to:
# TMPDIR=/dev/shm (tmpfs) times the code without the disk; a newly made ext4 mount times it with one (an ext4 where
# many files were just deleted makes each new file slower to create for minutes after).
# Usage: [TMPDIR=FOLDER] [ASSESS=BINARY] [BASELINE=BINARY] [RUNS=N] Benchmarks/run-mix.sh [ARCHIVES]   (default 500)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-500}"; runs="${RUNS:-3}"
map=../shared/bridgedownstream/archive-map.json; schemas=../shared/sage/schemas
sample=../shared/bridgedownstream/OCJByUtSrVTYtqObYp7XZV_J-mtbSpelling.zip
[ -f "$map" ] && [ -d "$schemas" ] && [ -f "$sample" ] || { echo "needs ../shared/bridgedownstream and ../shared/sage" >&2; exit 3; }
bridge="${BRIDGEDOWNSTREAM:-Benchmarks/.cache/BridgeDownstream}"
[ -f "$bridge/src/glue/jobs/s3_to_json_s3.py" ] || git clone -q --depth 1 https://github.com/Sage-Bionetworks/BridgeDownstream "$bridge"
venv=Benchmarks/.venv-sage
if ! "$venv/bin/python" -W ignore -c "import jsonschema" 2>/dev/null; then
  python3 -m venv "$venv" && "$venv/bin/pip" install -q "jsonschema==3.2.0" "setuptools<81"
fi
if [ -z "${ASSESS:-}" ]; then swift build -c release --product assess >/dev/null; fi
assess="${ASSESS:-$PWD/.build/release/assess}"   # ASSESS=BINARY: a release build made before
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
echo "corpus: $(python3 Benchmarks/generate-mix-corpus.py "$work/corpus" "$count" "$sample")"
load() { cut -d' ' -f1-3 /proc/loadavg; }
once() { # jobs binary: prints "WALL CPU" seconds of one run into a new output folder
  local out start line
  # A new output folder each run, removed at the end: ext4 allocates inodes slowly right after a large
  # delete (it skips recently deleted ones), so deleting the last run's output first would time that.
  out=$(mktemp -d "$work/out-XXXX")
  start=$(date +%s.%N)
  line=$( { /usr/bin/time -f "%U %S" "$2" ingest --archive-map "$map" --ref-dir "$schemas" --catalog examples/pipeline/catalog.json \
    --file-alias microphone.json=microphone_levels.json --tolerated examples/pipeline/tolerated.json --required warning \
    --manifest "$work/corpus/manifest.jsonl" -o "$out/out" --jobs "$1" >/dev/null; } 2>&1 | tail -1) || true  # exit 1: the bad archives
  echo "$(date +%s.%N) $start $line" | awk '{printf "%.3f %.2f\n", $1 - $2, $3 + $4}'
}
# RUNS rounds, each timing every configuration once in turn (ours and the baseline's, --jobs 1 and 2), so that a
# slow spell of a shared machine falls on all of them rather than on one configuration's block of runs.
# The machine's own ceiling for two cores: the corpus split into two halves of equal bytes (archives sorted by
# size, dealt in turn), each ingested by a `--jobs 1` process of its own, both at once. Nothing is shared or
# ordered between the two, so their wall time is what two cores give this work here; `--jobs 2` is judged by it.
python3 - "$work/corpus" <<'SPLIT'
import json, os, sys
folder = sys.argv[1]
lines = open(os.path.join(folder, "manifest.jsonl")).read().splitlines(keepends=True)
order = sorted(range(len(lines)), key=lambda i: os.path.getsize(os.path.join(folder, json.loads(lines[i])["path"])))
for half in (0, 1):
    chosen = sorted(order[half::2])
    open(os.path.join(folder, f"half-{half + 1}.jsonl"), "w").write("".join(lines[i] for i in chosen))
SPLIT
halves() { # prints "WALL 0": the two halves ingested at once, each by its own --jobs 1 process
  local out start pids=() pid status end
  out=$(mktemp -d "$work/out-XXXX")
  start=$(date +%s.%N)
  for half in 1 2; do
    "$assess" ingest --archive-map "$map" --ref-dir "$schemas" --catalog examples/pipeline/catalog.json \
      --file-alias microphone.json=microphone_levels.json --tolerated examples/pipeline/tolerated.json --required warning \
      --manifest "$work/corpus/half-$half.jsonl" -o "$out/out$half" --jobs 1 >/dev/null 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    status=0; wait "$pid" || status=$?
    # 1 is the bad archives' findings; anything else means a half did not run through, and its time would mislead.
    [ "$status" -le 1 ] || { echo "an ingest of half the archives exited with $status" >&2; exit 1; }
  done
  end=$(date +%s.%N)
  echo "$end $start" | awk '{printf "%.3f 0\n", $1 - $2}'
}
configs="ours1 ours2 halves"; [ -n "${BASELINE:-}" ] && configs="ours1 base1 ours2 base2 halves"
before=$(load)
for _ in $(seq "$runs"); do
  for config in $configs; do
    if [ "$config" = halves ]; then halves >> "$work/times-halves"; continue; fi
    binary=$assess; [ "${config:0:4}" = base ] && binary=$BASELINE
    once "${config: -1}" "$binary" >> "$work/times-$config"
  done
done
after=$(load)
best() { sort -n "$work/times-$1" | head -1; }   # "WALL CPU" of the run with the least wall time
median() { sort -n "$work/times-$1" | awk '{ w[NR] = $1 } END { print w[int((NR + 1) / 2)] }'; }
ratio() { echo "scale=2; $1 / $2" | bc | sed "s/^\./0./"; }
read -r one one_cpu <<< "$(best ours1)"; read -r two two_cpu <<< "$(best ours2)"
one_median=$(median ours1); two_median=$(median ours2)
echo "$runs rounds, load average before: $before, after: $after"
echo "assess ingest --jobs 1: best $one s wall, $one_cpu s CPU ($(echo "scale=1; $count / $one" | bc) archives/s); median $one_median s"
echo "assess ingest --jobs 2: best $two s wall, $two_cpu s CPU; median $two_median s; $(ratio "$one" "$two")x --jobs 1 (best against best), $(ratio "$one_median" "$two_median")x (median against median)"
read -r halves _ <<< "$(best halves)"; halves_median=$(median halves)
echo "two --jobs 1 processes at once, each on half the archives: best $halves s, median $halves_median s: two cores give this work $(ratio "$one" "$halves")x one here (best against best), $(ratio "$one_median" "$halves_median")x (median against median); --jobs 2 takes $(ratio "$two" "$halves")x their wall time (best), $(ratio "$two_median" "$halves_median")x (median)"
if [ -n "${BASELINE:-}" ]; then
  read -r base base_cpu <<< "$(best base1)"; read -r base2 base2_cpu <<< "$(best base2)"
  echo "baseline $BASELINE --jobs 1: best $base s wall, $base_cpu s CPU, median $(median base1) s; assess --jobs 1 takes $(ratio "$one" "$base")x its wall time, $(ratio "$one_cpu" "$base_cpu")x its CPU time"
  echo "baseline $BASELINE --jobs 2: best $base2 s wall, median $(median base2) s; $(ratio "$base" "$base2")x its --jobs 1 (best against best), $(ratio "$(median base1)" "$(median base2)")x (median against median); assess --jobs 2 takes $(ratio "$two" "$base2")x its wall time"
fi
before=$(load)
sage=$("$venv/bin/python" -W ignore Benchmarks/sage-job.py "$bridge/src/glue/jobs/s3_to_json_s3.py" "$bridge/src/glue/resources" \
  "$map" "$schemas" examples/pipeline/catalog.json "$work/corpus/manifest.jsonl" "$work/sage" 2>/dev/null | tail -1)
sage_wall=$(echo "$sage" | sed -E 's/.*"seconds": ([0-9.]+).*/\1/'); sage_cpu=$(echo "$sage" | sed -E 's/.*"cpuSeconds": ([0-9.]+).*/\1/')
echo "Sage's job (its loop only): $sage   load before: $before"
echo "== summary ($count archives; load average now: $(load); $(nproc) cores) =="
echo "per core: assess --jobs 1 is $(ratio "$sage_wall" "$one")x Sage's job by wall time, $(ratio "$sage_cpu" "$one_cpu")x by CPU time (target >= 50x)"
echo "--jobs 2: $(ratio "$one" "$two")x --jobs 1 by wall time, best against best; $(ratio "$one_median" "$two_median")x median against median (target >= 1.7x on an idle 2-core machine)"
echo "this machine's own ceiling for two cores (two processes on halves): $(ratio "$one" "$halves")x best against best, $(ratio "$one_median" "$halves_median")x median against median"
