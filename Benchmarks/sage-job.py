#!/usr/bin/env python3
"""Runs Sage's own ingestion code, unmodified, over local archives: BridgeDownstream's
src/glue/jobs/s3_to_json_s3.py, imported as is, its per-record loop of main() (update_json_schemas,
validate_data, remove_expected_validation_errors, process_record) called for each manifest line with the
archive's bytes as the S3 object's body and the line's fields as its (lower-case) S3 metadata.

What is not Sage's: the AWS and Synapse modules are stand-ins (boto3's put_object does nothing; the job has
already written each NDJSON file locally, under OUT_DIR, before it uploads it), and `requests.get` answers
schema URLs from local files (SCHEMA_DIR by `$id`, and the entries of CATALOG) instead of the network.
An archive that makes their job raise (a bad zip, bad JSON) ends their whole job run; here it is counted as
`failed` and the loop goes on, which only spares their side the restarts. Only the loop is timed.

Usage: sage-job.py S3_TO_JSON_S3_PY RESOURCES_DIR ARCHIVE_MAP SCHEMA_DIR CATALOG MANIFEST OUT_DIR
(RESOURCES_DIR: BridgeDownstream's src/glue/resources, with dataset_mapping.json and schema_mapping.json;
run with jsonschema 3.2.0, the version their Pipfile.lock pins.)
"""
import importlib.util
import json
import os
import sys
import time
import types


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
load_schemas = __import__("sage-reference").load_schemas


def schema_store(schema_dir, catalog_path):
    store = load_schemas(schema_dir)
    with open(catalog_path) as catalog_file:
        for uri, path in json.load(catalog_file).items():
            with open(os.path.join(os.path.dirname(os.path.abspath(catalog_path)), path)) as schema_file:
                store[uri] = json.load(schema_file)
    return store


def install_stand_ins(store):
    """boto3, synapseclient, awsglue and requests as the job imports them, answering locally."""
    class Client:
        def put_object(self, **_):
            return {}

    boto3 = types.ModuleType("boto3")
    boto3.client = lambda *_, **__: Client()

    class Response:
        def __init__(self, value):
            self.value = value

        def json(self):
            return self.value

    def get(url, *_, **__):
        key = url.split("#", 1)[0]
        if key not in store:
            raise LookupError("schema %s is not on disk (their job would download it)" % key)
        return Response(store[key])

    requests = types.ModuleType("requests")
    requests.get = get
    awsglue, utils = types.ModuleType("awsglue"), types.ModuleType("awsglue.utils")
    utils.getResolvedOptions = lambda *_: {}
    awsglue.utils = utils
    sys.modules.update({"boto3": boto3, "requests": requests, "synapseclient": types.ModuleType("synapseclient"),
                        "awsglue": awsglue, "awsglue.utils": utils})


def main():
    job_path, resources, map_path, schema_dir, catalog, manifest_path, out = sys.argv[1:8]
    install_stand_ins(schema_store(schema_dir, catalog))
    spec = importlib.util.spec_from_file_location("s3_to_json_s3", job_path)
    job = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(job)
    with open(map_path) as map_file:
        archive_map = json.load(map_file)
    with open(os.path.join(resources, "dataset_mapping.json")) as mapping_file:
        dataset_mapping = json.load(mapping_file)
    with open(os.path.join(resources, "schema_mapping.json")) as mapping_file:
        schema_mapping = json.load(mapping_file)
    properties = {"namespace": "bench", "app_name": "mobile-toolbox", "study_name": "bench", "json_prefix": "json", "json_bucket": "bench"}
    folder = os.path.dirname(os.path.abspath(manifest_path))
    with open(manifest_path) as manifest:
        records = [json.loads(line) for line in manifest if line.strip()]
    os.makedirs(out, exist_ok=True)
    os.chdir(out)
    counts = {"ingested": 0, "invalid": 0, "failed": 0}
    json_schemas = []
    start, cpu = time.perf_counter(), time.process_time()
    for record in records:
        with open(os.path.join(folder, record["path"]), "rb") as archive:
            s3_obj = {"Body": archive.read(), "Metadata": {key.lower(): str(value) for key, value in record.items() if key != "path"}}
        try:
            json_schemas = job.update_json_schemas(s3_obj=s3_obj, archive_map=archive_map, json_schemas=json_schemas)
            result = job.validate_data(s3_obj=s3_obj, archive_map=archive_map, json_schemas=json_schemas, dataset_mapping=dataset_mapping)
            result["errors"] = job.remove_expected_validation_errors(validation_result=result, client_info=s3_obj["Metadata"].get("clientinfo", ""))
            if result["errors"]:
                counts["invalid"] += 1
                continue
            job.process_record(s3_obj=s3_obj, json_schemas=json_schemas, dataset_mapping=dataset_mapping, schema_mapping=schema_mapping,
                               archive_map=archive_map, workflow_run_properties=properties)
            counts["ingested"] += 1
        except Exception:  # their job run would end here
            counts["failed"] += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"archives": len(records), **counts, "seconds": round(elapsed, 3), "cpuSeconds": round(cpu, 3),
                      "archivesPerSecond": round(len(records) / elapsed, 2)}))


if __name__ == "__main__":
    main()
