"""What an executor does with one partition of archives: copy them to local disk one at a time, run
`assess ingest` over them (the lake's ledger seeded into its output, so its duplicate rules span runs),
and write every table partition of its output as Parquet into the run's staging folder. Memory holds one
archive's copy buffer and one batch of rows, whatever the partition's size."""
import json
import os
import shutil
import subprocess
import tempfile

import assess_spark_tables as tables

LEDGER = "_assess/ledger.ndjson"


def filesystem_of(uri):
    """(pyarrow FileSystem, path) for a Spark path: local (plain or file:), s3a:// (as s3://), hdfs://, …"""
    from pyarrow import fs
    if uri.startswith("file:"):
        path = uri[len("file:"):]
        while path.startswith("//"):
            path = path[1:]
        return fs.LocalFileSystem(), path
    if "://" not in uri:
        return fs.LocalFileSystem(), os.path.abspath(uri)
    if uri.startswith("s3a://") or uri.startswith("s3n://"):
        uri = "s3://" + uri.split("://", 1)[1]
    return fs.FileSystem.from_uri(uri)


def assess_binary(name):
    """`--assess` on this executor: a path, else a file shipped with spark-submit --archives/--files (a
    relative name under the executor's Spark files), else a command on PATH."""
    if os.path.isabs(name) or os.path.exists(name):
        return os.path.abspath(name)
    if os.sep in name:
        from pyspark import SparkFiles
        shipped = os.path.join(SparkFiles.getRootDirectory(), name)
        if os.path.exists(shipped):
            return shipped
    return name


def ingest_command(settings, manifest, output):
    """The `assess ingest` command line for one partition, with every option the job passes through."""
    command = [assess_binary(settings["assess"]), "ingest", "--archive-map", settings["map"], "-o", output, "--manifest", manifest, "--jobs", "1"]
    for option, key in (("--catalog", "catalog"), ("--tolerated", "tolerated"), ("--max-errors", "max_errors"),
                        ("--dataset-names", "dataset_names"), ("--required", "required")):
        if settings.get(key):
            command += [option, str(settings[key])]
    for ref in settings["ref_dirs"]:
        command += ["--ref-dir", ref]
    for alias in settings["aliases"]:
        command += ["--file-alias", alias]
    return command


def copy_archives(paths, settings, work):
    """Copies each archive next to a manifest line naming it; returns (manifest path, local path → source)."""
    sources = {}
    manifest = os.path.join(work, "manifest.jsonl")
    with open(manifest, "w", encoding="utf-8") as lines:
        for index, source in enumerate(paths):
            name = os.path.basename(source)
            local = os.path.join(work, "in", str(index), name)
            os.makedirs(os.path.dirname(local))
            filesystem, path = filesystem_of(source)
            with filesystem.open_input_stream(path) as stream, open(local, "wb") as out:
                shutil.copyfileobj(stream, out, 1 << 20)
            sources[local] = source
            record = dict(settings["manifest"].get(name, {}))
            record["path"] = local
            lines.write(json.dumps(record) + "\n")
    return manifest, sources


def seed_ledger(output, ledger):
    """The lake's ingested records as the journal of an earlier `assess ingest` run over `output` (commit 0,
    no rows), so the run applies its own rules to them: a record already ingested is not written again,
    another record with the same taskRunUUID or recordId is a duplicate."""
    os.makedirs(os.path.join(output, "_assess"))
    with open(os.path.join(output, LEDGER), "w", encoding="utf-8") as journal:
        for record_id, run in ledger:
            journal.write(json.dumps({"commit": 0, "recordId": record_id, "taskRunUUID": run, "input": "the lake", "objects": []}) + "\n")


