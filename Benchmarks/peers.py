#!/usr/bin/env python3
"""Validation throughput of the PyPI peers on the benchmark corpus: bytes in, verdict out.

Usage: peers.py CORPUS SCHEMA   (run with the git-ignored Benchmarks/.venv that setup-peers.sh makes)
Each document is json.loads()-ed from bytes already in memory and checked with is_valid();
format assertion is on for every peer, as it is for assess.
"""
import json, os, sys, time

def load(folder):
    files = sorted(os.listdir(folder))
    return [open(os.path.join(folder, f), "rb").read() for f in files]

def measure(name, is_valid, docs, minimum_seconds=2.0):
    for d in docs[: min(len(docs), 50)]:
        assert is_valid(json.loads(d)), f"{name}: corpus document invalid"
    rounds, start = 0, time.perf_counter()
    while True:
        for d in docs:
            is_valid(json.loads(d))
        rounds += 1
        elapsed = time.perf_counter() - start
        if elapsed >= minimum_seconds:
            break
    count = rounds * len(docs)
    size = rounds * sum(len(d) for d in docs)
    return count / elapsed, size / elapsed / 1e6

def main():
    corpus, schema_path = sys.argv[1], sys.argv[2]
    schema = json.load(open(schema_path))
    peers = {}
    try:
        import jsonschema_rs
        peers["jsonschema-rs"] = jsonschema_rs.Draft7Validator(schema, validate_formats=True).is_valid
    except ImportError:
        pass
    try:
        import fastjsonschema
        compiled = fastjsonschema.compile(schema)
        def fast_valid(instance):
            try:
                compiled(instance)
                return True
            except fastjsonschema.JsonSchemaException:
                return False
        peers["fastjsonschema"] = fast_valid
    except ImportError:
        pass
    try:
        import jsonschema
        peers["jsonschema"] = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER).is_valid
    except ImportError:
        pass
    for group in ("small", "medium", "large"):
        docs = load(os.path.join(corpus, group))
        for name, is_valid in peers.items():
            budget = 2.0 if name != "jsonschema" else 1.0
            per_second, megabytes = measure(name, is_valid, docs, budget)
            print(f"{group:7} {name:15} {per_second:12.1f} docs/s {megabytes:8.1f} MB/s", flush=True)

if __name__ == "__main__":
    main()
