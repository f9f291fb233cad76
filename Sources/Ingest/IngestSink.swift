import Foundation
import JSONCore
import ResultArchive
import ZipArchive

/// What became of one input.
public struct IngestOutcome: Sendable {
    /// Ingested, or rejected as invalid or duplicate.
    public enum Status: String, Sendable {
        case ingested, invalid, duplicate
    }

    public let input: IngestInput
    public let status: Status
    public let recordId: String
    public let taskRunUUID: String?
    /// Every reason the record was rejected (empty when ingested).
    public let reasons: [String]
    /// The files its rows go to (dataset objects and table rows, or its rejected row).
    public let written: [String]
    /// Why nothing was written for an ingested record (it was ingested by an earlier run).
    public let note: String?

    /// The one-line JSON report of the outcome (`assess ingest` prints one per input).
    public var json: JSONValue {
        .object(JSONObject([
            .init(key: "input", value: .string(input.name)),
            .init(key: "status", value: .string(status.rawValue)),
            .init(key: "recordId", value: .string(recordId)),
            .init(key: "taskRunUUID", value: taskRunUUID.map(JSONValue.string) ?? .null),
            .init(key: "reasons", value: .array(reasons.map(JSONValue.string))),
            .init(key: "written", value: .number(JSONNumber(written.count))),
        ] + (note.map { [.init(key: "note", value: .string($0))] } ?? [])))
    }
}

/// Why the output folder cannot be written (the batch stops: nothing can be ingested).
public struct IngestWriteError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// How an ingest run groups rows into files under each partition folder.
public enum IngestLayout: String, Sendable, CaseIterable {
    /// One file per partition folder and commit, `part-NNNNNN.ndjson` (Spark and Glue read every file
    /// of a partition whatever its name): few files, however many records.
    case batch
    /// One file per record and dataset, `RECORDID.ndjson`: Sage's objects, one per record.
    case record
}

/// Takes prepared records in input order, decides duplicates (within the run by `recordId` and
/// `taskRunUUID`; across earlier runs over the same folder by both, through the ledger) and writes the
/// rows in commits: every `commitRecords` records or `commitBytes` bytes, and at `finish()`. Each file
/// is written then renamed, and a commit is undone whole if the run stops before it is recorded
/// (`IngestLedger`). Re-running over the same output ingests nothing twice: a record already there is
/// reported as ingested by the earlier run and written again by no one.
public struct IngestSink {
    /// The output folder.
    public let folder: String
    /// How rows are grouped into files.
    public let layout: IngestLayout
    /// Records waiting that trigger a commit.
    public let commitRecords: Int
    /// Bytes waiting that trigger a commit.
    public let commitBytes: Int
    /// How many of a commit's files are written at once.
    public let writers: Int
    /// Whether each commit is on disk before the ledger records it (else files are flushed at `finish()`).
    public let durable: Bool
    private var batch: BatchVerifier
    private var ledger: IngestLedger
    /// The files of the waiting commit, in the order their first rows came.
    private var waitingFiles: [WaitingFile] = []
    /// Where each waiting file is in `waitingFiles`, by partition folder (batch layout) or path (record layout).
    private var waitingIndex: [String: Int] = [:]
    /// The part file name of the waiting commit, and the commit's number.
    private var waitingPart = (commit: 0, name: "")
    private var waitingEntries: [IngestLedger.Entry] = []
    private var waitingBytes = 0
    /// Outcomes not yet reported: those of the waiting records, and any decided after the first of them.
    private var unreported: [IngestOutcome] = []
    /// The input each record ingested by this run came from, by record identifier (also those whose id is
    /// their file name, which the batch verifier does not see).
    private var ingestedByThisRun: [String: String] = [:]

    /// A sink writing under `folder` (created; what an interrupted run left in flight is undone first);
    /// `verifier` is the one the records were verified with. A commit writes its files on `writers` threads
    /// (one per job: on a real disk, copying rows into the page cache is much of an ingest's time). With
    /// `durable`, each commit's marker, files and ledger lines are flushed (`fsync`) in that order, so a
    /// machine that stops mid-run loses no record the ledger calls ingested; without it, a process that stops
    /// loses nothing either, and the files are flushed once, at `finish()`.
    public init(folder: String, verifier: ArchiveVerifier, layout: IngestLayout = .batch,
                commitRecords: Int = 1_000, commitBytes: Int = 32 << 20, writers: Int = 1, durable: Bool = false) throws(IngestWriteError) {
        self.folder = folder
        self.layout = layout
        self.commitRecords = max(commitRecords, 1)
        self.commitBytes = max(commitBytes, 1)
        self.writers = max(writers, 1)
        self.durable = durable
        batch = BatchVerifier(verifier: verifier)
        ledger = try IngestLedger(folder: folder, durable: durable)
    }

