"""Ingest result archives on Apache Spark with `assess ingest`, as Sage's pipeline does on AWS Glue.

Reads archives from any path Spark reads (local, HDFS, S3 via the binaryFile source), runs
`assess ingest` once per partition on the executors, resolves duplicates across the whole batch
(by taskRunUUID and by recordId, the first archive by path wins), and writes every dataset and
table as Parquet partitioned like Sage's (assessmentid/year/month/day), plus assess_rejected.

    spark-submit assess_ingest_job.py --archives s3a://bucket/uploads/ --archive-map archive-map.json \
        --output s3a://bucket/parquet/ [--manifest manifest.jsonl] [--assess /opt/assess/bin/assess] \
        [--ref-dir DIR]... [--catalog FILE] [--file-alias NAME=MAPPED]... [--required error|warning]

The archive map, manifest and catalog are read on the driver and shipped to the executors;
`--assess` must name the binary on every executor (ship it with spark-submit --archives).
"""
import argparse
import json
import os
import shutil
import subprocess
import tempfile

from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

PARTITION_KEYS = ["assessmentid", "year", "month", "day"]
REJECTED = "assess_rejected"
RUNS = "assess_runs"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archives", required=True, action="append", help="archive path(s) or folder(s) (any Spark path)")
    parser.add_argument("--archive-map", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--manifest", help="JSON lines of record metadata; matched to archives by file name")
    parser.add_argument("--assess", default="assess", help="the assess binary on the executors")
    parser.add_argument("--ref-dir", action="append", default=[])
    parser.add_argument("--catalog")
    parser.add_argument("--file-alias", action="append", default=[])
    parser.add_argument("--required", choices=["error", "warning"])
    parser.add_argument("--partitions", type=int, help="repartition the archives into N partitions first")
    parser.add_argument("--master", help="Spark master when run with python instead of spark-submit (e.g. local[2])")
    parser.add_argument("--driver-memory", help="with --master: the driver's memory (local mode runs the executors in it), e.g. 4g")
    return parser.parse_args(argv)


def manifest_by_name(path):
    """Manifest lines by archive file name (the `path` member's last component)."""
    records = {}
    if not path:
        return records
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                record = json.loads(line)
                if isinstance(record, dict) and isinstance(record.get("path"), str):
                    records[os.path.basename(record["path"])] = record
    return records


def ingest_partition(rows, settings):
    """Runs `assess ingest` over one partition's archives; yields (table, partition fields, source, line)
    where source is the archive's path as Spark read it."""
    work = tempfile.mkdtemp(prefix="assess-spark-")
    try:
        manifest_lines = []
        sources = {}
        for index, row in enumerate(rows):
            name = os.path.basename(row.path)
            local = os.path.join(work, "%06d-%s" % (index, name))
            with open(local, "wb") as out:
                out.write(row.content)
            sources[local] = row.path
            record = dict(settings["manifest"].get(name, {}))
            record.setdefault("recordId", os.path.splitext(name)[0])
            record["path"] = local
            record["sourcePath"] = row.path
            manifest_lines.append((row.path, json.dumps(record)))
        # In path order, as the global duplicate rule: within a partition too the first archive by path wins.
        manifest_lines = [line for _, line in sorted(manifest_lines)]
        if not manifest_lines:
            return
        manifest = os.path.join(work, "manifest.jsonl")
        with open(manifest, "w", encoding="utf-8") as out:
            out.write("\n".join(manifest_lines) + "\n")
        output = os.path.join(work, "out")
        command = [settings["assess"], "ingest", "--archive-map", settings["map"], "-o", output, "--manifest", manifest, "--jobs", "1"]
        for ref in settings["ref_dirs"]:
            command += ["--ref-dir", ref]
        if settings["catalog"]:
            command += ["--catalog", settings["catalog"]]
        for alias in settings["aliases"]:
            command += ["--file-alias", alias]
        if settings["required"]:
            command += ["--required", settings["required"]]
        finished = subprocess.run(command, capture_output=True, text=True)
        if finished.returncode not in (0, 1):
            raise RuntimeError("assess ingest failed (%d): %s" % (finished.returncode, finished.stderr))
        # Which archive each row came from: the ledger names, for every ingested record, its input and the
        # lines its rows take in each file.
        source_of_line = {}
        ledger_path = os.path.join(output, "_assess", "ledger.ndjson")
        entries = []
        if os.path.exists(ledger_path):
            with open(ledger_path, encoding="utf-8") as ledger:
                entries = [json.loads(entry) for entry in ledger if entry.strip()]
        for entry in entries:
            source = sources.get(entry["input"], entry["input"])
            for placed in entry["objects"]:
                for number in range(placed["line"], placed["line"] + placed["lines"]):
                    source_of_line[(placed["path"], number)] = source
        for folder, _, files in os.walk(output):
            relative = os.path.relpath(folder, output)
            if relative.startswith("_assess") or relative == ".":
                continue
            parts = dict(part.split("=", 1) for part in relative.split(os.sep) if "=" in part)
            table = parts.get("dataset", relative.split(os.sep)[0])
            for file_name in sorted(files):
                relative_file = os.path.join(relative, file_name).replace(os.sep, "/")
                with open(os.path.join(folder, file_name), encoding="utf-8") as lines:
                    for number, line in enumerate(lines, start=1):
                        if not line.strip():
                            continue
                        if table == REJECTED:
                            rejected = json.loads(line)
                            source = sources.get(rejected["input"], rejected["input"])
                            rejected["input"] = source
                            line = json.dumps(rejected)
                        else:
                            source = source_of_line.get((relative_file, number))
                        if table == RUNS:
                            run = json.loads(line)
                            run["archive"] = source
                            line = json.dumps(run)
                        yield (table, parts.get("assessmentid"), parts.get("year"), parts.get("month"), parts.get("day"),
                               source, line.rstrip("\n"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(spark, args):
    # Executors import this module to run ingest_partition (spark-submit ships it too; this covers importers).
    spark.sparkContext.addPyFile(os.path.abspath(__file__))
    settings = {
        "assess": args.assess,
        "map": os.path.abspath(args.archive_map),
        "manifest": manifest_by_name(args.manifest),
        "ref_dirs": [os.path.abspath(ref) for ref in args.ref_dir],
        "catalog": os.path.abspath(args.catalog) if args.catalog else None,
        "aliases": args.file_alias,
        "required": args.required,
    }
    archives = (spark.read.format("binaryFile").option("pathGlobFilter", "*.zip").option("recursiveFileLookup", "true")
                .load(args.archives).select("path", "content"))
    if args.partitions:
        archives = archives.repartition(args.partitions, "path")
    rows = archives.rdd.mapPartitions(lambda part: ingest_partition(part, settings))
    lines = spark.createDataFrame(rows, "table string, assessmentid string, year string, month string, day string, source string, line string")
    lines = lines.cache()
    # Global duplicates: the run rows say which archive holds which run and record; the first archive by path wins.
    runs = (lines.where(F.col("table") == RUNS)
            .select("source", F.get_json_object("line", "$.recordid").alias("recordid"),
                    F.get_json_object("line", "$.taskRunUUID").alias("taskRunUUID")))
    by_run = Window.partitionBy("taskRunUUID").orderBy("source")
    by_record = Window.partitionBy("recordid").orderBy("source")
    ranked = (runs.withColumn("runRank", F.when(F.col("taskRunUUID").isNull(), F.lit(1)).otherwise(F.row_number().over(by_run)))
              .withColumn("firstOfRun", F.first("recordid").over(by_run))
              .withColumn("recordRank", F.row_number().over(by_record)))
    losers = ranked.where((F.col("runRank") > 1) | (F.col("recordRank") > 1))
    kept = lines.join(losers.select("source"), "source", "left_anti")
    reason = (F.when(F.col("runRank") > 1, F.concat(F.lit("taskRunUUID "), F.col("taskRunUUID"), F.lit(" was already ingested as record "),
                                                    F.col("firstOfRun"), F.lit(" (another partition of the batch)")))
              .otherwise(F.concat(F.lit("recordId "), F.col("recordid"), F.lit(" was already ingested from another archive"))))
    duplicate_rows = losers.select(F.to_json(F.struct(
        F.col("source").alias("input"), F.lit("duplicate").alias("status"), F.array(reason).alias("reasons"),
        F.col("taskRunUUID"), F.col("recordid").alias("recordId"))).alias("line"))
    write_tables(spark, kept, duplicate_rows, args.output)


def write_tables(spark, kept, duplicate_rows, output):
    """Every dataset as Parquet partitioned by assessmentid/year/month/day; rejected rows unpartitioned."""
    tables = sorted(row.table for row in kept.select("table").distinct().collect())
    for table in tables:
        json_lines = kept.where(F.col("table") == table).select("line")
        if table == REJECTED:
            json_lines = json_lines.unionByName(duplicate_rows)
        frame = spark.read.json(json_lines.rdd.map(lambda row: row.line))
        target = os.path.join(output, "dataset=%s" % table) if "://" not in output else output.rstrip("/") + "/dataset=%s" % table
        writer = frame.write.mode("overwrite")
        if table != REJECTED and all(key in frame.columns for key in PARTITION_KEYS):
            writer = writer.partitionBy(*PARTITION_KEYS)
        writer.parquet(target)
    if REJECTED not in tables and duplicate_rows.limit(1).count():
        spark.read.json(duplicate_rows.rdd.map(lambda row: row.line)).write.mode("overwrite").parquet(
            os.path.join(output, "dataset=%s" % REJECTED))


def main(argv=None):
    args = parse_args(argv)
    builder = SparkSession.builder.appName("assess-ingest")
    if args.master:
        builder = builder.master(args.master)
    if args.driver_memory:
        builder = builder.config("spark.driver.memory", args.driver_memory)
    spark = builder.getOrCreate()
    try:
        run(spark, args)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
