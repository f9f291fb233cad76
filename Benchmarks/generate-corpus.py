#!/usr/bin/env python3
"""Writes the validation benchmark corpus: survey-like JSON documents of three sizes.

Usage: generate-corpus.py OUTDIR   (deterministic: the same files every time)
  small/  3,000 documents of about 2 KB
  medium/   100 documents of about 200 KB
  large/      1 document of about 20 MB
"""
import json, os, random, sys

def step(rng, index):
    kind = rng.choice(["instruction", "simpleQuestion", "choiceQuestion", "choiceQuestion"])
    ident = f"step{index}"
    node = {"type": kind, "identifier": ident, "title": f"Question number {index}",
            "detail": "Please answer as accurately as you can. " * rng.randint(0, 2)}
    if kind == "choiceQuestion":
        node["baseType"] = "integer"
        node["singleChoice"] = rng.random() < 0.7
        node["choices"] = [{"value": v, "text": f"Option {v}"} for v in range(1, rng.randint(3, 6))]
        node["surveyRules"] = [{"matchingAnswer": 1, "skipToIdentifier": f"step{index + 2}", "ruleOperator": "eq"}]
    elif kind == "simpleQuestion":
        node["inputItem"] = {"type": "integer", "placeholder": "0-100",
                             "formatOptions": {"minimumValue": 0, "maximumValue": 100}}
    if rng.random() < 0.2:
        node["shouldHideActions"] = ["skip"]
    return node

def document(rng, steps):
    return {"$schema": "https://example.com/bench/survey-bench.schema.json", "type": "assessment",
            "identifier": "survey", "versionString": "1.2.3", "createdOn": "2026-01-02T03:04:05.678+00:00",
            "estimatedMinutes": 5, "title": "Benchmark survey", "shouldHideActions": ["pause"],
            "steps": [step(rng, i) for i in range(steps)]}

def write(folder, name, doc):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w") as f:
        json.dump(doc, f, indent=1)

def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "corpus"
    rng = random.Random(7)
    for i in range(3000):
        write(os.path.join(out, "small"), f"s{i:04}.json", document(rng, 6))
    for i in range(100):
        write(os.path.join(out, "medium"), f"m{i:03}.json", document(rng, 520))
    write(os.path.join(out, "large"), "large.json", document(rng, 51000))

if __name__ == "__main__":
    main()
