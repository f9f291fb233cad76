import Foundation
import JSONCore
import JSONSchema
import ZipArchive

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
    /// A JSON entry breaks the schema its manifest entry names.
    case schemaViolation(file: String, message: String)
    /// The result does not belong to the survey given with `--survey`.
    case surveyMismatch(String)
    /// Another archive of the batch already holds this run.
    case duplicateRun(taskRunUUID: String, firstSeenIn: String)

    public var description: String {
        switch self {
        case .zip(let message): return message
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
        case .surveyMismatch(let message): return message
        case .duplicateRun(let run, let first): return "taskRunUUID \(run) was already seen in \(first)"
        }
    }
}

/// The verdict on one archive.
public struct ArchiveReport: Sendable, Equatable {
    /// Valid, invalid, or a valid archive whose run was already seen in the batch.
    public enum Status: String, Sendable {
        case valid, invalid, duplicate
    }

    /// The archive's name (path).
    public let name: String
    public var status: Status
    /// Why it is invalid (empty when valid).
    public var problems: [ArchiveProblem]
    /// The run's `taskRunUUID` from `assessmentResult.json`, when readable.
    public var taskRunUUID: String?
}

/// Checks result archives: zip structure, manifest, schemas, and optionally the survey.
public struct ArchiveVerifier: Sendable {
    private let registry: SchemaRegistry
    private let limits: ZipLimits
    /// Identifiers of the survey's steps, when a survey was given.
    private let survey: SurveyOutline?
    /// The manifest schema, compiled once.
    private let metadataValidator: Validator?

    /// `registry` must hold ArchiveMetadata.json and the schemas entries name (unknown ones are skipped).
    public init(registry: SchemaRegistry, survey: JSONValue? = nil, limits: ZipLimits = ZipLimits()) {
        self.registry = registry
        self.limits = limits
        self.survey = survey.map(SurveyOutline.init)
        metadataValidator = try? Validator(registered: ArchiveMetadata.schemaURI, in: registry)
    }

    /// Verifies archive bytes.
    public func verify(_ bytes: [UInt8], name: String) -> ArchiveReport {
        var report = ArchiveReport(name: name, status: .valid, problems: [], taskRunUUID: nil)
        let entries: [ArchiveZip.Entry]
        switch ArchiveZip.read(bytes, limits: limits) {
        case .success(let read): entries = read
        case .failure(let problems):
            report.status = .invalid
            report.problems = problems.messages.map { ArchiveProblem.zip($0) }
            return report
        }
        var seen: Set<String> = []
        var byName: [String: [UInt8]] = [:]
        for entry in entries {
            if !seen.insert(entry.name).inserted { report.problems.append(.duplicateEntry(entry.name)) }
            byName[entry.name] = entry.bytes
        }
        checkManifest(byName, entries: entries, into: &report)
        if let result = byName[ResultCheck.filename], let document = try? JSONDocument(bytes: result) {
            report.taskRunUUID = document.value["taskRunUUID"]?.stringValue
            if let survey { report.problems += survey.problems(with: document.value).map { .surveyMismatch($0.message) } }
        } else if survey != nil, byName[ResultCheck.filename] == nil {
            report.problems.append(.surveyMismatch("the archive has no \(ResultCheck.filename) to check against the survey"))
        }
        report.status = report.problems.isEmpty ? .valid : .invalid
        return report
    }

    private func checkManifest(_ files: [String: [UInt8]], entries: [ArchiveZip.Entry], into report: inout ArchiveReport) {
        guard let bytes = files[ArchiveMetadata.filename] else {
            report.problems.append(.missingMetadata)
            return
        }
        let manifest: JSONValue
        do {
            manifest = try JSONDocument(bytes: bytes).value
        } catch {
            report.problems.append(.invalidMetadataJSON(error.description))
            return
        }
        if let message = schemaProblem(manifest, schema: ArchiveMetadata.schemaURI) {
            report.problems.append(.metadataSchema(message))
        }
        var listed: Set<String> = []
        for entry in ArchiveMetadata.entries(in: manifest) {
            if entry.filename == ArchiveMetadata.filename {
                report.problems.append(.metadataListsItself)
                continue
            }
            guard listed.insert(entry.filename).inserted else {
                report.problems.append(.duplicateManifestEntry(entry.filename))
                continue
            }
            guard let content = files[entry.filename] else {
                report.problems.append(.missingFile(entry.filename))
                continue
            }
            let isJSON = entry.filename.hasSuffix(".json") || entry.contentType == "application/json"
            guard isJSON else { continue }
            let document: JSONValue
            do {
                document = try JSONDocument(bytes: content).value
            } catch {
                report.problems.append(.invalidJSON(file: entry.filename, message: error.description))
                continue
            }
            if let schema = entry.jsonSchema, let message = schemaProblem(document, schema: schema) {
                report.problems.append(.schemaViolation(file: entry.filename, message: message))
            }
        }
        for entry in entries where entry.name != ArchiveMetadata.filename && !listed.contains(entry.name) {
            report.problems.append(.unlistedFile(entry.name))
        }
    }

    /// The first error of `value` against a registered schema, or `nil` when valid or unknown.
    private func schemaProblem(_ value: JSONValue, schema: String) -> String? {
        let compiled = schema == ArchiveMetadata.schemaURI ? metadataValidator : try? Validator(registered: schema, in: registry)
        guard let validator = compiled else { return nil }
        guard let error = validator.validate(value).first else { return nil }
        return error.bestMatch.description
    }
}

/// Verifies many archives and marks runs seen twice (`taskRunUUID`) as duplicates.
public struct BatchVerifier: Sendable {
    private let verifier: ArchiveVerifier
    private var seenRuns: [String: String] = [:]

    public init(verifier: ArchiveVerifier) {
        self.verifier = verifier
    }

    /// Verifies one archive of the batch.
    public mutating func verify(_ bytes: [UInt8], name: String) -> ArchiveReport {
        resolve(verifier.verify(bytes, name: name))
    }

    /// Marks a report of the batch's verifier as a duplicate when its run was seen before; call it in
    /// batch order (reports may be made in parallel, this step may not).
    public mutating func resolve(_ verified: ArchiveReport) -> ArchiveReport {
        var report = verified
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
