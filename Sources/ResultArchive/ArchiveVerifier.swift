import FoundationEssentials
import JSONCore
import JSONSchema
import ZipArchive

/// Checks result archives: zip structure, manifest, schemas, and optionally the survey. Without an
/// archive map the manifest is strict (every file listed, listed files present, each JSON file against
/// the schema its entry names) and `assessmentResult.json` is checked as a result by its role; with a
/// map (`MapVerification`) the map decides every file's schema as Sage's ingestion does.
/// Immutable and `Sendable`: verify archives from several threads with one verifier.
public struct ArchiveVerifier: Sendable {
    let schemas: SchemaCache
    let limits: ZipLimits
    /// Identifiers of the survey's steps, when a survey was given.
    let survey: SurveyOutline?
    /// The archive map and its options, when verifying against a map.
    let mapping: MapVerification?
    /// `assessmentResult.json` by its role (without a map only: with one, the map decides every file's schema).
    let resultCheck: ResultCheck?
    /// The schema `metadata.json` follows without a map.
    let metadataSchemaURI: String

    /// `registry` must hold ArchiveMetadata.json and the schemas entries name (unknown ones are noted and skipped).
    public init(registry: SchemaRegistry, survey: JSONValue? = nil, limits: ZipLimits = ZipLimits()) {
        self.init(schemas: SchemaCache(registry: registry), resultRegistry: registry, survey: survey, limits: limits)
    }

    /// A verifier resolving schemas through `schemas` (shared, each compiled once); `resultRegistry`
    /// holds our result schema for the role check; `mapping` switches to archive-map verification.
    public init(schemas: SchemaCache, resultRegistry: SchemaRegistry, survey: JSONValue? = nil,
                mapping: MapVerification? = nil, limits: ZipLimits = ZipLimits()) {
        self.schemas = schemas
        self.limits = limits
        self.survey = survey.map(SurveyOutline.init)
        self.mapping = mapping
        resultCheck = mapping == nil ? ResultCheck(registry: resultRegistry) : nil
        metadataSchemaURI = ArchiveMetadata.schemaURI
    }

    /// Verifies archive bytes; `record` is what the upload says about it (manifest line).
    public func verify(_ bytes: [UInt8], name: String, record: RecordMetadata? = nil) -> ArchiveReport {
        verifyKeepingContents(bytes, name: name, record: record).report
    }

    /// Verifies archive bytes and keeps what was read on the way, so a caller that goes on with the
    /// archive's files (ingest) inflates and parses nothing twice. With `lineNames`, each JSON file's
    /// parse also writes its compact line (`VerifiedArchive.lines`), refused where an object that takes
    /// members has a member of one of those names.
    public func verifyKeepingContents(_ bytes: [UInt8], name: String, record: RecordMetadata? = nil,
                                      lineNames: CompactJSON.ReservedNames? = nil) -> VerifiedArchive {
        var report = ArchiveReport(name: name)
        report.record = record
        let entries: [ArchiveZip.Entry]
        switch ArchiveZip.read(bytes, limits: limits) {
        case .success(let read): entries = read
        case .failure(let problems):
            report.status = .invalid
            report.problems = problems.messages.map { ArchiveProblem.zip($0) }
            return VerifiedArchive(report: report, contents: [:], result: nil, lines: [:])
        }
        var byName: [String: [UInt8]] = [:]
        for entry in entries {
            // The first of two entries of one name is the one kept (the archive is invalid anyway).
            if byName[entry.name] != nil { report.problems.append(.duplicateEntry(entry.name)) } else { byName[entry.name] = entry.bytes }
        }
        var files = ParsedFiles(lineNames: lineNames)
        let result = byName[ResultCheck.filename].flatMap { files.document(of: ResultCheck.filename, bytes: $0) }
        // Sage's archives may carry the run in metadata.json only.
        var metadataRun: String?
        if let mapping {
            metadataRun = verifyMapped(entries, byName: byName, result: result, mapping: mapping, files: &files, into: &report)
        } else {
            checkManifest(byName, entries: entries, into: &report)
            if let bytes = byName[ResultCheck.filename] { checkResultRole(bytes, into: &report) }
        }
        if let result {
            report.taskRunUUID = result.string("taskRunUUID")
            if let survey { report.problems += survey.problems(with: result.value).map { .surveyMismatch($0.description) } }
        } else if survey != nil, byName[ResultCheck.filename] == nil {
            report.problems.append(.surveyMismatch("the archive has no \(ResultCheck.filename) to check against the survey"))
        }
        if report.taskRunUUID == nil { report.taskRunUUID = metadataRun }
        report.status = report.problems.isEmpty ? .valid : .invalid
        return VerifiedArchive(report: report, contents: byName, result: result, lines: files.lines)
    }

