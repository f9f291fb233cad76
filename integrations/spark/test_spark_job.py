"""Runs the Spark job in local mode over archives made here, and checks the lake it writes: the same tables
as `assess ingest`, batches appended, duplicates across runs, a killed run leaving the lake as it was."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import assess_ingest_job  # noqa: E402
from spark_test_corpus import Corpus, lake_tables, ndjson_tables, same_rows  # noqa: E402

from pyspark.sql import SparkSession  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "..", ".."))
ASSESS = os.environ.get("ASSESS", os.path.join(REPOSITORY, ".build", "debug", "assess"))
SPARK_SUBMIT = os.path.join(HERE, ".venv", "bin", "spark-submit")


class SparkJobTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(ASSESS, os.X_OK):
            raise unittest.SkipTest("the assess binary %s was not built (swift build first); Spark test SKIPPED" % ASSESS)
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # workers: this venv's interpreter
        cls.spark = (SparkSession.builder.master("local[2]").appName("assess-spark-test").config("spark.ui.enabled", "false")
                     .config("spark.ui.showConsoleProgress", "false").getOrCreate())

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()

    def setUp(self):
        # py4j's sockets to the JVM are closed by the JVM's side; unittest would report each as a ResourceWarning.
        warnings.simplefilter("ignore", ResourceWarning)
        self.work = tempfile.mkdtemp(prefix="assess-spark-test-")
        self.addCleanup(shutil.rmtree, self.work, True)
        self.corpus = Corpus(self.work)

    def job(self, batch, output, partitions, *extra):
        args = assess_ingest_job.parse_args(self.corpus.job_arguments(batch, output, ASSESS) + ["--partitions", str(partitions)] + list(extra))
        return assess_ingest_job.run(self.spark, args)

    def ingest(self, batches, output):
        """`assess ingest` itself over the batches, one run each, into one folder."""
        for batch in batches:
            finished = subprocess.run([ASSESS, "ingest"] + self.corpus.ingest_arguments(batch, output), capture_output=True, text=True)
            self.assertIn(finished.returncode, (0, 1), finished.stderr)
        return ndjson_tables(output)

    def assertSameTables(self, lake, reference):
        self.assertEqual(sorted(lake), sorted(reference))
        for table in reference:
            same_rows(self, table, lake[table], reference[table])

    def test_tables_equal_assess_ingest_with_duplicates_resolved_across_partitions(self):
        batch = self.corpus.batch("one", 8, repeats={6: 1}, invalid={7})
        summary = self.job(batch, os.path.join(self.work, "lake"), 3)
        self.assertEqual((summary["ingested"], summary["invalid"], summary["duplicate"]), (6, 1, 1), summary)
        lake = lake_tables(self.spark, os.path.join(self.work, "lake"))
        self.assertSameTables(lake, self.ingest([batch], os.path.join(self.work, "ndjson")))
        self.assertEqual(summary["tables"]["assess_runs"]["rows"], 6)
        self.assertEqual(summary["tables"]["MotionRecord"]["rows"], len(lake["MotionRecord"]))
        motion = self.spark.read.parquet(os.path.join(self.work, "lake", "dataset=MotionRecord"))
        self.assertEqual(dict(motion.dtypes)["t"], "double", "typed from the schema, not inferred")
        self.assertEqual(dict(motion.dtypes)["note"], "string", "a field the schema does not declare: text")
        metadata = self.spark.read.parquet(os.path.join(self.work, "lake", "dataset=ArchiveMetadata"))
        self.assertFalse([c for c in metadata.columns if "source" in c.lower()], "no job-internal field in Sage's datasets")

    def test_two_batches_append_a_reupload_is_a_duplicate_and_a_rerun_adds_nothing(self):
        first = self.corpus.batch("one", 4)
        # A re-upload of batch one's record 1 (same taskRunUUID, another record id), and of record 2's id.
        second = self.corpus.batch("two", 4, reuploads={2: ("one", 1, "run"), 3: ("one", 2, "record")})
        lake_path = os.path.join(self.work, "lake")
        self.job(first, lake_path, 2)
        summary = self.job(second, lake_path, 2)
        self.assertEqual((summary["ingested"], summary["duplicate"]), (2, 2), summary)
        lake = lake_tables(self.spark, lake_path)
        self.assertEqual(len(lake["assess_runs"]), 6, "both batches held")
        rejected = sorted((row["recordId"], row["status"]) for row in lake["assess_rejected"])
        self.assertEqual(rejected, [("one-2", "duplicate"), ("two-2", "duplicate")], "two-3 came as record one-2")
        self.assertSameTables(lake, self.ingest([first, second], os.path.join(self.work, "ndjson")))
        before = files_under(lake_path)
        again = self.job(second, lake_path, 2)
        self.assertEqual((again["ingested"], again["alreadyIngested"], again["tables"]), (0, 2, {}), again)
        self.assertEqual(files_under(lake_path), before, "a rerun over the same input adds nothing")

    def test_a_failed_run_leaves_the_lake_as_it_was_and_says_so(self):
        lake_path = os.path.join(self.work, "lake")
        self.job(self.corpus.batch("one", 2), lake_path, 1)
        before = files_under(lake_path)
        failing = os.path.join(self.work, "failing-assess")
        with open(failing, "w") as out:
            out.write("#!/bin/sh\necho 'cannot write the output' >&2\nexit 3\n")
        os.chmod(failing, 0o755)
        args = assess_ingest_job.parse_args(self.corpus.job_arguments(self.corpus.batch("two", 2), lake_path, failing))
        with self.assertRaises(Exception) as raised:
            assess_ingest_job.run(self.spark, args)
        self.assertIn("cannot write the output", str(raised.exception))
        self.assertEqual(files_under(lake_path), before)
        self.assertEqual(os.listdir(os.path.join(lake_path, "_assess_spark", "staging")), [], "its staging removed")

    def test_a_killed_run_leaves_the_lake_as_it_was_and_its_rerun_equals_a_clean_run(self):
        first, second = self.corpus.batch("one", 3), self.corpus.batch("two", 12, repeats={11: 0})
        clean, killed = os.path.join(self.work, "clean"), os.path.join(self.work, "killed")
        self.job(first, clean, 1)
        shutil.copytree(clean, killed)
        before = files_under(killed)
        self.job(second, clean, 2)
        process = self.submit(second, killed, 12)
        staging = os.path.join(killed, "_assess_spark", "staging")
        deadline = time.time() + 600
        while len(staged_partitions(staging)) < 6 and process.poll() is None and time.time() < deadline:
            time.sleep(0.05)
        finished = process.poll() is not None
        if not finished:
            os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        self.assertFalse(finished, "the run ended before it could be killed: %s" % err[-2000:])
        self.assertGreaterEqual(len(staged_partitions(staging)), 6, "killed after half of the partitions were written")
        self.assertEqual(files_under(killed), before, "nothing of the killed run is in the lake")
        process = self.submit(second, killed, 2)
        out, err = process.communicate(timeout=600)
        self.assertEqual(process.returncode, 1, err)  # one duplicate
        # spark-submit's Python driver writes its standard error into standard output.
        self.assertIn("removing run", out + err)
        self.assertFalse(os.path.exists(staging) and os.listdir(staging), "no staging left")
        self.assertNotIn(" INFO ", err, "warnings only")
        self.assertNotIn("[Stage", err, "no progress bar when standard error is not a terminal")
        summary = [json.loads(line)["summary"] for line in out.splitlines() if line.startswith('{"summary"')][0]
        self.assertEqual((summary["archives"], summary["ingested"], summary["duplicate"]), (12, 11, 1))
        self.assertSameTables(lake_tables(self.spark, killed), lake_tables(self.spark, clean))

    def submit(self, batch, output, partitions):
        """The job through the venv's spark-submit, not activated: a clean environment apart from PATH's system."""
        environment = {key: value for key, value in os.environ.items() if not key.startswith(("PYSPARK", "VIRTUAL_ENV", "SPARK"))}
        environment["PATH"] = ":".join(p for p in environment.get("PATH", "").split(":") if ".venv" not in p)
        command = [SPARK_SUBMIT, "--master", "local[1]", "--conf", "spark.ui.enabled=false",
                   os.path.join(HERE, "assess_ingest_job.py")] + self.corpus.job_arguments(batch, output, ASSESS) + ["--partitions", str(partitions)]
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment, start_new_session=True)


class JobPiecesTest(unittest.TestCase):
    """The parts that need no Spark: the options passed to `assess ingest`, the schemas derived."""

    def test_every_ingest_option_is_passed_through(self):
        args = assess_ingest_job.parse_args([
            "--archives", "a", "--archive-map", "map.json", "--output", "lake", "--catalog", "c.json", "--tolerated", "t.json",
            "--max-errors", "7", "--dataset-names", "names.json", "--required", "warning", "--file-alias", "a.json=b.json",
            "--ref-dir", "schemas"])
        settings = {"assess": "assess", "map": "map.json", "ref_dirs": ["schemas"], "catalog": "c.json", "aliases": args.file_alias,
                    "required": args.required, "tolerated": "t.json", "max_errors": args.max_errors, "dataset_names": "names.json"}
        command = assess_ingest_job.executor.ingest_command(settings, "manifest.jsonl", "out")
        for option, value in (("--catalog", "c.json"), ("--tolerated", "t.json"), ("--max-errors", "7"), ("--dataset-names", "names.json"),
                              ("--required", "warning"), ("--file-alias", "a.json=b.json"), ("--ref-dir", "schemas")):
            self.assertEqual(command[command.index(option) + 1], value, option)

    def test_columns_come_from_the_schema_through_refs_and_branches(self):
        tables = assess_ingest_job.tables
        registry = tables.SchemaRegistry()
        registry.add({"$id": "https://x.invalid/kinds.json", "definitions": {"n": {"type": "integer"}}}, "https://x.invalid/kinds.json")
        schema = {"$id": "https://x.invalid/s.json", "type": "array", "items": {"$ref": "#/definitions/item"},
                  "definitions": {"item": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"$ref": "kinds.json#/definitions/n"},
                                                                            "c": {"type": ["string", "null"]}, "d": {"type": "object"}},
                                           "anyOf": [{"properties": {"e": {"type": "boolean"}}}, {"properties": {"a": {"type": "string"}}}]}}}
        self.assertEqual(dict(tables.row_columns(schema, schema["$id"], schema, registry)),
                         {"a": "string", "b": "long", "c": "string", "d": "string", "e": "boolean"})


def files_under(folder):
    """Every file of the lake outside the job's staging folder."""
    found = set()
    for root, _, files in os.walk(folder):
        if os.sep + "staging" not in root:
            found |= {os.path.relpath(os.path.join(root, name), folder) for name in files}
    return found


def staged_partitions(staging):
    """The partitions whose Parquet files are staged (their names carry the partition's number)."""
    found = set()
    for _, _, files in os.walk(staging):
        found |= {name.split("-")[3] for name in files if name.startswith("part-") and name.endswith(".parquet") and len(name.split("-")) > 4}
    return found


if __name__ == "__main__":
    unittest.main(verbosity=2)
