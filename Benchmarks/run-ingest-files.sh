#!/usr/bin/env bash
# Files and folders `assess ingest` makes for uploads spread over many days: each batch-layout run should
# write about one file per partition folder, whatever its number of commits. Generates a corpus with
# Benchmarks/generate-ingest-corpus.py, spreads its manifest's uploadedOn over DAYS days in shuffled order
# (so every commit touches most partitions, as a backlog of exports does), ingests it with
# `--commit-every COMMIT` and counts the files and partition folders written; with BEFORE (another
# assess binary), the same for it, side by side. Needs ../shared/sage (Sage's map and schemas).
#
# Usage: Benchmarks/run-ingest-files.sh [MOTION_ARCHIVES SURVEY_ARCHIVES DAYS COMMIT [BEFORE]]
set -euo pipefail
cd "$(dirname "$0")/.."
motions="${1:-100}"; surveys="${2:-4000}"; days="${3:-59}"; commit="${4:-130}"; before="${5:-}"
shared=../shared/sage
[ -f "$shared/archive-map.json" ] || { echo "needs $shared (Sage's archive map and schemas)" >&2; exit 3; }
assess="${ASSESS:-$PWD/.build/debug/assess}"
[ -x "$assess" ] || swift build --product assess >/dev/null
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 Benchmarks/generate-ingest-corpus.py "$work/corpus" "$motions" "$surveys" 200
python3 - "$work/corpus/manifest.jsonl" "$days" <<'PY'
import datetime, json, random, sys
path, days = sys.argv[1], int(sys.argv[2])
rng = random.Random(59)
lines = [json.loads(line) for line in open(path)]
start = datetime.datetime(2026, 1, 1, 10)
for line in lines:
    line["uploadedOn"] = (start + datetime.timedelta(days=rng.randrange(days), seconds=rng.randrange(86400))).strftime("%Y-%m-%dT%H:%M:%S.000Z")
rng.shuffle(lines)
with open(path, "w") as out:
    out.write("".join(json.dumps(line) + "\n" for line in lines))
PY
count() { # binary label
  local out="$work/out-$2"
  "$1" ingest --archive-map "$shared/archive-map.json" --ref-dir "$shared/schemas" --manifest "$work/corpus/manifest.jsonl" \
    -o "$out" --commit-every "$commit" --jobs 2 >/dev/null || true
  local files folders metadata
  files=$(find "$out" -path "$out/_assess" -prune -o -type f -name '*.ndjson' -print | grep -vc '/assess_rejected/' || true)
  folders=$(find "$out" -type d -name 'day=*' | wc -l)
  metadata=$(find "$out/dataset=ArchiveMetadata" -type f 2>/dev/null | wc -l)
  echo "$2: $files files in $folders partition folders ($metadata ArchiveMetadata files)"
  rm -rf "$out"
}
echo "corpus: $motions motion + $surveys survey archives over $days days, shuffled; --commit-every $commit; load: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -n "$before" ] && count "$before" before
count "$assess" after
