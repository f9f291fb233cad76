#!/usr/bin/env python3
"""Writes a realistic mix for the ingest benchmark: half survey archives of ~1 KB (assessmentResult.json and
metadata.json, as `assess run --archive` writes them), half sensor archives shaped like Sage's real Mobile
Toolbox archive (../shared/bridgedownstream: its files, with a motion.json of a varying number of samples so
that the median archive is ~22 KB), and ~2% bad uploads of several kinds: a truncated zip, an HTML error page,
invalid JSON in a mapped file, a motion sample Sage rejects (sensor type rotationVector), a re-used record id
and a re-used taskRunUUID. Writes manifest.jsonl (Sage's test record fields for the sensor archives).

Usage: generate-mix-corpus.py OUT_DIR ARCHIVES [SAMPLE_ARCHIVE]   (deterministic)
"""
import io
import json
import os
import random
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
corpus = __import__("generate-ingest-corpus")

SAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../shared/bridgedownstream/OCJByUtSrVTYtqObYp7XZV_J-mtbSpelling.zip")
SAMPLE_RUN = b"7D0759C1-DE3D-4B88-9507-77FF3180649B"
BAD_KINDS = ["truncated", "html", "bad-json", "rotation-vector", "same-record", "same-run"]


def sensor_files(template, rng, index):
    """The sample archive's files, with a motion.json of a log-normal number of samples (median ~850)."""
    samples = max(4, int(rng.lognormvariate(6.75, 0.5)))
    steps = corpus.motion(rng, samples, "MTB Spelling Form 1")
    task = json.loads(template["taskData.json"])
    run = ("7D0759C1-0000-4000-8000-%012d" % index).encode()
    task["taskRunUUID"] = run.decode()
    # Each archive its own run in every file that names it (metadata.json and taskResult.json too), as
    # in real uploads: with the sample's run in all of them every sensor archive but the first is a duplicate.
    files = {name: data.replace(SAMPLE_RUN, run) for name, data in template.items()}
    files["motion.json"] = json.dumps(steps, indent=2).encode()
    files["taskData.json"] = json.dumps(task).encode()
    return files


def survey_files(rng, index):
    result = corpus.survey(rng, index)
    return {"assessmentResult.json": json.dumps(result).encode(),
            "metadata.json": json.dumps(corpus.metadata(["assessmentResult.json"])).encode()}


def zipped(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in files.items():
            out.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 2, 3, 4, 5)), data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def spoil(kind, files, data, index):
    """The bytes of a bad upload of `kind` (None: the archive is fine, the manifest line is what is bad)."""
    if kind == "truncated":
        return data[:len(data) // 3]
    if kind == "html":
        return b"<html><head><title>502 Bad Gateway</title></head><body>502 Bad Gateway</body></html>\n"
    if kind == "bad-json":
        name = "motion.json" if "motion.json" in files else "assessmentResult.json"
        return zipped({**files, name: files[name][:-7]})
    if kind == "rotation-vector":
        if "motion.json" not in files:
            return zipped({**files, "assessmentResult.json": files["assessmentResult.json"].replace(b'"taskRunUUID"', b'"taskRunUUID": 7, "x"', 1)})
        return zipped({**files, "motion.json": files["motion.json"].replace(b'"gyro"', b'"rotationVector"', 1)})
    if kind == "same-run":
        return zipped({name: data.replace(b"-%012d" % index, b"-%012d" % (index - 2)) for name, data in files.items()})
    return None


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    sample = sys.argv[3] if len(sys.argv) > 3 else SAMPLE
    with zipfile.ZipFile(sample) as archive:
        template = {name: archive.read(name) for name in archive.namelist()}
    record = {"assessmentId": "spelling", "assessmentRevision": "5", "appId": "mobile-toolbox",
              "clientInfo": "ClientInfo [appName=MobileToolboxApp, appVersion=73, deviceName=iPhone 7 Plus, osName=iPhone OS]"}
    rng = random.Random(32)
    os.makedirs(out, exist_ok=True)
    sizes, bad = [], {}
    with open(os.path.join(out, "manifest.jsonl"), "w") as manifest:
        for index in range(count):
            sensor = index % 2 == 1
            files = sensor_files(template, rng, index) if sensor else survey_files(rng, index)
            data = zipped(files)
            kind = BAD_KINDS[(index // 50) % len(BAD_KINDS)] if index % 50 == 17 else None
            recordId = "rec%06d" % index
            if kind:
                bad[kind] = bad.get(kind, 0) + 1
                spoiled = spoil(kind, files, data, index)
                data = spoiled if spoiled is not None else data
                if kind == "same-record":
                    recordId = "rec%06d" % (index - 2)
            name = "u%06d.zip" % index
            with open(os.path.join(out, name), "wb") as archive:
                archive.write(data)
            sizes.append(len(data))
            line = {"path": name, "recordId": recordId, "uploadedOn": "2026-02-%02dT10:00:00.000Z" % (index % 28 + 1)}
            line.update(record if sensor else {"assessmentId": "health-survey", "assessmentRevision": 1, "appId": "mobile-toolbox", "clientInfo": "bench"})
            manifest.write(json.dumps(line) + "\n")
    def median(values):
        return sorted(values)[len(values) // 2] if values else 0
    print(json.dumps({"archives": count, "bad": bad, "medianSensorBytes": median(sizes[1::2]), "medianSurveyBytes": median(sizes[0::2])}))


if __name__ == "__main__":
    main()
