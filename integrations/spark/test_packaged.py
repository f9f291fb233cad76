"""The job with `assess` shipped as spark-submit ships it to executors (test-packaged.sh builds the
archive): a static binary in ASSESS_PACKAGE, passed with --archives, gives the tables `assess ingest` gives."""
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unittest
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from spark_test_corpus import Corpus, lake_tables, ndjson_tables, same_rows  # noqa: E402

from pyspark.sql import SparkSession  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class PackagedAssessTest(unittest.TestCase):
    def test_the_shipped_binary_ingests_as_assess_ingest_does(self):
        warnings.simplefilter("ignore", ResourceWarning)
        package = os.environ["ASSESS_PACKAGE"]
        work = tempfile.mkdtemp(prefix="assess-spark-packaged-")
        self.addCleanup(shutil.rmtree, work, True)
        corpus = Corpus(work)
        batch = corpus.batch("one", 6, repeats={5: 0}, invalid={4})
        lake = os.path.join(work, "lake")
        # A relative --assess: resolved in the executors' files, where --archives unpacks the package.
        arguments = corpus.job_arguments(batch, lake, "./assess/bin/assess") + ["--partitions", "2"]
        finished = subprocess.run([os.path.join(HERE, ".venv", "bin", "spark-submit"), "--master", "local[1]",
                                   "--archives", package + "#assess", os.path.join(HERE, "assess_ingest_job.py")] + arguments,
                                  capture_output=True, text=True, cwd=work)
        self.assertEqual(finished.returncode, 1, finished.stderr)  # one invalid archive, one duplicate
        with tarfile.open(package) as packed:
            packed.extractall(os.path.join(work, "unpacked"))
        binary = os.path.join(work, "unpacked", "bin", "assess")
        subprocess.run([binary, "ingest"] + corpus.ingest_arguments(batch, os.path.join(work, "ndjson")), capture_output=True, check=False)
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        spark = (SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false")
                 .config("spark.ui.showConsoleProgress", "false").getOrCreate())
        try:
            tables, reference = lake_tables(spark, lake), ndjson_tables(os.path.join(work, "ndjson"))
        finally:
            spark.stop()
        self.assertEqual(sorted(tables), sorted(reference))
        for table in reference:
            same_rows(self, table, tables[table], reference[table])


if __name__ == "__main__":
    unittest.main(verbosity=2)