    /// Decides one record; its rows are written by the commit it joins. Returns the outcomes now settled,
    /// in input order: an ingested record's once its commit is made, and every later one behind it.
    public mutating func take(_ prepared: PreparedRecord) throws(IngestWriteError) -> [IngestOutcome] {
        var status: IngestOutcome.Status = prepared.reasons.isEmpty ? .ingested : .invalid
        var reasons = prepared.reasons
        if let report = prepared.report {
            let marked = batch.mark(report)
            if marked.status == .duplicate {
                status = .duplicate
                reasons = marked.problems.map(\.description)
            }
        }
        if status == .ingested, let first = ingestedByThisRun[prepared.recordId] {
            status = .duplicate
            reasons = [ArchiveProblem.duplicateRecord(recordId: prepared.recordId, firstSeenIn: first).description]
        }
        var note: String?
        if status == .ingested, let earlier = ledger.runOfRecord[prepared.recordId] {
            if earlier == prepared.taskRunUUID {
                note = "already ingested by an earlier run over \(folder)"
            } else {
                status = .duplicate
                reasons = ["recordId \(prepared.recordId) was already ingested by an earlier run over \(folder) with "
                           + (earlier.map { "taskRunUUID \($0)" } ?? "no taskRunUUID")]
            }
        }
        if status == .ingested, note == nil, let run = prepared.taskRunUUID, let earlier = ledger.recordOfRun[run], earlier != prepared.recordId {
            status = .duplicate
            reasons = ["taskRunUUID \(run) was already ingested as record \(earlier) (an earlier run over \(folder))"]
        }
        var written: [String] = []
        if status == .ingested, note == nil {
            written = wait(prepared)
            ingestedByThisRun[prepared.recordId] = prepared.input.name
        } else if status != .ingested {
            let path = "\(OwnTable.rejected.rawValue)/\(SafeName.objectName(record: prepared.recordId, suffix: "-" + SafeName.hash(prepared.input.name)))"
            try IngestLedger.write(JSONWriter.compact.bytes(IngestSink.rejectedRow(prepared, status: status, reasons: reasons)) + [0x0A], to: folder + "/" + path, flush: durable)
            written.append(path)
        }
        unreported.append(IngestOutcome(input: prepared.input, status: status, recordId: prepared.recordId, taskRunUUID: prepared.taskRunUUID,
                                        reasons: reasons, written: written, note: note))
        if waitingEntries.isEmpty || waitingEntries.count >= commitRecords || waitingBytes >= commitBytes { return try commit() }
        return []
    }

    /// Commits what is waiting and flushes everything written to disk (call once, at the end of the run);
    /// returns the outcomes not reported yet.
    public mutating func finish() throws(IngestWriteError) -> [IngestOutcome] {
        let settled = try commit()
        // A durable run's commits are on disk already.
        if !durable { sync() }
        return settled
    }

    /// One file of the waiting commit: where it goes, its rows, and how many lines they hold.
    private struct WaitingFile {
        let path: String
        var chunks: [[UInt8]] = []
        var lines = 0
    }

    /// Adds a record's rows to the waiting commit; returns the files they go to.
    private mutating func wait(_ prepared: PreparedRecord) -> [String] {
        let number = ledger.lastCommit + 1
        if waitingPart.commit != number {
            let digits = String(number)
            waitingPart = (number, "part-" + String(repeating: "0", count: max(6 - digits.count, 0)) + digits + ".ndjson")
        }
        var objects: [(path: String, line: Int, lines: Int)] = []
        var fileIndices: [Int] = []
        for object in prepared.objects {
            let key = layout == .batch ? object.folder : object.path
            let index: Int
            if let known = waitingIndex[key] {
                index = known
            } else {
                index = waitingFiles.count
                waitingIndex[key] = index
                waitingFiles.append(WaitingFile(path: layout == .batch ? object.folder + "/" + waitingPart.name : key))
            }
            objects.append((waitingFiles[index].path, waitingFiles[index].lines + 1, object.lines))
            waitingFiles[index].chunks.append(object.bytes)
            waitingFiles[index].lines += object.lines
            waitingBytes += object.bytes.count
            if !fileIndices.contains(index) { fileIndices.append(index) }
        }
        waitingEntries.append(IngestLedger.Entry(commit: number, recordId: prepared.recordId, taskRunUUID: prepared.taskRunUUID,
                                                 input: prepared.input.name, objects: objects))
        return fileIndices.map { waitingFiles[$0].path }
    }

    /// Makes the waiting commit (if any); returns the outcomes it settles.
    private mutating func commit() throws(IngestWriteError) -> [IngestOutcome] {
        if !waitingEntries.isEmpty {
            let files = waitingFiles.map { ($0.path, $0.chunks) }
            // Sage's per-record objects are replaced when a record comes again; a part file never is.
            try ledger.commit(ledger.lastCommit + 1, files: files, entries: waitingEntries, overwrite: layout == .record, writers: writers)
        }
        defer { unreported = [] }
        waitingFiles = []
        waitingIndex = [:]
        waitingEntries = []
        waitingBytes = 0
        return unreported
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
