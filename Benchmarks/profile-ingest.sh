#!/usr/bin/env bash
# Where `assess ingest --jobs 1` spends its work on the realistic mix (Benchmarks/run-mix.sh's corpus), per
# archive and per phase: instruction counts from valgrind's callgrind (installed with apt-get when missing),
# which do not depend on the machine's load. Three runs on the same options as run-mix.sh: no archive (the
# process's fixed work: schemas, map, catalog), ARCHIVES good survey archives, ARCHIVES good sensor archives;
# each kind's figures are (its run - the empty run) / ARCHIVES. A phase is the inclusive count of the
# functions named in Benchmarks/profile-phases.py; "rest" is what no phase holds (the loop, the duplicate
# check, the report line, malloc outside the phases, ...).
#
# Usage: [ASSESS=BINARY] Benchmarks/profile-ingest.sh [ARCHIVES]   (default 40 of each kind; a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-40}"
map=../shared/bridgedownstream/archive-map.json; schemas=../shared/sage/schemas
sample=../shared/bridgedownstream/OCJByUtSrVTYtqObYp7XZV_J-mtbSpelling.zip
[ -f "$map" ] && [ -d "$schemas" ] && [ -f "$sample" ] || { echo "needs ../shared/bridgedownstream and ../shared/sage" >&2; exit 3; }
if ! command -v valgrind >/dev/null; then apt-get install -y -q valgrind >/dev/null; fi
if [ -z "${ASSESS:-}" ]; then swift build -c release --product assess >/dev/null; fi
assess="${ASSESS:-$PWD/.build/release/assess}"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# A copy without debug information: valgrind 3.19 gives up on the DWARF 5 that clang writes for C targets
# (CInflate). Functions keep their symbols, so the phases are found as before.
objcopy --strip-debug "$assess" "$work/assess" && assess="$work/assess"
# Enough archives that ARCHIVES of each kind are good (one in 50 is bad, and the one two after it reuses its ids).
python3 Benchmarks/generate-mix-corpus.py "$work/corpus" $((count * 2 + count / 10 + 10)) "$sample" >/dev/null
python3 - "$work/corpus" "$count" <<'EOF'
import json, sys
folder, count = sys.argv[1], int(sys.argv[2])
lines = [json.loads(line) for line in open(folder + "/manifest.jsonl")]
good = [i for i in range(len(lines)) if i % 50 != 17 and (i - 2) % 50 != 17]
for kind, parity in (("survey", 0), ("sensor", 1)):
    with open("%s/%s.jsonl" % (folder, kind), "w") as out:
        for i in [i for i in good if i % 2 == parity][:count]:
            out.write(json.dumps(lines[i]) + "\n")
open(folder + "/empty.jsonl", "w").close()
EOF
for kind in empty survey sensor; do
  rm -rf "$work/out"
  valgrind --tool=callgrind --callgrind-out-file="$work/$kind.out" "$assess" ingest --archive-map "$map" --ref-dir "$schemas" \
    --catalog examples/pipeline/catalog.json --file-alias microphone.json=microphone_levels.json --tolerated examples/pipeline/tolerated.json \
    --required warning --manifest "$work/corpus/$kind.jsonl" -o "$work/out" --jobs 1 >/dev/null 2>"$work/$kind.log" || true
  callgrind_annotate --inclusive=yes --threshold=100 "$work/$kind.out" 2>/dev/null | swift demangle --simplified > "$work/$kind.txt"
done
echo "instructions per archive (callgrind, assess ingest --jobs 1, $count archives of each kind; $(uname -m))"
python3 Benchmarks/profile-phases.py "$count" "$work/empty.txt" "$work/survey.txt" "$work/sensor.txt"
