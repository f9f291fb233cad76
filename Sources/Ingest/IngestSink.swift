import FoundationEssentials
import JSONCore
import ResultArchive
import ZipArchive

/// What became of one input.
public struct IngestOutcome: Sendable {
    /// Ingested, or rejected as invalid, duplicate, or superseded by a later export of its record
    /// (`--on-record-id latest`).
    public enum Status: String, Sendable {
        case ingested, invalid, duplicate, superseded
    }

    /// The upload this outcome is for.
    public let input: IngestInput
    /// Whether it was ingested, and if not why.
    public let status: Status
    /// The record identifier: the manifest's `recordId`, else the archive's file name without `.zip`.
    public let recordId: String
    /// The run identifier its files carry, when they name one.
    public let taskRunUUID: String?
    /// Every reason the record was rejected (empty when ingested).
    public let reasons: [String]
    /// The files its rows go to (dataset objects and table rows, or its rejected row).
    public let written: [String]
    /// Why nothing was written for an ingested record (it was ingested by an earlier run).
    public let note: String?
    /// The input whose export of the record this one replaced (`--on-record-id latest`), if any.
    public var supersedes: String?

    /// The one-line JSON report of the outcome (`assess ingest` prints one per input).
    public var json: JSONValue {
        .object(JSONObject([
            .init(key: "input", value: .string(input.name)),
            .init(key: "status", value: .string(status.rawValue)),
            .init(key: "recordId", value: .string(recordId)),
            .init(key: "taskRunUUID", value: taskRunUUID.map(JSONValue.string) ?? .null),
            .init(key: "reasons", value: .array(reasons.map(JSONValue.string))),
            .init(key: "written", value: .number(JSONNumber(written.count))),
        ] + (note.map { [.init(key: "note", value: .string($0))] } ?? [])
          + (supersedes.map { [.init(key: "supersedes", value: .string($0))] } ?? [])))
    }

    /// The report lines of `outcomes` (each `json` as `JSONWriter.compact` writes it, and a line feed),
    /// written straight as bytes.
    public static func lines(_ outcomes: [IngestOutcome]) -> [UInt8] {
        var lines = JSONBytes(capacity: 256 * outcomes.count)
        for outcome in outcomes {
            lines.beginObject()
            lines.key("input"); lines.string(outcome.input.name)
            lines.key("status"); lines.string(outcome.status.rawValue)
            lines.key("recordId"); lines.string(outcome.recordId)
            lines.key("taskRunUUID"); lines.string(outcome.taskRunUUID)
            lines.key("reasons"); lines.strings(outcome.reasons)
            lines.key("written"); lines.integer(outcome.written.count)
            if let note = outcome.note { lines.key("note"); lines.string(note) }
            if let supersedes = outcome.supersedes { lines.key("supersedes"); lines.string(supersedes) }
            lines.endObject()
            lines.endLine()
        }
        return lines.bytes
    }
}

/// Why the output folder cannot be written (the batch stops: nothing can be ingested).
public struct IngestWriteError: Error, Sendable, CustomStringConvertible {
    /// The path and the system's reason.
    public let description: String
}

/// Which export of a record identifier is kept when it comes more than once (in a batch or across runs).
public enum RecordIdPolicy: String, Sendable, CaseIterable {
    /// The first ingested stays; later ones are duplicates.
    case first
    /// The latest export stays, as Sage's pipeline keeps it: their `bootstrap_trigger.py` sorts uploads by
    /// `exportedOn` and keeps the last of each record id, and a later export's objects replace the earlier's.
    /// Ordered by the manifest's `exportedOn` (a record without one after every record with one, as their
    /// sort puts missing values last), then by input order and run (the later wins a tie).
    case latest
}

/// How an ingest run groups rows into files under each partition folder.
public enum IngestLayout: String, Sendable, CaseIterable {
    /// One file per partition folder and run, `part-NNNNNN.ndjson` (NNNNNN: the run's first commit), each
    /// commit appending to it (Spark and Glue read every file of a partition whatever its name): few files,
    /// however many records and commits.
    case batch
    /// One file per record and dataset, `RECORDID.ndjson`: Sage's objects, one per record.
    case record
}

