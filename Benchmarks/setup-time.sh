#!/usr/bin/env bash
# The time `assess ingest` takes before it reads its first archive: an ingest of an empty manifest, with the
# options of Benchmarks/run-mix.sh (Sage's test map and schema folder, the example catalog, tolerated errors and
# file alias), from process start to exit. This part runs on one core whatever --jobs says, so it is what keeps
# `--jobs 2` from twice `--jobs 1` on a short batch. With BASELINE=BINARY (e.g. main's release build) both
# binaries are timed in interleaved runs (ours, then the baseline's), so both see the same load. Prints the
# median and the best of RUNS runs each (default 60), in milliseconds, with the load average before and after.
#
# Each run is started with posix_spawn from one Python process and writes into a new output folder under one
# `mktemp -d` (TMPDIR chooses the file system). Needs ../shared (Sage's map and schemas).
# Usage: [TMPDIR=FOLDER] [ASSESS=BINARY] [BASELINE=BINARY] [RUNS=N] Benchmarks/setup-time.sh
set -euo pipefail
cd "$(dirname "$0")/.."
map=../shared/bridgedownstream/archive-map.json; schemas=../shared/sage/schemas
[ -f "$map" ] && [ -d "$schemas" ] || { echo "needs ../shared/bridgedownstream and ../shared/sage" >&2; exit 3; }
if [ -z "${ASSESS:-}" ]; then swift build -c release --product assess >/dev/null; fi
assess="${ASSESS:-$PWD/.build/release/assess}"   # ASSESS=BINARY: a release build made before
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
: > "$work/manifest.jsonl"
python3 - "$work" "${RUNS:-60}" "$assess" ${BASELINE:+"$BASELINE"} <<'EOF'
import os, statistics, subprocess, sys, time
work, runs, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
options = ["ingest", "--archive-map", "../shared/bridgedownstream/archive-map.json", "--ref-dir", "../shared/sage/schemas",
           "--catalog", "examples/pipeline/catalog.json", "--file-alias", "microphone.json=microphone_levels.json",
           "--tolerated", "examples/pipeline/tolerated.json", "--required", "warning", "--manifest", work + "/manifest.jsonl", "--jobs", "1"]
null = os.open(os.devnull, os.O_WRONLY)
def once(binary, out):
    start = time.perf_counter_ns()
    pid = os.posix_spawn(binary, [binary] + options + ["-o", out], os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
    _, status = os.waitpid(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    if os.waitstatus_to_exitcode(status) != 0: sys.exit("%s exited with %d" % (binary, os.waitstatus_to_exitcode(status)))
    subprocess.run(["rm", "-rf", out])
    return elapsed
load = lambda: open("/proc/loadavg").read().split()[:3]
print("load before:", *load())
for binary in binaries: once(binary, work + "/warm")   # page cache
times = {binary: [] for binary in binaries}
for run in range(runs):
    for binary in binaries: times[binary].append(once(binary, "%s/out-%d" % (work, run)))
after = load()
for name, binary in zip(["assess", "baseline"], binaries):
    print("%-8s median %6.2f ms  best %6.2f ms  (%d runs) %s" % (name, statistics.median(times[binary]), min(times[binary]), runs, binary))
print("load after:", *after)
EOF
