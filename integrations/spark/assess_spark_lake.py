"""The lake's bookkeeping, under OUTPUT/_assess_spark/ (Spark, Glue and Athena skip `_` folders):

- `staging/RUN/`: everything a run writes, in the lake's own relative layout, invisible to readers;
- `commits/RUN.json`: the commit point. Written (temporary name, then renamed) once every file of the run
  is staged; it lists them. Before it exists the run never happened: a failed or killed run's staging
  folder is removed by the next run. Once it exists the run is committed: its files are moved into place
  (by it, or by the next run if it was stopped while moving), and nothing else reads its staging folder;
- `ledger/RUN.ndjson`: what each committed run did, one of the run's files, moved into place last: a
  line per record ingested (recordId, taskRunUUID, archive) and per archive rejected (archive, status).
  The union of these is the lake's ledger.

Files are only ever added: a run never replaces or removes a file of the lake.
"""
import json
import time
import uuid

from assess_spark_executor import filesystem_of

HOME = "_assess_spark"


class Lake:
    def __init__(self, output):
        self.output = output.rstrip("/") or "/"
        self.filesystem, self.root = filesystem_of(self.output)

    def path(self, *parts):
        return "/".join((self.root,) + parts)

    def uri(self, *parts):
        """A path under the lake as the job names it to executors (the same scheme as --output)."""
        return "/".join((self.output,) + parts)

    @staticmethod
    def new_run():
        return time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + "-" + uuid.uuid4().hex[:8]

    def listing(self, folder):
        from pyarrow import fs
        selector = fs.FileSelector(self.path(HOME, folder), allow_not_found=True)
        return sorted(info.base_name for info in self.filesystem.get_file_info(selector))

    def recover(self, say):
        """Finishes the moves of committed runs that were stopped while moving, and removes the staging
        folders of runs that never reached their commit point."""
        committed = {name[:-len(".json")] for name in self.listing("commits") if name.endswith(".json")}
        for name in self.listing("commits"):
            if name.endswith(".tmp"):  # a commit file never renamed: that run never committed
                self.filesystem.delete_file(self.path(HOME, "commits", name))
        for run in self.listing("staging"):
            if run in committed:
                say("finishing the commit of run %s (stopped while its files were moved into place)" % run)
                self.move_into_place(run, self.read_commit(run)["files"])
            else:
                say("removing run %s's staged files (it stopped before its commit: none of it is in the lake)" % run)
            self.filesystem.delete_dir(self.path(HOME, "staging", run))

    def read_commit(self, run):
        with self.filesystem.open_input_stream(self.path(HOME, "commits", run + ".json")) as stream:
            return json.loads(stream.read().decode("utf-8"))

    def ledger(self):
        """What committed runs did: {"records": [(recordId, taskRunUUID)] ingested, "archives": the paths
        of the archives ingested, "rejected": [(archive, status)] rejected}."""
        ledger = {"records": [], "archives": [], "rejected": []}
        for name in self.listing("ledger"):
            if name.endswith(".ndjson"):
                with self.filesystem.open_input_stream(self.path(HOME, "ledger", name)) as stream:
                    for line in stream.read().decode("utf-8").splitlines():
                        entry = json.loads(line) if line.strip() else {}
                        if entry.get("status", "ingested") != "ingested":
                            ledger["rejected"].append((entry["archive"], entry["status"]))
                        elif entry:
                            ledger["records"].append((entry["recordId"], entry.get("taskRunUUID")))
                            ledger["archives"].append(entry["archive"])
        return ledger

    def staging_uri(self, run):
        return self.uri(HOME, "staging", run)

    def stage_text(self, run, relative, text):
        path = self.path(HOME, "staging", run, relative)
        self.filesystem.create_dir(path.rsplit("/", 1)[0], recursive=True)
        with self.filesystem.open_output_stream(path) as stream:
            stream.write(text.encode("utf-8"))

    def write_commit(self, run, files, summary):
        """The commit point: the file naming the run's files (relative paths under its staging folder),
        written under a temporary name and renamed. The files are then moved by `move_into_place`, the
        ledger's last, so a reader of the ledger never sees records whose rows are not in place."""
        commits = self.path(HOME, "commits")
        self.filesystem.create_dir(commits, recursive=True)
        temporary = "%s/.%s.json.tmp" % (commits, run)
        with self.filesystem.open_output_stream(temporary) as stream:
            stream.write(json.dumps({"run": run, "files": files, "summary": summary}).encode("utf-8"))
        self.filesystem.move(temporary, "%s/%s.json" % (commits, run))

    def move_into_place(self, run, files):
        from pyarrow import fs
        for relative in files:
            source = self.path(HOME, "staging", run, relative)
            if self.filesystem.get_file_info(source).type == fs.FileType.NotFound:
                continue  # moved before the run stopped
            target = self.path(relative)
            self.filesystem.create_dir(target.rsplit("/", 1)[0], recursive=True)
            self.filesystem.move(source, target)

    def discard(self, run):
        from pyarrow import fs
        folder = self.path(HOME, "staging", run)
        if self.filesystem.get_file_info(folder).type != fs.FileType.NotFound:
            self.filesystem.delete_dir(folder)
