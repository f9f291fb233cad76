#!/usr/bin/env python3
"""The per-phase table of Benchmarks/profile-ingest.sh: instructions per archive for survey and sensor archives,
from `callgrind_annotate --inclusive=yes` listings (demangled) of five runs: no archive, COUNT and 2 x COUNT
survey archives, COUNT and 2 x COUNT sensor archives.

A phase is the inclusive count of the functions its patterns name (a function the compiler split over several
source files is listed once per file: its largest line is taken). Phases do not nest; "rest" is the total less
them. Each figure is (the kind's 2 x COUNT run - its COUNT run) / COUNT: what one more archive costs. What a
run does once for the kind (its COUNT run - the empty run - COUNT x that) is shown on a line of its own, and the
figure of earlier versions of this table, (the COUNT run - the empty run) / COUNT, which spreads it over COUNT.
Every total leaves out the run's set-up (SETUP), whose count varies from run to run.

Usage: profile-phases.py COUNT EMPTY.txt SURVEY.txt SURVEY2.txt SENSOR.txt SENSOR2.txt
"""
import re
import sys

# (label, [patterns whose functions are summed], indented: a part of the phase above)
PHASES = [
    ("read the archive file", [r"FileBytes\.read\("], False),
    ("zip: directory, inflate, CRC-32", [r"ArchiveZip\.read\("], False),
    # zlib's inflate (builds before our own) or CInflate's; a build calls one of them.
    ("inflate", [r"\?\?\?:inflate \[", r":cinflate \["], True),
    ("CRC-32 (carry-less multiply; zlib for the last bytes)", [r"ccrc32_fold_blocks", r"\?\?\?:crc32_z \["], True),
    ("parse JSON onto tapes", [r"JSONTapeParser\.tape\(", r"JSONTapeParser\.tapeAndLine\("], False),
    ("schema validation (tapes)", [r"Validator\.isValid\(", r"Validator\.validate\("], False),
    ("schema lookup (first use: compile)", [r"SchemaCache\.schema\(for:\)"], False),
    ("trees from tapes (assessmentResult.json, metadata.json)", [r"JSONTape\.value\.getter"], False),
    ("dataset rows (NDJSON splice of each file)", [r"NDJSONLine\.splicing\(", r"NDJSONLine\.treeLine\(", r"CompactJSON\.inserting\("], False),
    ("our own tables (runs, answers, steps, files)",
     [r"OwnTables\.answersAndSteps\(", r"OwnTables\.runs\(", r"OwnTables\.files\(", r"OwnTables\.init\("], False),
    ("decide, wait, commit, ledger", [r"IngestSink\.take\(", r"IngestSink\.finish\("], False),
    ("malloc and free (all phases)", [r":malloc \[", r":free \[", r":_int_free \[", r":_int_malloc \[", r":realloc \["], False),
]
# The run's set-up (schemas, map, catalog; the schema folder is read in parallel, on Dispatch's worker threads too):
# the same work in every run, but its threads share it out and wait for one another by a varying number of
# instructions, which a difference of two runs must not count.
SETUP = [r"VerifySetup\.make\(", r"\?\?\?:_dispatch_worker_thread \["]
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?)(?: \[[^\]]*\])?$")
TOTAL = re.compile(r"^\s*([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS")


def read(path):
    """(total, {"file:function [object]" line text: count})."""
    total, lines = 0, {}
    for text in open(path, encoding="utf-8", errors="replace"):
        found = TOTAL.match(text)
        if found:
            total = int(found.group(1).replace(",", ""))
            continue
        found = re.match(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$", text)
        if found:
            lines[found.group(2).rstrip()] = int(found.group(1).replace(",", ""))
    return total, lines


def phase(lines, patterns):
    """The sum over patterns of each function's largest line (its parts listed under several files)."""
    result = 0
    for pattern in patterns:
        best = {}
        for text, count in lines.items():
            if re.search(pattern, text):
                function = text.split(":", 1)[1] if ":" in text else text
                best[function] = max(best.get(function, 0), count)
        # One function per pattern: its variants (specialized or not) are the same work at different levels.
        result += max(best.values(), default=0)
    return result


def main():
    count = int(sys.argv[1])
    runs = [read(path) for path in sys.argv[2:7]]
    setup = [phase(run[1], SETUP) for run in runs]
    empty, survey, survey2, sensor, sensor2 = ((run[0] - setup[index], run[1]) for index, run in enumerate(runs))
    kinds = [(survey, survey2), (sensor, sensor2)]
    def per_archive(pair, patterns):
        return (phase(pair[1][1], patterns) - phase(pair[0][1], patterns)) / count
    rows = []
    totals = [(pair[1][0] - pair[0][0]) / count for pair in kinds]
    named = [0.0, 0.0]
    for label, patterns, part in PHASES:
        values = [per_archive(pair, patterns) for pair in kinds]
        if not part and not label.startswith("malloc"):
            named = [named[i] + values[i] for i in range(2)]
        rows.append(((" - " if part else "") + label, values))
    rows.append(("rest (loop, duplicate check, report lines, ...)", [totals[i] - named[i] for i in range(2)]))
    width = max(len(label) for label, _ in rows) + 2
    print("%-*s %14s %14s" % (width, "phase (instructions per archive)", "survey", "sensor"))
    for label, values in rows:
        print("%-*s %9.0f K %3.0f%% %9.0f K %3.0f%%" % (width, label, values[0] / 1e3, 100 * values[0] / totals[0],
                                                      values[1] / 1e3, 100 * values[1] / totals[1]))
    print("%-*s %9.0f K      %9.0f K" % (width, "total per archive", totals[0] / 1e3, totals[1] / 1e3))
    once = [pair[0][0] - empty[0] - count * totals[i] for i, pair in enumerate(kinds)]
    print("%-*s %9.1f M      %9.1f M" % (width, "once per run, on the kind's first archive", once[0] / 1e6, once[1] / 1e6))
    print("%-*s %9.0f K      %9.0f K" % (width, "(COUNT run - empty run) / COUNT (older tables)",
                                         (survey[0] - empty[0]) / count / 1e3, (sensor[0] - empty[0]) / count / 1e3))
    print("fixed per run (no archive: process start, exit; set-up of schemas, map, catalog %.1f M apart): %.1f M instructions"
          % (setup[0] / 1e6, empty[0] / 1e6))


if __name__ == "__main__":
    main()
