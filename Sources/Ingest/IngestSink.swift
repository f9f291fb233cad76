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
    /// The files written for it (dataset objects and table rows, or its rejected row).
    public let written: [String]

    /// The one-line JSON report of the outcome (`assess ingest` prints one per input).
    public var json: JSONValue {
        .object(JSONObject([
            .init(key: "input", value: .string(input.name)),
            .init(key: "status", value: .string(status.rawValue)),
            .init(key: "recordId", value: .string(recordId)),
            .init(key: "taskRunUUID", value: taskRunUUID.map(JSONValue.string) ?? .null),
            .init(key: "reasons", value: .array(reasons.map(JSONValue.string))),
            .init(key: "written", value: .number(JSONNumber(written.count))),
        ]))
    }
}

/// Why the output folder cannot be written (the batch stops: nothing can be ingested).
public struct IngestWriteError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Takes prepared records in input order, decides duplicates (within the batch by `recordId` and
/// `taskRunUUID`, across earlier runs over the same folder by `taskRunUUID`) and writes each file by
/// write-then-rename. Re-running over the same output rewrites the same files with the same bytes.
public struct IngestSink {
    /// The output folder.
    public let folder: String
    private var batch: BatchVerifier
    private var createdFolders: Set<String> = []

    /// A sink writing under `folder`; `verifier` is the one the records were verified with.
    public init(folder: String, verifier: ArchiveVerifier) {
        self.folder = folder
        batch = BatchVerifier(verifier: verifier)
    }

    /// Where earlier runs recorded which record holds each run (`_assess/runs/TASKRUNUUID`; Spark and
    /// Glue skip folders starting with `_`).
    static let ledger = "_assess/runs"

    /// Decides and writes one record.
    public mutating func take(_ prepared: PreparedRecord) throws(IngestWriteError) -> IngestOutcome {
        var status: IngestOutcome.Status = prepared.reasons.isEmpty ? .ingested : .invalid
        var reasons = prepared.reasons
        if let report = prepared.report {
            let marked = batch.mark(report)
            if marked.status == .duplicate {
                status = .duplicate
                reasons = marked.problems.map(\.description)
            }
        }
        let ledgerPath = prepared.taskRunUUID.map { "\(IngestSink.ledger)/\(SafeName.component($0))" }
        if status == .ingested, let ledgerPath, let run = prepared.taskRunUUID,
           let earlier = FileManager.default.contents(atPath: folder + "/" + ledgerPath).map({ String(decoding: $0, as: UTF8.self) }),
           earlier != prepared.recordId {
            status = .duplicate
            reasons = ["taskRunUUID \(run) was already ingested as record \(earlier) (an earlier run over \(folder))"]
        }
        var written: [String] = []
        if status == .ingested {
            for object in prepared.objects {
                if let staged = object.staged {
                    try place(staged, at: object.path)
                } else {
                    try write(object.bytes, to: object.path)
                }
                written.append(object.path)
            }
            if let ledgerPath { try write(Array(prepared.recordId.utf8), to: ledgerPath) }
        } else {
            for staged in prepared.objects.compactMap(\.staged) { unlink(staged) }
            let path = "\(OwnTable.rejected.rawValue)/\(SafeName.objectName(record: prepared.recordId, suffix: "-" + SafeName.hash(prepared.input.name)))"
            try write(JSONWriter.compact.bytes(IngestSink.rejectedRow(prepared, status: status, reasons: reasons)) + [0x0A], to: path)
            written.append(path)
        }
        return IngestOutcome(input: prepared.input, status: status, recordId: prepared.recordId, taskRunUUID: prepared.taskRunUUID,
                             reasons: reasons, written: written)
    }

    /// Flushes everything written to disk (call once, at the end of the batch).
    public func finish() {
        sync()
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

    /// Moves a staged file into place (one rename: readers see all of it or nothing).
    private mutating func place(_ staged: String, at relative: String) throws(IngestWriteError) {
        let path = try prepareFolder(of: relative)
        guard rename(staged, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staged)
            throw IngestWriteError(description: "cannot write \(path): \(reason)")
        }
    }

    /// The absolute path of `relative`, its folder created.
    private mutating func prepareFolder(of relative: String) throws(IngestWriteError) -> String {
        let path = folder + "/" + relative
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !createdFolders.contains(parent) {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw IngestWriteError(description: "cannot create \(parent): \(error.localizedDescription)")
            }
            createdFolders.insert(parent)
        }
        return path
    }

    private mutating func write(_ bytes: [UInt8], to relative: String) throws(IngestWriteError) {
        let path = try prepareFolder(of: relative)
        do {
            // Renamed into place whole; flushed to disk once, by `finish()`.
            try AtomicFile.write(bytes, to: path, overwrite: true, flush: false)
        } catch {
            throw IngestWriteError(description: error.description)
        }
    }
}
