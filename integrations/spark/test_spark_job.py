"""Runs the Spark job in local mode over archives made here, and checks the Parquet it writes."""
import io
import json
import os
import shutil
import sys
import tempfile
import unittest
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import assess_ingest_job  # noqa: E402

from pyspark.sql import SparkSession  # noqa: E402

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ASSESS = os.environ.get("ASSESS", os.path.join(REPOSITORY, ".build", "debug", "assess"))
BASE = "https://example.invalid/spark-test/"
MAP = {"anyOf": [{"filename": "metadata.json", "jsonSchema": BASE + "ArchiveMetadata.json"}],
       "assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [
           {"filename": "assessmentResult.json", "jsonSchema": BASE + "Result.json"},
           {"filename": "left.json", "jsonSchema": BASE + "MotionRecord.json"},
           {"filename": "right.json", "jsonSchema": BASE + "MotionRecord.json"}]}]}
SCHEMAS = {"ArchiveMetadata": {"type": "object", "required": ["files"]},
           "Result": {"type": "object", "required": ["taskRunUUID"]},
           "MotionRecord": {"type": "array", "items": {"type": "object", "required": ["t"]}}}


def archive(run, samples, bad=False):
    """Zip bytes: metadata.json, a result with one answer, and two motion files."""
    result = {"type": "assessment", "identifier": "walk", "startDate": "2026-01-02T03:04:05.000+00:00", "taskRunUUID": run,
              "stepHistory": [{"type": "answer", "identifier": "q", "answerType": {"type": "integer"}, "value": samples}]}
    files = {"assessmentResult.json": result,
             "left.json": [{"t": i / 100.0, "x": 0.1} for i in range(samples)] if not bad else [{"x": 1}],
             "right.json": [{"t": i / 50.0, "y": 0.2} for i in range(samples // 2)]}
    metadata = {"appName": "test", "files": [{"filename": name, "timestamp": "2026-01-02T03:04:05.000+00:00"} for name in files]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for name, value in list(files.items()) + [("metadata.json", metadata)]:
            out.writestr(name, json.dumps(value))
    return buffer.getvalue()


class SparkJobTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(ASSESS, os.X_OK):
            raise unittest.SkipTest("the assess binary %s was not built (swift build first); Spark test SKIPPED" % ASSESS)
        cls.spark = SparkSession.builder.master("local[2]").appName("assess-spark-test").config("spark.ui.enabled", "false").getOrCreate()

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()

    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="assess-spark-test-")
        self.addCleanup(shutil.rmtree, self.work, True)
        schemas = os.path.join(self.work, "schemas")
        os.makedirs(schemas)
        for name, schema in SCHEMAS.items():
            with open(os.path.join(schemas, name + ".json"), "w") as out:
                json.dump(dict(schema, **{"$id": BASE + name + ".json"}), out)
        self.map = os.path.join(self.work, "map.json")
        with open(self.map, "w") as out:
            json.dump(MAP, out)
        self.archives = os.path.join(self.work, "uploads", "2026")
        os.makedirs(self.archives)
        runs = ["6F2A1A52-0000-4000-8000-%012d" % i for i in range(8)]
        # Eight archives: a0..a5 distinct runs, a6 repeats a1's run, a7 is invalid (samples without "t").
        for index in range(8):
            run = runs[1] if index == 6 else runs[index]
            with open(os.path.join(self.archives, "a%d.zip" % index), "wb") as out:
                out.write(archive(run, 40 + index, bad=index == 7))
        self.manifest = os.path.join(self.work, "manifest.jsonl")
        with open(self.manifest, "w") as out:
            for index in range(8):
                out.write(json.dumps({"path": "a%d.zip" % index, "recordId": "rec%d" % index, "assessmentId": "walk",
                                      "assessmentRevision": 1, "uploadedOn": "2026-02-0%dT10:00:00.000Z" % (index % 2 + 1)}) + "\n")

    def run_job(self, partitions):
        output = os.path.join(self.work, "parquet-%d" % partitions)
        args = assess_ingest_job.parse_args([
            "--archives", os.path.join(self.work, "uploads"), "--archive-map", self.map, "--output", output,
            "--manifest", self.manifest, "--assess", ASSESS, "--ref-dir", os.path.join(self.work, "schemas"),
            "--partitions", str(partitions)])
        assess_ingest_job.run(self.spark, args)
        return output

    def test_parquet_partitioned_like_sage_with_duplicates_resolved_across_partitions(self):
        output = self.run_job(4)
        runs = self.spark.read.parquet(os.path.join(output, "dataset=assess_runs"))
        self.assertEqual(sorted(row.recordid for row in runs.collect()), ["rec0", "rec1", "rec2", "rec3", "rec4", "rec5"],
                         "a6 repeats rec1's run (first by path wins), a7 is invalid")
        self.assertEqual(sorted(runs.columns[-4:]), ["assessmentid", "day", "month", "year"], "partition columns")
        self.assertTrue(os.path.isdir(os.path.join(output, "dataset=MotionRecord", "assessmentid=walk", "year=2026", "month=2", "day=1")))
        motion = self.spark.read.parquet(os.path.join(output, "dataset=MotionRecord"))
        expected = sum(40 + i + (40 + i) // 2 for i in range(6))
        self.assertEqual(motion.count(), expected, "one row per sample, both files of every record kept")
        self.assertEqual(sorted({row.filename for row in motion.select("filename").collect()}), ["left.json", "right.json"])
        rejected = {row.recordId: row for row in self.spark.read.parquet(os.path.join(output, "dataset=assess_rejected")).collect()}
        self.assertEqual(sorted(rejected), ["rec6", "rec7"])
        self.assertEqual(rejected["rec6"].status, "duplicate")
        self.assertIn("6F2A1A52-0000-4000-8000-000000000001", rejected["rec6"].reasons[0])
        self.assertEqual(rejected["rec7"].status, "invalid")
        self.assertTrue(rejected["rec7"].input.endswith("a7.zip"), "the archive's own path, not the executor's copy")

    def test_the_partitioning_does_not_change_the_tables(self):
        def tables(output):
            return {name: sorted(json.dumps(row.asDict(recursive=True), sort_keys=True)
                                 for row in self.spark.read.parquet(os.path.join(output, name)).collect())
                    for name in sorted(os.listdir(output)) if name.startswith("dataset=")}
        first, second = self.run_job(1), self.run_job(3)
        one, three = tables(first), tables(second)
        self.assertEqual(one.keys(), three.keys())
        for name in one:
            if name != "dataset=assess_rejected":
                self.assertEqual(one[name], three[name], name)

        # Rejected rows: the same records and verdicts (a duplicate's reason names where its twin was seen).
        def verdicts(output):
            rows = self.spark.read.parquet(os.path.join(output, "dataset=assess_rejected")).collect()
            return sorted((row.recordId, row.status) for row in rows)
        self.assertEqual(verdicts(first), [("rec6", "duplicate"), ("rec7", "invalid")])
        self.assertEqual(verdicts(second), verdicts(first))


if __name__ == "__main__":
    unittest.main(verbosity=2)