def outcomes_of(stdout_path, sources):
    """`assess ingest`'s line per input as (source, status, recordId, taskRunUUID, already ingested, reasons)."""
    outcomes = []
    with open(stdout_path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            report = json.loads(line)
            if "status" not in report:
                continue
            already = report.get("status") == "ingested" and report.get("written") == 0 and "note" in report
            outcomes.append((sources.get(report.get("input"), report.get("input")), report["status"], report.get("recordId"),
                             report.get("taskRunUUID"), already, report.get("reasons") or []))
    return outcomes


def restore_sources(row, sources, work):
    """Top-level fields naming an executor's local copy name the archive as Spark read it instead."""
    for key, value in row.items():
        if isinstance(value, str) and value.startswith(work):
            row[key] = sources.get(value, value)
    return row


def rows_of(line):
    """The rows of one NDJSON line: an object, or each object of an array (a JSON file that is an array of
    samples is one line; Spark's JSON reader too makes a row of each); anything else as {"value": it}."""
    if not line.strip():
        return []
    value = json.loads(line)
    values = value if isinstance(value, list) else [value]
    return [item if isinstance(item, dict) else {"value": item} for item in values]


def write_tables(output, staging, stem, settings, sources, work):
    """Every table partition folder of `output` as Parquet under `staging` (same relative folders, with
    the rejected table as dataset=assess_rejected); returns [(relative path, table, rows)]."""
    filesystem, root = filesystem_of(staging)
    written = []
    for folder, _, files in sorted(os.walk(output)):
        relative = os.path.relpath(folder, output)
        parts = relative.split(os.sep)
        names = sorted(name for name in files if name.endswith(".ndjson"))
        if relative == "." or parts[0].startswith("_") or not names:
            continue
        if parts[0] == tables.REJECTED:
            table, target = tables.REJECTED, "dataset=" + tables.REJECTED
        elif parts[0].startswith("dataset="):
            table, target = parts[0][len("dataset="):], "/".join(parts)
        else:
            continue
        writer = tables.TableWriter(filesystem, root + "/" + target, stem, table,
                                    tables.table_columns(table, settings["datasets"]), drop=tables.PARTITION_KEYS)
        try:
            for name in names:
                with open(os.path.join(folder, name), encoding="utf-8") as lines:
                    for line in lines:
                        for row in rows_of(line):
                            row = restore_sources(row, sources, work)
                            # An archive an earlier run rejected with the same verdict is not reported twice.
                            if table != tables.REJECTED or (row.get("input"), row.get("status")) not in settings["rejected"]:
                                writer.add(row)
        finally:
            files = writer.finish()
        written += [(path[len(root) + 1:], table, rows) for path, rows in files]
    return written


def ingest_partition(index, paths, settings, attempt):
    """Runs one partition; returns {"outcomes", "files"} for the driver (no rows)."""
    work = tempfile.mkdtemp(prefix="assess-spark-")
    try:
        manifest, sources = copy_archives(paths, settings, work)
        output = os.path.join(work, "out")
        seed_ledger(output, settings["ledger"])
        stdout_path = os.path.join(work, "stdout.ndjson")
        with open(stdout_path, "w", encoding="utf-8") as stdout:
            finished = subprocess.run(ingest_command(settings, manifest, output), stdout=stdout, stderr=subprocess.PIPE, text=True)
        if finished.returncode not in (0, 1):
            raise RuntimeError("assess ingest failed (exit %d) on partition %d: %s" % (finished.returncode, index, finished.stderr.strip()))
        stem = "part-%s-%05d-%d" % (settings["run"], index, attempt)
        staging = settings["staging"]
        files = write_tables(output, staging, stem, settings, sources, work)
        return {"partition": index, "outcomes": outcomes_of(stdout_path, sources), "files": files}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def drop_records(staging, relative, record_ids, attempt):
    """Rewrites one staged Parquet file without the rows of `record_ids` (duplicates found across
    partitions) beside it (the old file stays in staging, out of the commit); returns (old relative path,
    new relative path or None when no row is left, rows left)."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq
    filesystem, root = filesystem_of(staging)
    source = root + "/" + relative
    target = source[:-len(".parquet")] + "-d%d.parquet" % attempt
    kept_rows = 0
    with filesystem.open_input_file(source) as stream:
        parquet = pq.ParquetFile(stream)
        writer = None
        for batch in parquet.iter_batches(batch_size=4096):
            keep = pc.invert(pc.is_in(batch.column(batch.schema.get_field_index("recordid")), value_set=_array(record_ids)))
            kept = batch.filter(pc.fill_null(keep, True))
            if kept.num_rows:
                if writer is None:
                    writer = pq.ParquetWriter(target, parquet.schema_arrow, filesystem=filesystem, compression="snappy")
                writer.write_batch(kept)
                kept_rows += kept.num_rows
        if writer is not None:
            writer.close()
    return relative, (target[len(root) + 1:] if kept_rows else None), kept_rows


def _array(values):
    import pyarrow as pa
    return pa.array(sorted(values), type=pa.string())
