"""Ingest result archives on Apache Spark with `assess ingest`, as Sage's pipeline does on AWS Glue.

The driver lists the archives (paths only), splits them in path order into partitions, and each
executor runs `assess ingest` over its partition and writes every table as Parquet (partitioned like
Sage's: dataset=NAME/assessmentid/year/month/day, rejected rows in dataset=assess_rejected) into the
run's staging folder. Runs append to the lake: the lake's ledger of ingested records (recordId,
taskRunUUID) is seeded into every partition's ingest, so a record an earlier run ingested is not
written again and a re-upload is a duplicate; duplicates across partitions go to the first archive by
path. A run becomes visible at its commit; a failed or killed run leaves the lake as it was.

    spark-submit assess_ingest_job.py --archives s3a://bucket/uploads/ --archive-map archive-map.json \
        --output s3a://bucket/parquet/ [--manifest manifest.jsonl] [--assess /opt/assess/bin/assess] \
        [--ref-dir DIR]... [--catalog FILE] [--file-alias NAME=MAPPED]... [--required error|warning] \
        [--tolerated FILE] [--max-errors N] [--dataset-names FILE] [--partitions N]
"""
import argparse
import json
import os
import sys

import assess_spark_executor as executor
import assess_spark_tables as tables
from assess_spark_lake import HOME, Lake

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ("assess_spark_tables.py", "assess_spark_executor.py", "assess_spark_lake.py")
SHIPPED = set()  # (application, module) already added to a Spark context


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archives", required=True, action="append", help="archive path(s) or folder(s) (any Spark path)")
    parser.add_argument("--archive-map", required=True)
    parser.add_argument("--output", required=True, help="the lake (appended to; never replaced)")
    parser.add_argument("--manifest", help="JSON lines of record metadata; matched to archives by file name")
    parser.add_argument("--assess", default="assess", help="the assess binary on the executors")
    parser.add_argument("--ref-dir", action="append", default=[])
    parser.add_argument("--catalog")
    parser.add_argument("--file-alias", action="append", default=[])
    parser.add_argument("--required", choices=["error", "warning"])
    parser.add_argument("--tolerated", help="known errors to ignore (assess ingest --tolerated)")
    parser.add_argument("--max-errors", type=int, help="errors kept per file (assess ingest --max-errors)")
    parser.add_argument("--dataset-names", help="schema URI -> dataset name (Sage's schema_mapping.json)")
    parser.add_argument("--partitions", type=int, help="number of partitions (default: one per core, more to keep each under about 2,000 archives or 512 MB)")
    parser.add_argument("--master", help="Spark master when run with python instead of spark-submit (e.g. local[2])")
    parser.add_argument("--driver-memory", help="with --master: the driver's memory, e.g. 2g")
    return parser.parse_args(argv)


def say(text):
    print("assess-spark: " + text, file=sys.stderr, flush=True)


def manifest_by_name(path):
    """Manifest lines by archive file name (the `path` member's last component)."""
    records = {}
    if path:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    record = json.loads(line)
                    if isinstance(record, dict) and isinstance(record.get("path"), str):
                        records[os.path.basename(record["path"])] = record
    return records


def settings_of(args, lake, run, ledger):
    """Everything an executor needs, read once on the driver: options, manifest, table schemas, ledger."""
    local = (lambda path: os.path.abspath(path) if path else None)
    registry = tables.SchemaRegistry()
    for folder in args.ref_dir:
        registry.add_folder(folder)
    if args.catalog:
        registry.add_catalog(args.catalog)
    names = {}
    if args.dataset_names:
        with open(args.dataset_names, encoding="utf-8") as source:
            names = json.load(source)
    with open(args.archive_map, encoding="utf-8") as source:
        archive_map = json.load(source)
    return {
        "assess": args.assess, "map": local(args.archive_map), "manifest": manifest_by_name(args.manifest),
        "ref_dirs": [local(ref) for ref in args.ref_dir], "catalog": local(args.catalog), "aliases": args.file_alias,
        "required": args.required, "tolerated": local(args.tolerated), "max_errors": args.max_errors,
        "dataset_names": local(args.dataset_names), "datasets": tables.dataset_columns(archive_map, registry, names),
        "ledger": ledger["records"], "rejected": set(ledger["rejected"]), "run": run, "staging": lake.staging_uri(run),
    }


