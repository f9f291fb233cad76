#!/usr/bin/env python3
"""assess against simdjson, orjson and jsonschema-rs on the same corpus files, in one run.

Usage: parse-peers.py CORPUS SCHEMA ASSESS_BENCH [ROUNDS]   (with Benchmarks/.venv: setup-peers.sh)
Bytes already in memory, every figure the best of several timings (the machine may be busy):
  parse:    assess-bench parse (bytes -> JSONTape: one JSONTapeParser reusing its tape memory, and
            a fresh tape per document), pysimdjson Parser.parse (simdjson's tape; the
            Python call included), orjson.loads (builds Python objects)
  validate: assess-bench validate (parse + isValid), jsonschema-rs is_valid(orjson.loads(bytes)),
            format assertion on for both
ROUNDS (default 2) alternates assess and the peers that many times and keeps each one's best, so
a burst of load on the shared machine does not favour either side. Prints MB/s and our ratio to each.
"""
import json, os, subprocess, sys, time

GROUPS = ("small", "medium", "large")

def load(folder):
    return [open(os.path.join(folder, f), "rb").read() for f in sorted(os.listdir(folder))]

def best_rate(body, docs, repeats=3, seconds=0.5):
    """Best MB/s of `repeats` timings, each at least `seconds` of whole passes over docs."""
    size, best = sum(len(d) for d in docs), 0.0
    for _ in range(repeats):
        rounds, start = 0, time.perf_counter()
        while True:
            for d in docs:
                body(d)
            rounds += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        best = max(best, rounds * size / elapsed / 1e6)
    return best

def assess(bench, mode, corpus, schema):
    """MB/s per group from `assess-bench parse|validate` (best of 5 inside)."""
    args = [bench, mode, corpus] + ([schema] if mode == "validate" else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    rates = {}
    for line in out.splitlines():
        fields = line.split()
        label = " (fresh tape)" if "fresh" in fields else ""
        rates[(fields[0], label)] = float(fields[fields.index("MB/s") - 1])
    return rates

def main():
    corpus, schema_path, bench = sys.argv[1], sys.argv[2], sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    import orjson, simdjson, jsonschema_rs
    validator = jsonschema_rs.Draft7Validator(json.load(open(schema_path)), validate_formats=True)
    parser = simdjson.Parser()
    peers = {
        "simdjson": lambda d: parser.parse(d),
        "orjson": orjson.loads,
        "jsonschema-rs": lambda d: validator.is_valid(orjson.loads(d)),
    }
    docs = {group: load(os.path.join(corpus, group)) for group in GROUPS}
    for group in GROUPS:
        assert all(validator.is_valid(orjson.loads(d)) for d in docs[group][:50]), f"{group}: invalid document"
    best = {}
    def keep(key, value):
        best[key] = max(best.get(key, 0.0), value)
    for _ in range(rounds):
        for mode in ("parse", "validate"):
            for (group, label), rate in assess(bench, mode, corpus, schema_path).items():
                keep(("assess " + mode + label, group), rate)
        for name, body in peers.items():
            for group in GROUPS:
                keep((name, group), best_rate(body, docs[group]))
    sizes = {group: sum(len(d) for d in docs[group]) / len(docs[group]) for group in GROUPS}
    print(f"{'MB/s (best of ' + str(rounds) + ' rounds)':32}" + "".join(f"{g} (~{sizes[g] / 1e3:,.0f} KB)".rjust(20) for g in GROUPS))
    for name in ("assess parse", "assess parse (fresh tape)", "simdjson", "orjson", "assess validate", "jsonschema-rs"):
        print(f"{name:32}" + "".join(f"{best[(name, g)]:20.1f}" for g in GROUPS))
    print("ratios (assess / peer)")
    for ours, peer in (("assess parse", "simdjson"), ("assess parse", "orjson"), ("assess validate", "jsonschema-rs")):
        print(f"{ours + ' / ' + peer:32}" + "".join(f"{best[(ours, g)] / best[(peer, g)]:19.2f}x" for g in GROUPS))

if __name__ == "__main__":
    main()