/// Takes prepared records in input order, decides duplicates (within the run by `recordId` and
/// `taskRunUUID`; across earlier runs over the same folder by both, through the ledger) and writes the
/// rows in commits: every `commitRecords` records or `commitBytes` bytes, and at `finish()`. In the batch
/// layout (without `durable`, keeping the first export) rows are appended to the run's part files as each
/// record is decided (`streams`); otherwise a commit holds them and a file is written then renamed, or
/// appended to. A commit is undone whole if the run stops before it is recorded (`IngestLedger`). Re-running over the
/// same output ingests nothing twice: a record already there is reported as ingested by the earlier run
/// and written again by no one. With `RecordIdPolicy.latest`, a later export of a record replaces the
/// one held: its rows leave every file (the files rewritten, the ledger renumbered) and it is listed in
/// the rejected table as superseded.
public struct IngestSink {
    /// The output folder.
    public let folder: String
    /// How rows are grouped into files.
    public let layout: IngestLayout
    /// Which export of a record identifier is kept.
    public let onRecordId: RecordIdPolicy
    /// Records waiting that trigger a commit.
    public let commitRecords: Int
    /// Bytes waiting that trigger a commit.
    public let commitBytes: Int
    /// How many of a commit's files are written at once.
    public let writers: Int
    /// Whether each commit is on disk before the ledger records it (else files are flushed at `finish()`).
    public let durable: Bool
    var ledger: IngestLedger
    /// The files of the waiting commit, in the order their first rows came.
    var waitingFiles: [WaitingFile] = []
    /// Where each waiting file is in `waitingFiles`, by path.
    var waitingIndex: [String: Int] = [:]
    /// Where the file of each partition folder is in `waitingFiles`, by folder (a streamed window's: its
    /// part files are `FOLDER/partName`).
    var streamFolders: [FolderKey: Int] = [:]
    var waitingRecords: [WaitingRecord] = []
    var waitingBytes = 0
    /// The records whose rows the waiting commit removes (replaced by a later export), by record identifier.
    var waitingSupersessions: [String: Supersession] = [:]
    /// The owner of each object of the waiting commit, by path (per-record layout).
    var waitingOwners: [String: String] = [:]
    /// This run's part file name (batch layout), once its first commit is known.
    var partName: String?
    /// The waiting commit's window when its rows are streamed (`streams`), once its first record came.
    var streamWindow: StreamWindow?
    /// The part files this run wrote (batch layout): their size and line count, to append to.
    var runFiles: [String: (size: Int, lines: Int)] = [:]
    /// Outcomes not yet reported: those of the waiting records, and any decided after the first of them.
    var unreported: [IngestOutcome] = []
    /// Each record ingested by this run, by record identifier (also those whose id is their file name).
    var ingestedByThisRun: [String: Held] = [:]
    /// Inputs of this batch by manifest record identifier (whatever their verdict) and by run (valid ones).
    var seenRecords: [String: String] = [:]
    var seenRuns: [String: (input: String, recordId: String)] = [:]

    /// A sink writing under `folder` (created; what an interrupted run left in flight is finished or undone
    /// first). A commit holding its rows writes its files on `writers` threads (one per job: on a real disk,
    /// copying rows into the page cache is much of an ingest's time). With `durable`, each commit's marker, files and ledger
    /// lines are flushed (`fsync`) in that order, so a machine that stops mid-run loses no record the ledger
    /// calls ingested; without it, a process that stops loses nothing either,
    /// the output's file system is flushed on another thread after each commit and every 4 MiB of rows
    /// streamed (the kernel writes the files back while the run goes on), and `finish()` flushes it once more: only that file system, never
    /// all of them (`sync`).
    public init(folder: String, layout: IngestLayout = .batch, onRecordId: RecordIdPolicy = .first, commitRecords: Int = 1_000,
                commitBytes: Int = 32 << 20, writers: Int = 1, durable: Bool = false) throws(IngestWriteError) {
        self.folder = folder
        self.layout = layout
        self.onRecordId = onRecordId
        self.commitRecords = max(commitRecords, 1)
        self.commitBytes = max(commitBytes, 1)
        self.writers = max(writers, 1)
        self.durable = durable
        ledger = try IngestLedger(folder: folder, durable: durable, tracksOwners: layout == .record)
    }

