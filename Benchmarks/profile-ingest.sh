#!/usr/bin/env bash
# Where `assess ingest --jobs 1` spends its work on the realistic mix (Benchmarks/run-mix.sh's corpus), per
# archive and per phase: instruction counts from valgrind's callgrind (installed with apt-get when missing),
# which do not depend on the machine's load. Five runs on the same options as run-mix.sh: no archive (the
# process's fixed work: schemas, map, catalog), ARCHIVES and 2 x ARCHIVES good survey archives, the same for
# sensor archives. A kind's figure per archive is (its 2 x ARCHIVES run - its ARCHIVES run) / ARCHIVES: what one
# more archive costs, without the work a run does once on the kind's first archive (compiling its schemas, the
# Swift runtime's first look-ups of types and conformances), which is shown on its own line. A phase is the
# inclusive count of the functions named in Benchmarks/profile-phases.py; "rest" is what no phase holds (the
# loop, the duplicate check, the report line, malloc outside the phases, ...).
#
# Usage: [ASSESS=BINARY] [KEEP=FOLDER] Benchmarks/profile-ingest.sh [ARCHIVES]   (default 40 of each kind; a release
# build). KEEP keeps each run's callgrind output and annotated listing there (KIND.out, KIND.txt) for a closer look.
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
# Enough archives that 2 x ARCHIVES of each kind are good (one in 50 is bad, and the one two after it reuses its ids).
python3 Benchmarks/generate-mix-corpus.py "$work/corpus" $((count * 4 + count / 5 + 10)) "$sample" >/dev/null
python3 - "$work/corpus" "$count" <<'EOF'
import json, os, sys
folder, count = sys.argv[1], int(sys.argv[2])
lines = [json.loads(line) for line in open(folder + "/manifest.jsonl")]
good = [i for i in range(len(lines)) if i % 50 != 17 and (i - 2) % 50 != 17]
for kind, parity in (("survey", 0), ("sensor", 1)):
    chosen = [i for i in good if i % 2 == parity][:2 * count]
    # The smaller run takes one archive of each pair of neighbours in size (alternately the smaller and the
    # larger) of the larger run: the archives the larger run adds are like those of the smaller one.
    size = lambda i: os.path.getsize(os.path.join(folder, lines[i]["path"]))
    ordered = sorted(chosen, key=size)
    half = [ordered[2 * k + (k % 2)] for k in range(len(ordered) // 2)]
    for name, part in ((kind, sorted(half)), (kind + "2", chosen)):
        with open("%s/%s.jsonl" % (folder, name), "w") as out:
            for i in part:
                out.write(json.dumps(lines[i]) + "\n")
open(folder + "/empty.jsonl", "w").close()
EOF
for kind in empty survey survey2 sensor sensor2; do
  rm -rf "$work/out"
  valgrind --tool=callgrind --callgrind-out-file="$work/$kind.out" "$assess" ingest --archive-map "$map" --ref-dir "$schemas" \
    --catalog examples/pipeline/catalog.json --file-alias microphone.json=microphone_levels.json --tolerated examples/pipeline/tolerated.json \
    --required warning --manifest "$work/corpus/$kind.jsonl" -o "$work/out" --jobs 1 >/dev/null 2>"$work/$kind.log" || true
  callgrind_annotate --inclusive=yes --threshold=100 "$work/$kind.out" 2>/dev/null | swift demangle --simplified > "$work/$kind.txt"
done
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work"/{empty,survey,survey2,sensor,sensor2}.{out,txt} "$KEEP"/; fi
echo "instructions per archive (callgrind, assess ingest --jobs 1, $count archives of each kind; $(uname -m))"
python3 Benchmarks/profile-phases.py "$count" "$work"/{empty,survey,survey2,sensor,sensor2}.txt
