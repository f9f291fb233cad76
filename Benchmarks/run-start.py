#!/usr/bin/env python3
"""Process start and ingest set-up: `assess --version`, and `assess ingest` of an empty manifest with the mix
benchmark's options (Sage's map and schemas, the example catalog, tolerated errors and file alias), each timed
from process start to exit, for two binaries in interleaved rounds (so a slow spell of a shared machine falls on
both). Prints the median and the best of each, in milliseconds, with the load average before and after.

Usage: Benchmarks/run-start.py BINARY BASELINE [ROUNDS]   (default 100 rounds; run from anywhere)
Needs ../shared (Sage's map and schemas) beside the repository.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binaries = {"ours": os.path.abspath(sys.argv[1]), "base": os.path.abspath(sys.argv[2])}
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 100
work = tempfile.mkdtemp()
manifest = os.path.join(work, "manifest.jsonl")
open(manifest, "w").close()
ingest = ["ingest", "--archive-map", "../shared/bridgedownstream/archive-map.json", "--ref-dir", "../shared/sage/schemas",
          "--catalog", "examples/pipeline/catalog.json", "--file-alias", "microphone.json=microphone_levels.json",
          "--tolerated", "examples/pipeline/tolerated.json", "--required", "warning", "--manifest", manifest, "--jobs", "1"]


def once(binary, arguments):
    """Wall seconds of one run (its output folder is new each time and removed after)."""
    out = tempfile.mkdtemp(dir=work)
    extra = ["-o", os.path.join(out, "out")] if arguments[0] == "ingest" else []
    start = time.perf_counter()
    subprocess.run([binary] + arguments + extra, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    subprocess.run(["rm", "-rf", out])
    return elapsed


def load():
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


times = {(name, command): [] for name in binaries for command in ("version", "ingest")}
before = load()
for _ in range(rounds):
    for command, arguments in (("version", ["--version"]), ("ingest", ingest)):
        for name, binary in binaries.items():
            times[(name, command)].append(once(binary, arguments))
after = load()
subprocess.run(["rm", "-rf", work])
print(f"{rounds} interleaved rounds; load average {before} before, {after} after")
for command in ("version", "ingest"):
    for name, binary in binaries.items():
        values = times[(name, command)]
        print(f"{command:8} {name} {binary}: median {statistics.median(values) * 1000:.2f} ms, best {min(values) * 1000:.2f} ms")
