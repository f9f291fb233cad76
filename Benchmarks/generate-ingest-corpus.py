#!/usr/bin/env python3
"""Writes a corpus for the ingest benchmark: walk-and-balance archives with two motion files of SAMPLES
samples each (Sage's MotionRecord v2), and survey archives (assessmentResult.json, Sage's
AssessmentResultObject v2), each with metadata.json (ArchiveMetadata v2), plus manifest.jsonl.

Usage: generate-ingest-corpus.py OUT_DIR MOTION_ARCHIVES SURVEY_ARCHIVES [SAMPLES]   (deterministic)
"""
import json
import os
import random
import sys
import zipfile

SENSORS = ["accelerometer", "gyro", "magnetometer", "userAcceleration"]


def stamp(second):
    return "2026-01-02T03:%02d:%02d.000+00:00" % (second // 60 % 60, second % 60)


def metadata(names):
    return {"appName": "MobileToolbox", "appVersion": "2.0", "deviceInfo": "iPhone14,2", "deviceTypeIdentifier": "iPhone",
            "files": [{"filename": name, "timestamp": stamp(9), "contentType": "application/json"} for name in names]}


def motion(rng, samples, step):
    return [{"uptime": 1000.0 + i * 0.01, "timestamp": i * 0.01, "stepPath": step, "sensorType": SENSORS[i % 4],
             "x": round(rng.uniform(-1, 1), 6), "y": round(rng.uniform(-1, 1), 6), "z": round(rng.uniform(-1, 1), 6)}
            for i in range(samples)]


def survey(rng, index):
    history = []
    for q in range(12):
        kind, value = [("integer", rng.randint(0, 10)), ("string", "answer %d" % rng.randint(0, 99)), ("boolean", rng.random() < 0.5)][q % 3]
        history.append({"type": "answer", "identifier": "q%d" % q, "startDate": stamp(q), "endDate": stamp(q + 1),
                        "answerType": {"type": kind}, "value": value})
    return {"type": "assessment", "identifier": "health-survey", "startDate": stamp(0), "endDate": stamp(20),
            "taskRunUUID": "6F2A1A52-0000-4000-9000-%012d" % index, "stepHistory": history}


def write(path, files):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, value in files:
            out.writestr(name, json.dumps(value))


def main():
    out, motions, surveys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    samples = int(sys.argv[4]) if len(sys.argv) > 4 else 20000
    rng = random.Random(18)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "manifest.jsonl"), "w") as manifest:
        for index in range(motions + surveys):
            name = "r%06d.zip" % index
            if index < motions:
                files = [("walk_motion.json", motion(rng, samples, "walk")), ("balance_motion.json", motion(rng, samples, "balance"))]
                assessment = "walk-and-balance"
            else:
                files = [("assessmentResult.json", survey(rng, index))]
                assessment = "health-survey"
            files.append(("metadata.json", metadata([name for name, _ in files])))
            write(os.path.join(out, name), files)
            manifest.write(json.dumps({"path": name, "recordId": "rec%06d" % index, "assessmentId": assessment, "assessmentRevision": 1,
                                       "appId": "mobile-toolbox", "uploadedOn": "2026-02-%02dT10:00:00.000Z" % (index % 28 + 1),
                                       "clientInfo": "bench"}) + "\n")


if __name__ == "__main__":
    main()
