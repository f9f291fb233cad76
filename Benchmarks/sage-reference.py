#!/usr/bin/env python3
"""A Python reference doing what Sage's ingestion job does per archive, for the ingest benchmark:
zipfile; for every file a schema by Sage's lookup order (metadata.json jsonSchema, the assessment entry
with the nearest revision not above the record's, the app's default/anyOf, the map's anyOf); json.load
and python-jsonschema validation per file (a validator built per file, as their job does); then every
file written as one NDJSON line with the partition fields and recordid inserted, under
dataset=…/assessmentid=…/year=…/month=…/day=…/RECORDID.ndjson. Schemas come from a local folder only.

Usage: sage-reference.py ARCHIVE_MAP SCHEMA_DIR MANIFEST OUT_DIR   (run with Benchmarks/.venv)
"""
import json
import os
import sys
import time
import zipfile
from datetime import datetime

import jsonschema


def load_schemas(folder):
    store = {}
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".json"):
                with open(os.path.join(root, name)) as schema_file:
                    schema = json.load(schema_file)
                if isinstance(schema, dict) and "$id" in schema:
                    store[schema["$id"]] = schema
    return store


def lookup(archive_map, file_name, record, listed):
    if listed.get(file_name):
        return listed[file_name]
    best = None
    for entry in archive_map.get("assessments", []):
        if entry["assessmentIdentifier"] == record["assessmentId"] and entry["assessmentRevision"] <= record["assessmentRevision"]:
            if best is None or entry["assessmentRevision"] > best["assessmentRevision"]:
                best = entry
    for info in (best or {}).get("files", []):
        if info["filename"] == file_name:
            return info.get("jsonSchema")
    for app in archive_map.get("apps", []):
        if app["appId"] == record.get("appId"):
            found = None
            for group in app.get("default", []):
                for info in group.get("files", []):
                    if info["filename"] == file_name:
                        found = info.get("jsonSchema")
            for info in app.get("anyOf", []):
                if info["filename"] == file_name:
                    found = info.get("jsonSchema")
            if found:
                return found
    for info in archive_map.get("anyOf", []):
        if info["filename"] == file_name:
            return info.get("jsonSchema")
    return None


def main():
    map_path, schema_dir, manifest_path, out = sys.argv[1:5]
    with open(map_path) as map_file:
        archive_map = json.load(map_file)
    store = load_schemas(schema_dir)
    folder = os.path.dirname(os.path.abspath(manifest_path))
    counts = {"ingested": 0, "invalid": 0}
    seconds_by_assessment = {}
    start = time.perf_counter()
    with open(manifest_path) as manifest:
        for line in manifest:
            began = time.perf_counter()
            record = json.loads(line)
            uploaded = datetime.strptime(record["uploadedOn"], "%Y-%m-%dT%H:%M:%S.%fZ")
            errors, documents = {}, []
            with zipfile.ZipFile(os.path.join(folder, record["path"])) as archive:
                listed = {}
                if "metadata.json" in archive.namelist():
                    listed = {f["filename"]: f.get("jsonSchema") for f in json.loads(archive.read("metadata.json")).get("files", [])}
                for name in archive.namelist():
                    uri = lookup(archive_map, os.path.basename(name), record, listed)
                    if uri is None:
                        continue
                    schema = store[uri]
                    document = json.loads(archive.read(name))
                    resolver = jsonschema.RefResolver.from_schema(schema, store=store)
                    validator = jsonschema.validators.validator_for(schema)(schema, resolver=resolver)
                    found = [error.message for error in validator.iter_errors(document)]
                    if found:
                        errors[name] = found
                    documents.append((uri.rsplit("/", 1)[-1].replace(".json", ""), document))
            if errors:
                counts["invalid"] += 1
                seconds_by_assessment[record["assessmentId"]] = seconds_by_assessment.get(record["assessmentId"], 0) + time.perf_counter() - began
                continue
            counts["ingested"] += 1
            fields = {"assessmentid": record["assessmentId"], "year": uploaded.year, "month": uploaded.month, "day": uploaded.day,
                      "recordid": record["recordId"]}
            for dataset, document in documents:
                for item in document if isinstance(document, list) else [document]:
                    if isinstance(item, dict):
                        item.update(fields)
                target = os.path.join(out, "dataset=" + dataset, "assessmentid=" + record["assessmentId"], "year=%d" % uploaded.year,
                                      "month=%d" % uploaded.month, "day=%d" % uploaded.day)
                os.makedirs(target, exist_ok=True)
                with open(os.path.join(target, record["recordId"] + ".ndjson"), "w") as output:
                    json.dump(document, output)
            seconds_by_assessment[record["assessmentId"]] = seconds_by_assessment.get(record["assessmentId"], 0) + time.perf_counter() - began
    elapsed = time.perf_counter() - start
    total = counts["ingested"] + counts["invalid"]
    print(json.dumps({"archives": total, **counts, "seconds": round(elapsed, 3), "archivesPerSecond": round(total / elapsed, 2),
                      "secondsByAssessment": {key: round(value, 3) for key, value in sorted(seconds_by_assessment.items())}}))


if __name__ == "__main__":
    main()
