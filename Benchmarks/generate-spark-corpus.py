#!/usr/bin/env python3
"""Writes the Spark benchmark's corpus: COUNT archives, 90% survey and 10% walk-and-balance archives
(two motion files of 500-8,000 samples), 2% of all truncated, plus manifest.jsonl. Deterministic.
The archives' contents are generate-ingest-corpus.py's.

Usage: generate-spark-corpus.py OUT_DIR COUNT
"""
import importlib.util
import json
import os
import random
import sys

spec = importlib.util.spec_from_file_location("corpus", os.path.join(os.path.dirname(os.path.abspath(__file__)), "generate-ingest-corpus.py"))
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(30)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "manifest.jsonl"), "w") as manifest:
        for index in range(count):
            name = "r%06d.zip" % index
            if index % 10 == 0:
                samples = rng.randint(500, 8000)
                files = [("walk_motion.json", corpus.motion(rng, samples, "walk")), ("balance_motion.json", corpus.motion(rng, samples, "balance"))]
                assessment = "walk-and-balance"
            else:
                files = [("assessmentResult.json", corpus.survey(rng, index))]
                assessment = "health-survey"
            files.append(("metadata.json", corpus.metadata([name for name, _ in files])))
            path = os.path.join(out, name)
            corpus.write(path, files)
            if index % 50 == 7:
                with open(path, "r+b") as archive:
                    archive.truncate(os.path.getsize(path) // 2)
            manifest.write(json.dumps({"path": name, "recordId": "rec%06d" % index, "assessmentId": assessment, "assessmentRevision": 1,
                                       "appId": "mobile-toolbox", "uploadedOn": "2026-02-%02dT10:00:00.000Z" % (index % 28 + 1),
                                       "clientInfo": "bench"}) + "\n")


if __name__ == "__main__":
    main()
