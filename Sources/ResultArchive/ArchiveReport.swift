import AssessmentLint
import JSONCore

/// One reason an archive cannot be accepted.
public enum ArchiveProblem: Sendable, Equatable, CustomStringConvertible {
    /// The zip itself is broken or dangerous (bad CRC, traversal names, encryption, bombs…).
    case zip(String)
    case missingMetadata
    case invalidMetadataJSON(String)
    /// `metadata.json` breaks ArchiveMetadata.json.
    case metadataSchema(String)
    /// The manifest lists itself.
    case metadataListsItself
    /// The manifest lists a file the archive lacks.
    case missingFile(String)
    /// The archive holds a file the manifest does not list.
    case unlistedFile(String)
    /// The manifest lists a name twice.
    case duplicateManifestEntry(String)
    /// The zip holds a name twice.
    case duplicateEntry(String)
    /// A `.json` entry is not JSON.
    case invalidJSON(file: String, message: String)
    /// A JSON entry breaks the schema its manifest entry (or the archive map) names.
    case schemaViolation(file: String, message: String)
    /// The result does not belong to the survey given with `--survey`.
    case surveyMismatch(String)
    /// Another archive of the batch already holds this run.
    case duplicateRun(taskRunUUID: String, firstSeenIn: String)
    /// Another archive of the batch has the same Bridge record identifier.
    case duplicateRecord(recordId: String, firstSeenIn: String)
    /// The schema chosen for a file cannot be resolved offline or compiled.
    case unresolvedSchema(file: String, error: SchemaResolutionError)
    /// A file the archive map requires (`isRequired`) is not in the archive.
    case missingRequiredFile(String, mapEntry: String)

    /// The problem, with the places where a front end names its way to apply a remedy.
    public var text: HintedText {
        switch self {
        case .zip(let message): return HintedText(message)
        case .missingMetadata: return "metadata.json is missing"
        case .invalidMetadataJSON(let message): return "metadata.json is not valid JSON: \(message)"
        case .metadataSchema(let message): return "metadata.json does not follow ArchiveMetadata.json: \(message)"
        case .metadataListsItself: return "metadata.json lists itself; it must list only the other files"
        case .missingFile(let name): return "metadata.json lists \"\(name)\" but the archive has no such file"
        case .unlistedFile(let name): return "\"\(name)\" is in the archive but not listed in metadata.json"
        case .duplicateManifestEntry(let name): return "metadata.json lists \"\(name)\" more than once"
        case .duplicateEntry(let name): return "the archive holds \"\(name)\" more than once"
        case .invalidJSON(let file, let message): return "\(file) is not valid JSON: \(message)"
        case .schemaViolation(let file, let message): return "\(file) does not follow its schema: \(message)"
        case .surveyMismatch(let message): return HintedText(message)
        case .duplicateRun(let run, let first): return "taskRunUUID \(run) was already seen in \(first)"
        case .duplicateRecord(let record, let first): return "recordId \(record) was already seen in \(first)"
        case .unresolvedSchema(let file, let error): return "\(file): \(error.text)"
        case .missingRequiredFile(let name, let entry): return "the archive map requires \"\(name)\" (\(entry)) but the archive has no such file"
        }
    }

    /// The problem in the library's words.
    public var description: String { text.description }
}

/// The verdict on one archive.
public struct ArchiveReport: Sendable, Equatable {
    /// Valid, invalid, or a valid archive whose run (or record) was already seen in the batch.
    public enum Status: String, Sendable {
        case valid, invalid, duplicate
    }

    /// The archive's name (path).
    public let name: String
    /// The verdict; `problems` says why when it is `invalid`.
    public var status: Status
    /// Why it is invalid (empty when valid).
    public var problems: [ArchiveProblem]
    /// The run's `taskRunUUID` from `assessmentResult.json` (or, for Sage's archives, `metadata.json`), when readable.
    public var taskRunUUID: String?
    /// Per-file verdicts (with an archive map: every file of the zip, in zip order).
    public var files: [FileVerdict] = []
    /// Things worth knowing that do not make the archive invalid (deprecated files, files missing from
    /// metadata.json under a map, where the assessment identifier came from, missing required files noted only).
    public var notes: [String] = []
    /// What to do about some notes, the same for every archive of a run (give Sage's schemas): a caller
    /// reporting many archives says each once.
    public var hints: [HintedText] = []
    /// The record metadata the archive was verified with (manifest line or an assessment given).
    public var record: RecordMetadata?
    /// The lookup key actually used (the record's, completed from assessmentResult.json).
    public var key: RecordKey?

    /// A report with no verdict yet (valid, no problems).
    public init(name: String, status: Status = .valid, problems: [ArchiveProblem] = [], taskRunUUID: String? = nil) {
        self.name = name
        self.status = status
        self.problems = problems
        self.taskRunUUID = taskRunUUID
    }

    /// Whether some file's schema could not be resolved (an input error: exit 3 for the CLI).
    public var hasUnresolvedSchema: Bool {
        problems.contains { if case .unresolvedSchema = $0 { return true } else { return false } }
    }
}

/// Verifies many archives in order and marks runs (`taskRunUUID`) and records (`recordId`) seen twice
/// as duplicates. Verify archives on any threads with `ArchiveVerifier`, then pass each report
/// through `mark(_:)` in input order: the result is the same as `verify` one by one.
public struct BatchVerifier: Sendable {
    private let verifier: ArchiveVerifier
    private var seenRuns: [String: String] = [:]
    private var seenRecords: [String: String] = [:]

    /// A batch over one verifier.
    public init(verifier: ArchiveVerifier) {
        self.verifier = verifier
    }

    /// Verifies one archive of the batch.
    public mutating func verify(_ bytes: [UInt8], name: String, record: RecordMetadata? = nil) -> ArchiveReport {
        mark(verifier.verify(bytes, name: name, record: record))
    }

    /// Marks a report already made as a duplicate when its record or run was seen before in this batch.
    /// A record identifier seen twice is a duplicate whatever the verdict; a run only for valid archives.
    public mutating func mark(_ verified: ArchiveReport) -> ArchiveReport {
        var report = verified
        if let recordId = report.record?.recordId {
            if let first = seenRecords[recordId] {
                report.status = .duplicate
                report.problems = [.duplicateRecord(recordId: recordId, firstSeenIn: first)]
                return report
            }
            seenRecords[recordId] = report.name
        }
        if report.status == .valid, let run = report.taskRunUUID {
            if let first = seenRuns[run] {
                report.status = .duplicate
                report.problems = [.duplicateRun(taskRunUUID: run, firstSeenIn: first)]
            } else {
                seenRuns[run] = report.name
            }
        }
        return report
    }
}