    /// Decides one record; its rows are written by the commit it joins. Returns the outcomes now settled,
    /// in input order: an ingested record's once its commit is made, and every later one behind it.
    public mutating func take(_ prepared: PreparedRecord) throws(IngestWriteError) -> [IngestOutcome] {
        var settled: [IngestOutcome] = []
        var status = IngestOutcome.Status.ingested, reasons: [String] = [], note: String?, supersedes: String?
        switch decide(prepared) {
        case .ingest(let replacing):
            if let conflict = ownershipConflict(prepared) {
                status = .invalid
                reasons = [conflict]
            } else if let replacing {
                // The export it replaces must be committed first: its rows are then removed through the ledger.
                if waitingRecords.contains(where: { $0.recordId == prepared.recordId }) { settled += try commit() }
                waitingSupersessions[prepared.recordId] = Supersession(input: prepared.input.name, exportedOn: prepared.exportedOn,
                                                                       record: prepared.input.record, key: prepared.report?.key)
                supersedes = replacing
            }
        case .skip(let text): note = text
        case .reject(let rejected, let why): (status, reasons) = (rejected, why)
        }
        var written: [String] = []
        if status == .ingested, note == nil {
            written = streams ? try stream(prepared) : wait(prepared, replaces: supersedes)
            ingestedByThisRun[prepared.recordId] = Held(input: prepared.input.name, run: prepared.taskRunUUID, exportedOn: prepared.exportedOn)
        } else if status != .ingested {
            let path = IngestSink.rejectedPath(recordId: prepared.recordId, input: prepared.input.name)
            try ledger.writeFile(JSONWriter.compact.bytes(IngestSink.rejectedRow(prepared, status: status, reasons: reasons)) + [0x0A], to: path)
            written.append(path)
        }
        var outcome = IngestOutcome(input: prepared.input, status: status, recordId: prepared.recordId, taskRunUUID: prepared.taskRunUUID,
                                    reasons: reasons, written: written, note: note)
        outcome.supersedes = supersedes
        unreported.append(outcome)
        if waitingRecords.isEmpty || waitingRecords.count >= commitRecords || waitingBytes >= commitBytes { settled += try commit() }
        return settled
    }

    /// Commits what is waiting and flushes what the run wrote to disk (call once, at the end of the run: the
    /// output's file system); returns the outcomes not reported yet.
    public mutating func finish() throws(IngestWriteError) -> [IngestOutcome] {
        let settled = try commit()
        ledger.openFiles.closeAll()
        // A durable run's commits are on disk already.
        if !durable { try ledger.flushRun() }
        return settled
    }

    /// Where the rejected row of `input` (record `recordId`) goes.
    static func rejectedPath(recordId: String, input: String) -> String {
        OwnTable.rejected.rawValue + "/" + SafeName.objectName(record: recordId, qualifier: SafeName.hash(input))
    }

    /// The rejected record, with every reason, in our shape and in Sage's (`assessmentId`,
    /// `assessmentRevision`, `appId`, `recordId`, `errors: {file: [...]}`).
    static func rejectedRow(_ prepared: PreparedRecord, status: IngestOutcome.Status, reasons: [String]) -> JSONValue {
        let record = prepared.input.record
        let key = prepared.report?.key
        var errors = JSONObject()
        for verdict in prepared.report?.files ?? [] where !verdict.errors.isEmpty {
            errors[verdict.filename] = .array(verdict.errors.map { .string($0.description) })
        }
        let archive = prepared.input.path.map { URL(fileURLWithPath: $0).lastPathComponent } ?? prepared.input.name
        if errors.isEmpty || status == .duplicate { errors[archive] = .array(reasons.map(JSONValue.string)) }
        return .object(JSONObject([
            .init(key: "input", value: .string(prepared.input.name)),
            .init(key: "status", value: .string(status.rawValue)),
            .init(key: "reasons", value: .array(reasons.map(JSONValue.string))),
            .init(key: "taskRunUUID", value: prepared.taskRunUUID.map(JSONValue.string) ?? .null),
            .init(key: "assessmentId", value: (record?.assessmentId ?? key?.assessmentId).map(JSONValue.string) ?? .null),
            .init(key: "assessmentRevision", value: (record?.assessmentRevision ?? key?.assessmentRevision).map { .number(JSONNumber($0)) } ?? .null),
            .init(key: "appId", value: (record?.appId ?? key?.appId).map(JSONValue.string) ?? .null),
            .init(key: "recordId", value: .string(prepared.recordId)),
            .init(key: "errors", value: .object(errors)),
        ]))
    }
}
