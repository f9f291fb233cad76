#!/usr/bin/env python3
"""Writes a --ref-dir benchmark folder: 682 draft-07 schema files (~20 MB) with $ids and cross-references.

usage: Benchmarks/generate-refdir.py [OUT_DIR]   (default /tmp/assess-refdir; prints what it wrote)

The files come in 62 groups of 11 (groupN/sM.json). Each schema has a root $id, plain-name anchors
("$id": "#dK"), an embedded resource with its own absolute $id, and references to other files of its
group by relative URI, by anchor and by the embedded $id, so compiling one schema reaches its group's
eleven files and no others. `instance.json` is valid against group0/s0.json; `invalid.json` is not.
Deterministic: the same folder every time.
"""
import json
import os
import random
import sys

GROUPS, PER_GROUP = 62, 11
BASE = "https://bench.example/refdir/"
WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar "
         "papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()


def sentence(rng, words):
    return " ".join(rng.choice(WORDS) for _ in range(words))


def definition(rng, k):
    properties = {
        f"f{n}": rng.choice([
            {"type": "string", "maxLength": 200, "description": sentence(rng, 12)},
            {"type": "integer", "minimum": 0, "maximum": 10_000},
            {"type": "string", "enum": [sentence(rng, 2) for _ in range(8)]},
            {"type": "string", "pattern": "^[a-z]{2,8}-[0-9]{1,4}$"},
            {"type": "array", "items": {"type": "number"}, "maxItems": 50},
        ])
        for n in range(14)
    }
    return {"$id": f"#d{k}", "type": "object", "description": sentence(rng, 20), "properties": properties,
            # A value that merely looks like a schema: its "$id" must not be registered.
            "default": {"$id": f"{BASE}not-a-resource-{k}.json", "note": sentence(rng, 6)}}


def schema(rng, group, index):
    siblings = [m for m in range(PER_GROUP) if m != index]
    refs = rng.sample(siblings, 3)
    definitions = {f"d{k}": definition(rng, k) for k in range(10)}
    definitions["embedded"] = {"$id": f"{BASE}group{group}/s{index}-embedded.json",
                               "type": "string", "pattern": "^[A-Z][a-z]+$", "description": sentence(rng, 10)}
    properties = {
        "id": {"type": "string", "format": "uuid", "pattern": "^[0-9a-f-]{36}$"},
        "name": {"$ref": f"s{refs[0]}-embedded.json"},
        "main": {"$ref": f"s{refs[0]}.json#/definitions/d{rng.randrange(10)}"},
        "other": {"$ref": f"s{refs[1]}.json#d{rng.randrange(10)}"},
        "list": {"type": "array", "items": {"$ref": f"{BASE}group{group}/s{refs[2]}.json#/definitions/d{rng.randrange(10)}"}},
        "local": {"$ref": f"#/definitions/d{rng.randrange(10)}"},
    }
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": f"{BASE}group{group}/s{index}.json",
            "title": f"Group {group} schema {index}", "description": sentence(rng, 30), "type": "object",
            "properties": properties, "required": ["id", "name"], "definitions": definitions}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/assess-refdir"
    rng = random.Random(682)
    total = 0
    for group in range(GROUPS):
        folder = os.path.join(out, "schemas", f"group{group}")
        os.makedirs(folder, exist_ok=True)
        for index in range(PER_GROUP):
            text = json.dumps(schema(rng, group, index), indent=2)
            with open(os.path.join(folder, f"s{index}.json"), "w") as handle:
                handle.write(text)
            total += len(text)
    with open(os.path.join(out, "instance.json"), "w") as handle:
        json.dump({"id": "0f8fad5b-d9cb-469f-a165-70867728950e", "name": "Alice", "main": {}, "other": {}, "list": [{}, {}]}, handle)
    with open(os.path.join(out, "invalid.json"), "w") as handle:
        json.dump({"id": "0f8fad5b-d9cb-469f-a165-70867728950e", "name": "alice", "list": [{"f0": 1.5}]}, handle)
    print(f"{out}/schemas: {GROUPS * PER_GROUP} schema files, {total / 1e6:.1f} MB; "
          f"schema {BASE}group0/s0.json, instances {out}/instance.json and {out}/invalid.json")


if __name__ == "__main__":
    main()