    /// `assessmentResult.json` is a result whatever its manifest entry says (or omits).
    private func checkResultRole(_ bytes: [UInt8], into report: inout ArchiveReport) {
        guard let resultCheck, let document = try? JSONDocument(bytes: bytes, options: .init(recordPositions: true)) else { return }
        for problem in resultCheck.problems(document.value) {
            let place = document.sourceMap.map { "\($0.position(of: problem.pointer)): " } ?? ""
            report.problems.append(.schemaViolation(file: ResultCheck.filename, message: place + problem.description))
        }
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
        if let message = schemaProblem(manifest, schema: metadataSchemaURI, file: ArchiveMetadata.filename, report: &report) {
            report.problems.append(.metadataSchema(message))
        }
        var listed: Set<String> = []
        for entry in ArchiveMetadata.entries(in: ResultDocument(tape: JSONTape(manifest))) {
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
            // The role check already holds a result to our result schema.
            if entry.filename == ResultCheck.filename, entry.jsonSchema == ResultCheck.schemaURI { continue }
            if let schema = entry.jsonSchema, let message = schemaProblem(document, schema: schema, file: entry.filename, report: &report) {
                report.problems.append(.schemaViolation(file: entry.filename, message: message))
            }
        }
        for entry in entries where entry.name != ArchiveMetadata.filename && !listed.contains(entry.name) {
            report.problems.append(.unlistedFile(entry.name))
        }
    }

    /// The first error of `value` against a schema, or `nil` when valid; a schema not on disk is noted and skipped.
    private func schemaProblem(_ value: JSONValue, schema: String, file: String, report: inout ArchiveReport) -> String? {
        switch schemas.schema(for: schema) {
        case .failure(let error):
            let checked = file == ResultCheck.filename ? "checked as a result by its role only" : "not checked against it"
            report.notes.append("\(file): \(error.summary) (\(checked))")
            if let hint = error.hint, !report.hints.contains(hint) { report.hints.append(hint) }
            return nil
        case .success(let resolved):
            return resolved.validator.validate(value).first?.bestMatch.description
        }
    }
}

/// An archive's verdict with what verifying it read: each entry's inflated bytes by name and the parsed
/// `assessmentResult.json`.
public struct VerifiedArchive: Sendable {
    /// The verdict.
    public let report: ArchiveReport
    /// Each entry's bytes by name (empty when the zip could not be read).
    public let contents: [String: [UInt8]]
    /// `assessmentResult.json`, when the archive has one that is JSON.
    public let result: ResultDocument?
    /// The compact line of each JSON file parsed (by name; the first entry of a name), when asked for
    /// with `lineNames` and not refused.
    public let lines: [String: CompactJSON]
}

/// An archive's files parsed once each: onto tapes, which validation reads, and into trees made from
/// those tapes for the files also read as values (`assessmentResult.json`, `metadata.json`). One
/// parser writes each tape over the memory of the last one dropped.
struct ParsedFiles {
    private var parser = JSONTapeParser()
    /// The tapes of files read as documents, kept for their validation (a file that is not JSON is parsed
    /// again there, for its error: it is rare).
    private var kept: [String: JSONTape] = [:]
    /// When set, each parse also writes the file's compact line, refused for these member names.
    private let lineNames: CompactJSON.ReservedNames?
    /// The compact lines written, by entry name.
    private(set) var lines: [String: CompactJSON] = [:]

    /// Files parsed onto tapes alone, or with their compact lines when `lineNames` is given.
    init(lineNames: CompactJSON.ReservedNames? = nil) {
        self.lineNames = lineNames
    }

    /// The entry `name` (the first of that name) as a document, or `nil` when it is not JSON; its tape
    /// is kept for `tape(of:bytes:)`.
    mutating func document(of name: String, bytes: [UInt8]) -> ResultDocument? {
        guard let tape = try? parse(name, bytes) else { return nil }
        kept[name] = tape
        return ResultDocument(tape: tape)
    }

    /// The tape of the entry `name` for its validation: the one kept, else parsed now.
    mutating func tape(of name: String, bytes: [UInt8]) throws(JSONParseError) -> JSONTape {
        if let tape = kept.removeValue(forKey: name) { return tape }
        return try parse(name, bytes)
    }

    /// The tape of `bytes`, keeping the first compact line of the entry `name` when lines are asked for.
    private mutating func parse(_ name: String, _ bytes: [UInt8]) throws(JSONParseError) -> JSONTape {
        guard let lineNames else { return try parser.tape(bytes) }
        let parsed = try parser.tapeAndLine(bytes, reserving: lineNames)
        if lines[name] == nil, let line = parsed.line { lines[name] = line }
        return parsed.tape
    }
}