def plan(spark, args, ingested):
    """The archives' paths in order, less those the lake already ingested (by path: skipped unread), split
    into partitions of at most about 2,000 archives or 512 MB, at least one per core; and the number skipped."""
    listed = (spark.read.format("binaryFile").option("pathGlobFilter", "*.zip").option("recursiveFileLookup", "true")
              .load(args.archives).select("path", "length").collect())
    fresh = sorted((row for row in listed if row.path not in ingested), key=lambda row: row.path)
    total = sum(row.length for row in fresh)
    count = args.partitions or max(spark.sparkContext.defaultParallelism, -(-len(fresh) // 2000), -(-total // (512 << 20)))
    count = max(1, min(count, len(fresh)))
    size = -(-len(fresh) // count) if fresh else 1
    return [[row.path for row in fresh[start:start + size]] for start in range(0, len(fresh), size)], len(listed) - len(fresh)


def cross_partition_duplicates(results):
    """Records two partitions both ingested: the first archive by path keeps its recordId and taskRunUUID,
    as `assess ingest` keeps the first of a batch. Returns {partition: {recordId}} and rejected rows."""
    ingested = sorted((outcome[0], result["partition"], outcome) for result in results for outcome in result["outcomes"]
                      if outcome[1] == "ingested" and not outcome[4])
    records, runs, losers, rejected = {}, {}, {}, []
    for source, partition, (_, _, record_id, run, _, _) in ingested:
        if record_id in records:
            reason = "recordId %s was already ingested from %s" % (record_id, records[record_id])
        elif run is not None and run in runs:
            reason = "taskRunUUID %s was already ingested as record %s" % (run, runs[run])
        else:
            records[record_id] = source
            if run is not None:
                runs[run] = record_id
            continue
        losers.setdefault(partition, set()).add(record_id)
        rejected.append({"input": source, "status": "duplicate", "reasons": [reason], "recordId": record_id, "taskRunUUID": run})
    return losers, rejected


def run(spark, args):
    """Runs the job; returns its summary (raises, after saying the lake is unchanged, when it fails)."""
    sc = spark.sparkContext
    for module in MODULES:
        if (sc.applicationId, module) not in SHIPPED:
            sc.addPyFile(os.path.join(HERE, module))
            SHIPPED.add((sc.applicationId, module))
    lake = Lake(args.output)
    lake.recover(say)
    run_id = Lake.new_run()
    ledger = lake.ledger()
    settings = settings_of(args, lake, run_id, ledger)
    try:
        partitions, skipped = plan(spark, args, set(ledger["archives"]))
        shared = sc.broadcast(settings)
        from pyspark import TaskContext

        def ingest(index, rows):
            for paths in rows:
                yield executor.ingest_partition(index, paths, shared.value, TaskContext.get().attemptNumber())
        results = sc.parallelize(partitions, max(1, len(partitions))).mapPartitionsWithIndex(ingest).collect() if partitions else []
        losers, duplicates = cross_partition_duplicates(results)
        files = [(path, table, rows) for result in results for path, table, rows in result["files"]]
        files = drop_duplicates(sc, settings["staging"], files, results, losers)
        duplicates = [row for row in duplicates if (row["input"], row["status"]) not in settings["rejected"]]
        if duplicates:
            files += stage_rejected(lake, run_id, duplicates)
        outcomes = [(result["partition"],) + tuple(outcome) for result in results for outcome in result["outcomes"]]
        kept = [o for o in outcomes if o[2] == "ingested" and not o[5] and o[3] not in losers.get(o[0], ())]
        entries = [{"recordId": o[3], "taskRunUUID": o[4], "archive": o[1]} for o in kept]
        entries += [{"archive": o[1], "status": o[2], "recordId": o[3]} for o in outcomes
                    if o[2] != "ingested" and (o[1], o[2]) not in settings["rejected"]]
        entries += [{"archive": row["input"], "status": row["status"], "recordId": row["recordId"]} for row in duplicates]
        summary = summarize([o[1:] for o in outcomes], len(kept), skipped, sum(len(ids) for ids in losers.values()), files)
        ledger_path = "%s/ledger/%s.ndjson" % (HOME, run_id)
        if files or entries:
            lake.stage_text(run_id, ledger_path, "".join(json.dumps(dict(entry, run=run_id)) + "\n" for entry in entries))
            lake.write_commit(run_id, [path for path, _, _ in files] + [ledger_path], summary)
        else:
            lake.discard(run_id)
    except BaseException:
        lake.discard(run_id)
        say("the run failed before its commit: the lake is as it was (nothing of run %s was written to it)" % run_id)
        raise
    if not (files or entries):
        say("nothing new: the lake already holds every archive given")
        return summary
    try:
        lake.move_into_place(run_id, [path for path, _, _ in files] + [ledger_path])
    except BaseException:
        say("run %s is committed but its files could not all be moved into place: the next run over the lake moves the rest" % run_id)
        raise
    lake.discard(run_id)
    return summary


def drop_duplicates(sc, staging, files, results, losers):
    """The staged files of partitions holding a cross-partition duplicate, rewritten without its rows."""
    if not losers:
        return files
    targets = [(path, sorted(losers[partition])) for result in results for partition in [result["partition"]]
               if partition in losers for path, table, _ in result["files"] if table != tables.REJECTED]
    from pyspark import TaskContext

    def rewrite(rows):
        for path, record_ids in rows:
            yield executor.drop_records(staging, path, set(record_ids), TaskContext.get().attemptNumber())
    rewritten = {old: (new, rows) for old, new, rows in sc.parallelize(targets, max(1, len(targets))).mapPartitions(rewrite).collect()}
    kept = []
    for path, table, rows in files:
        if path in rewritten:
            path, rows = rewritten[path]
        if path is not None:
            kept.append((path, table, rows))
    return kept


def stage_rejected(lake, run_id, rows):
    """The cross-partition duplicates as one more file of dataset=assess_rejected."""
    folder = "dataset=" + tables.REJECTED
    writer = tables.TableWriter(lake.filesystem, lake.path(HOME, "staging", run_id, folder), "part-%s-duplicates" % run_id,
                                tables.REJECTED, tables.table_columns(tables.REJECTED, {}))
    for row in rows:
        writer.add(dict(row))
    prefix = len(lake.path(HOME, "staging", run_id)) + 1
    return [(path[prefix:], tables.REJECTED, count) for path, count in writer.finish()]


def summarize(outcomes, ingested, skipped, cross_duplicates, files):
    """Counts per archive verdict, and rows and files per table."""
    statuses = [outcome[1] for outcome in outcomes]
    per_table = {}
    for _, table, rows in files:
        entry = per_table.setdefault(table, {"rows": 0, "files": 0})
        entry["rows"] += rows
        entry["files"] += 1
    return {"archives": len(outcomes) + skipped, "ingested": ingested,
            "alreadyIngested": skipped + sum(1 for outcome in outcomes if outcome[4]),
            "invalid": statuses.count("invalid"), "duplicate": statuses.count("duplicate") + cross_duplicates,
            "tables": dict(sorted(per_table.items()))}


def session(args):
    """A Spark session with quiet logs: warnings only, no progress bars unless standard error is a terminal."""
    from pyspark.sql import SparkSession
    builder = (SparkSession.builder.appName("assess-ingest").config("spark.log.level", "WARN")
               .config("spark.ui.showConsoleProgress", str(sys.stderr.isatty()).lower()))
    if args.master:
        builder = builder.master(args.master)
        if args.master.startswith("local"):
            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the workers run this interpreter
    if args.driver_memory:
        builder = builder.config("spark.driver.memory", args.driver_memory)
    return builder.getOrCreate()


def main(argv=None):
    args = parse_args(argv)
    spark = session(args)
    try:
        summary = run(spark, args)
    except Exception as error:  # the lake is untouched (run() said so); the reason, then a failure status
        say("error: %s" % error)
        return 3
    finally:
        spark.stop()
    print(json.dumps({"summary": summary}))
    say("%(archives)d archives: %(ingested)d ingested, %(alreadyIngested)d already in the lake, %(invalid)d invalid, "
        "%(duplicate)d duplicate" % summary)
    for table, entry in summary["tables"].items():
        say("  %-32s %9d rows in %d files" % (table, entry["rows"], entry["files"]))
    return 0 if summary["ingested"] + summary["alreadyIngested"] == summary["archives"] else 1


if __name__ == "__main__":
    sys.exit(main())
