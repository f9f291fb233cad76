#!/usr/bin/env bash
# The Spark job at scale (not a CI test): COUNT generated archives (default 20,000) with a mix like real
# uploads: 90% survey archives (Sage's AssessmentResultObject v2), 10% walk-and-balance archives with two
# motion files of 500-8,000 samples (≈ 40 KB-600 KB zipped), 2% of all truncated (unreadable zips).
# Runs `assess ingest --jobs 2` and the job in local[2] (DRIVER_MEMORY, default 2g, the docs' setting) on
# the same corpus, Sage's map and schemas; prints wall time, peak memory (the sum of the RSS of every
# process of the run, sampled every 0.5 s: JVM, Python workers, assess) and rows per table for both.
# Usage: [ASSESS=release-binary] Benchmarks/run-spark.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-20000}"
shared=../shared/sage
[ -f "$shared/archive-map.json" ] || { echo "needs $shared (Sage's archive map and schemas)" >&2; exit 3; }
# ASSESS: a release binary already built (e.g. by integrations/spark/package-assess.sh); else built here.
assess="${ASSESS:-}"
if [ -z "$assess" ]; then swift build -c release --product assess >/dev/null; assess="$PWD/.build/release/assess"; fi
integrations/spark/setup-venv.sh
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 Benchmarks/generate-spark-corpus.py "$work/corpus" "$count"
echo "corpus: $count archives, $(du -sh "$work/corpus" | cut -f1); load: $(cut -d' ' -f1-3 /proc/loadavg)"
measure() { # label, command...: runs it in its own session; prints wall seconds and peak summed RSS
  local label=$1 start peak=0 rss pid
  shift
  start=$(date +%s.%N)
  setsid "$@" >"$work/$label.out" 2>"$work/$label.err" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(ps -o rss= -s "$pid" 2>/dev/null | awk '{s += $1} END {print s + 0}')
    [ "$rss" -gt "$peak" ] && peak=$rss
    sleep 0.5
  done
  wait "$pid" || echo "$label exited with status $?"
  echo "$label: $(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f') s wall, peak memory $((peak / 1024)) MB"
}
measure ingest "$assess" ingest --archive-map "$shared/archive-map.json" --ref-dir "$shared/schemas" \
  --manifest "$work/corpus/manifest.jsonl" -o "$work/ndjson" --jobs 2
echo "  $(tail -1 "$work/ingest.out")"
# Rows as Spark reads them: a line holding an array (a file of samples) is a row per element.
integrations/spark/.venv/bin/python -c 'import sys; sys.path.insert(0, "integrations/spark")
from spark_test_corpus import ndjson_tables
for table, rows in sorted(ndjson_tables(sys.argv[1]).items()):
    print("  %s: %d rows" % (table, len(rows)))' "$work/ndjson"
measure spark integrations/spark/.venv/bin/spark-submit --master "local[2]" --driver-memory "${DRIVER_MEMORY:-2g}" \
  integrations/spark/assess_ingest_job.py --archives "$work/corpus" --archive-map "$shared/archive-map.json" \
  --ref-dir "$shared/schemas" --manifest "$work/corpus/manifest.jsonl" --assess "$assess" --output "$work/lake"
grep '^{"summary"' "$work/spark.out" | python3 -c 'import json, sys
s = json.load(sys.stdin)["summary"]
print("  " + json.dumps({k: v for k, v in s.items() if k != "tables"}))
for table, entry in s["tables"].items():
    print("  %s: %d rows in %d files" % (table, entry["rows"], entry["files"]))' || tail -20 "$work/spark.err"
