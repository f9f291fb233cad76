"""Small corpora for the Spark job's tests (and its benchmark's smoke runs): walk archives with a result
and two motion files, batches with repeated runs, invalid archives and re-uploads of earlier batches; and
the tables of a Parquet lake and of `assess ingest`'s NDJSON output, in one comparable form."""
import io
import json
import os
import zipfile

BASE = "https://example.invalid/spark-test/"
MAP = {"anyOf": [{"filename": "metadata.json", "jsonSchema": BASE + "ArchiveMetadata.json"}],
       "assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [
           {"filename": "assessmentResult.json", "jsonSchema": BASE + "Result.json"},
           {"filename": "left.json", "jsonSchema": BASE + "MotionRecord.json"},
           {"filename": "right.json", "jsonSchema": BASE + "MotionRecord.json"}]}]}
NUMBER = {"type": "number"}
SCHEMAS = {"ArchiveMetadata": {"type": "object", "required": ["files"],
                               "properties": {"appName": {"type": "string"}, "files": {"type": "array"}}},
           "Result": {"type": "object", "required": ["taskRunUUID"],
                      "properties": {"taskRunUUID": {"type": "string"}, "identifier": {"$ref": "#/definitions/name"},
                                     "startDate": {"type": "string", "format": "date-time"}, "stepHistory": {"type": "array"}},
                      "definitions": {"name": {"type": "string"}}},
           "MotionRecord": {"type": "array", "items": {"type": "object", "required": ["t"],
                                                       "properties": {"t": NUMBER, "x": NUMBER, "y": NUMBER}}}}
# Sage's schema_mapping.json, as --dataset-names takes it.
DATASET_NAMES = {BASE + "Result.json": "Result_v1"}


def archive(run, samples, bad=False):
    """Zip bytes: metadata.json, a result with one answer, and two motion files."""
    result = {"type": "assessment", "identifier": "walk", "startDate": "2026-01-02T03:04:05.000+00:00", "taskRunUUID": run,
              "stepHistory": [{"type": "answer", "identifier": "q", "answerType": {"type": "integer"}, "value": samples}]}
    files = {"assessmentResult.json": result,
             "left.json": [{"t": i / 100.0, "x": 0.1, "note": "n%d" % i} for i in range(samples)] if not bad else [{"x": 1}],
             "right.json": [{"t": i / 50.0, "y": 0.2} for i in range(samples // 2)]}
    metadata = {"appName": "test", "files": [{"filename": name, "timestamp": "2026-01-02T03:04:05.000+00:00"} for name in files]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for name, value in list(files.items()) + [("metadata.json", metadata)]:
            out.writestr(name, json.dumps(value))
    return buffer.getvalue()


def run_of(batch, index):
    return "6F2A1A52-0000-4000-8000-%06d%06d" % (sum(map(ord, batch)), index)


class Corpus:
    """Batches of archives under WORK/uploads/BATCH/, each with its manifest WORK/BATCH.jsonl."""

    def __init__(self, work):
        self.work = work
        schemas = os.path.join(work, "schemas")
        os.makedirs(schemas)
        for name, schema in SCHEMAS.items():
            write_json(os.path.join(schemas, name + ".json"), dict(schema, **{"$id": BASE + name + ".json"}))
        write_json(os.path.join(work, "map.json"), MAP)
        write_json(os.path.join(work, "dataset-names.json"), DATASET_NAMES)

    def batch(self, name, count, repeats=None, invalid=(), reuploads=None, samples=40):
        """`count` archives NAME-0…; repeats {i: j}: archive i carries archive j's taskRunUUID; reuploads
        {i: (batch, j, "run"|"record")}: archive i carries that batch's record j's taskRunUUID, or its recordId."""
        folder = os.path.join(self.work, "uploads", name)
        os.makedirs(folder)
        with open(os.path.join(self.work, name + ".jsonl"), "w") as manifest:
            for index in range(count):
                record, run = "%s-%d" % (name, index), run_of(name, (repeats or {}).get(index, index))
                earlier = (reuploads or {}).get(index)
                if earlier and earlier[2] == "run":
                    run = run_of(earlier[0], earlier[1])
                elif earlier:
                    record = "%s-%d" % earlier[:2]
                path = os.path.join(folder, "%s-%d.zip" % (name, index))
                with open(path, "wb") as out:
                    out.write(archive(run, samples + index, bad=index in invalid))
                manifest.write(json.dumps({"path": path, "recordId": record, "assessmentId": "walk", "assessmentRevision": 1,
                                           "uploadedOn": "2026-02-0%dT10:00:00.000Z" % (index % 2 + 1)}) + "\n")
        return name

    def options(self):
        return ["--archive-map", os.path.join(self.work, "map.json"), "--ref-dir", os.path.join(self.work, "schemas"),
                "--dataset-names", os.path.join(self.work, "dataset-names.json"), "--max-errors", "5"]

    def job_arguments(self, batch, output, assess):
        return self.options() + ["--archives", os.path.join(self.work, "uploads", batch), "--output", output,
                                 "--manifest", os.path.join(self.work, batch + ".jsonl"), "--assess", assess]

    def ingest_arguments(self, batch, output):
        return self.options() + ["--manifest", os.path.join(self.work, batch + ".jsonl"), "-o", output, "--jobs", "1"]


def write_json(path, value):
    with open(path, "w") as out:
        json.dump(value, out)


def lake_tables(spark, lake):
    """{table: [row as a dict]} of a Parquet lake (partition columns included)."""
    return {name[len("dataset="):]: [row.asDict(recursive=True) for row in
                                     spark.read.option("mergeSchema", "true").parquet(os.path.join(lake, name)).collect()]
            for name in sorted(os.listdir(lake)) if name.startswith("dataset=")}


def ndjson_tables(folder):
    """{table: [row]} of `assess ingest`'s output (dataset=NAME/… and assess_rejected/), whatever its files;
    a line holding an array (a file of samples) is a row per element, as Spark's JSON reader reads it."""
    found = {}
    for root, _, files in os.walk(folder):
        top = os.path.relpath(root, folder).split(os.sep)[0]
        table = top[len("dataset="):] if top.startswith("dataset=") else top if top == "assess_rejected" else None
        for name in sorted(files) if table else []:
            if name.endswith(".ndjson"):
                with open(os.path.join(root, name)) as lines:
                    for line in lines:
                        value = json.loads(line) if line.strip() else []
                        found.setdefault(table, []).extend(value if isinstance(value, list) else [value])
    return found


def canonical(value):
    """One form for a value read from either side: nulls dropped, numbers as floats, a string holding
    JSON text of a non-string as that value, file: URIs as paths."""
    if isinstance(value, dict):
        return {key: canonical(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [canonical(item) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if value.startswith("file:"):
        return "/" + value[len("file:"):].lstrip("/")
    try:
        parsed = json.loads(value)
    except ValueError:
        return value
    return value if isinstance(parsed, str) else canonical(parsed)


def same_rows(test, table, lake_rows, reference_rows):
    """The two sides hold the same rows (as multisets); rejected rows by input, record and verdict only
    (a duplicate's reason names where its twin was seen, which differs)."""
    if table == "assess_rejected":
        key = (lambda row: json.dumps([canonical(row.get(name)) for name in ("input", "recordId", "status")]))
    else:
        key = (lambda row: json.dumps(canonical(row), sort_keys=True))
    test.assertEqual(sorted(map(key, lake_rows)), sorted(map(key, reference_rows)), table)
