import AssessmentLint
import FoundationEssentials
import JSONCore
import JSONSchema

/// Verifying against Sage's archive map, and the options that go with it.
public struct MapVerification: Sendable {
    /// What a required (`isRequired`) file missing from an archive does.
    public enum RequiredPolicy: String, Sendable, CaseIterable {
        /// The archive is invalid (default).
        case error
        /// A note only: the archive is accepted, as Sage's ingestion (which never reads `isRequired`) does.
        case warning
    }

    /// The map.
    public var map: ArchiveMap
    /// File names looked up under another name (`microphone.json` → `microphone_levels.json`).
    public var aliases: [String: String]
    /// Errors to ignore.
    public var tolerated: ToleratedErrors
    /// What a missing required file does.
    public var required: RequiredPolicy
    /// How many errors to keep per file (Sage keeps 10).
    public var maxErrors: Int
    /// How notes and problems name the caller's settings and remedies: the library's words unless a front
    /// end gives its own.
    public var names = SettingNames()

    /// Options for verifying against `map`.
    public init(map: ArchiveMap, aliases: [String: String] = [:], tolerated: ToleratedErrors = ToleratedErrors(),
                required: RequiredPolicy = .error, maxErrors: Int = 10) {
        self.map = map
        self.aliases = aliases
        self.tolerated = tolerated
        self.required = required
        self.maxErrors = maxErrors
    }

    /// Parses `NAME=MAPPED` (a file alias); `nil` when it has no `=` or an empty side.
    public static func alias(_ text: String) -> (name: String, mapped: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<equals]), mapped = String(text[text.index(after: equals)...])
        return name.isEmpty || mapped.isEmpty ? nil : (name, mapped)
    }
}

/// A choice of the caller's that verify's notes mention; each front end names it its own way.
public enum VerifySetting: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// File names looked up under another name (`MapVerification.aliases`).
    case fileAlias
    /// Missing required files noted, not refused (`MapVerification.RequiredPolicy.warning`).
    case requiredWarning
    /// The assessment a record is verified as when its manifest line names none.
    case assessment

    /// The library's own words for it, naming no front end's option.
    public var description: String {
        switch self {
        case .fileAlias: return "a file alias"
        case .requiredWarning: return "required files noted only"
        case .assessment: return "an assessment given"
        }
    }
}

/// How a front end names what verify's notes and problems mention: the caller's settings and remedies.
public struct SettingNames: Sendable {
    /// The name of a setting (the command line's `--file-alias`).
    public var setting: @Sendable (VerifySetting) -> String
    /// The name of a remedy (the command line's `--ref-dir`).
    public var remedy: @Sendable (Remedy) -> String

    /// Names from their parts: the library's words by default.
    public init(setting: @escaping @Sendable (VerifySetting) -> String = { $0.description },
                remedy: @escaping @Sendable (Remedy) -> String = { $0.description }) {
        self.setting = setting
        self.remedy = remedy
    }
}

extension ArchiveVerifier {
    /// A problem of a report this verifier made, with each remedy named as its mapping's `names` say.
    public func describe(_ problem: ArchiveProblem) -> String {
        problem.text.rendered(naming: mapping?.names.remedy ?? { $0.description })
    }

    /// Every file of the zip through the map's lookup, then the map's required files; returns the
    /// `taskRunUUID` of `metadata.json`, if any.
    func verifyMapped(_ entries: [ArchiveZip.Entry], byName: [String: [UInt8]], result: ResultDocument?,
                      mapping: MapVerification, files: inout ParsedFiles, into report: inout ArchiveReport) -> String? {
        let key = lookupKey(record: report.record, result: result, mapping: mapping, notes: &report.notes)
        report.key = key
        var metadataSchemas: [String: String] = [:]
        var listed: NameSet?
        let manifest = byName[ArchiveMetadata.filename].flatMap { files.document(of: ArchiveMetadata.filename, bytes: $0) }
        if let manifest {
            var names = NameSet()
            for entry in ArchiveMetadata.entries(in: manifest) {
                names.insert(entry.filename)
                if let schema = entry.jsonSchema { metadataSchemas[entry.filename] = schema }
            }
            listed = names
        }
        var present = NameSet()
        let assessment = mapping.map.assessmentEntry(for: key)
        for entry in entries where !entry.name.hasSuffix("/") {
            let base = Self.baseName(entry.name)
            let lookupName = mapping.aliases[base] ?? base
            present.insert(lookupName)
            var notes: [String] = []
            if lookupName != base { notes.append("looked up as \(lookupName) (\(mapping.names.setting(.fileAlias)))") }
            if let listed, entry.name != ArchiveMetadata.filename, !listed.contains(entry.name) {
                notes.append("not listed in metadata.json")
            }
            if mapping.map.deprecatedEntry(for: lookupName, record: key, entry: assessment) != nil { notes.append("deprecated in the archive map") }
            let choice = mapping.map.schema(for: lookupName, record: key, entry: assessment, metadataSchemas: metadataSchemas)
            let verdict = fileVerdict(entry, lookupName: lookupName, choice: choice, mapping: mapping, record: report.record, notes: notes,
                                      files: &files)
            report.files.append(verdict.verdict)
            report.problems += verdict.problems
        }
        for file in mapping.map.requiredFiles(for: key) where !present.contains(file.filename) {
            let entry = "\(mapping.map.name) \(file.pointer)"
            switch mapping.required {
            case .error: report.problems.append(.missingRequiredFile(file.filename, mapEntry: entry))
            case .warning: report.notes.append("the archive map requires \"\(file.filename)\" (\(entry)) but the archive has no such file (\(mapping.names.setting(.requiredWarning)))")
            }
        }
        return manifest?.string("taskRunUUID")
    }

    /// The name after its last slash (the name ends with none: folders were left out), the slash found as a
    /// character: one followed by a combining mark is no slash. An ASCII name's bytes are its characters.
    static func baseName(_ name: String) -> String {
        var copy = name
        // An ASCII name: where its base starts, found in one pass over its bytes; `nil` for any other name.
        let start = copy.withUTF8 { bytes -> Int? in
            var start = 0
            for index in bytes.indices {
                if bytes[index] >= 0x80 { return nil }
                if bytes[index] == UInt8(ascii: "/") { start = index + 1 }
            }
            return start
        }
        guard let start else { return name.lastIndex(of: "/").map { String(name[name.index(after: $0)...]) } ?? name }
        return start == 0 ? name : String(name[name.utf8.index(name.utf8.startIndex, offsetBy: start)...])
    }

    /// The record's key, completed from assessmentResult.json when the record has no assessment.
    private func lookupKey(record: RecordMetadata?, result: ResultDocument?, mapping: MapVerification, notes: inout [String]) -> RecordKey {
        let map = mapping.map
        var key = record?.key ?? RecordKey()
        if key.assessmentId == nil, let id = result?.string("assessmentIdentifier") ?? result?.string("identifier") {
            key.assessmentId = id
            notes.append("assessment \"\(id)\" taken from assessmentResult.json (no manifest line or \(mapping.names.setting(.assessment)))")
        }
        if key.assessmentRevision == nil, let entry = map.assessmentEntry(for: key) {
            notes.append("revision unknown: used the map's newest entry for \"\(entry.assessmentIdentifier)\" (revision \(entry.assessmentRevision))")
        }
        if key.appId == nil, !map.apps.isEmpty { notes.append("no appId: the map's app entries were not used") }
        return key
    }

    /// One file's verdict and the archive problems it causes.
    private func fileVerdict(_ entry: ArchiveZip.Entry, lookupName: String, choice: SchemaChoice?, mapping: MapVerification,
                             record: RecordMetadata?, notes: [String], files: inout ParsedFiles) -> (verdict: FileVerdict, problems: [ArchiveProblem]) {
        var notes = notes
        func verdict(_ status: FileVerdict.Status, origin: SchemaOrigin? = nil, errors: [FileError] = [], count: Int = 0, tolerated: Int = 0) -> FileVerdict {
            FileVerdict(filename: entry.name, lookupName: lookupName, schema: choice?.uri, chosenBy: choice?.chosenBy, origin: origin,
                        status: status, errors: errors, errorCount: count, toleratedCount: tolerated, notes: notes)
        }
        guard let choice else { return (verdict(.unvalidated), []) }
        let resolved: ResolvedSchema
        switch schemas.schema(for: choice.uri) {
        case .failure(let error):
            notes.append(error.description)
            return (verdict(.unvalidated), [.unresolvedSchema(file: entry.name, error: error)])
        case .success(let schema): resolved = schema
        }
        if case .catalog(let path) = resolved.origin { notes.append("schema from the catalog (\(path))") }
        // The common case, a valid file, needs only the tape; so do the errors of an invalid one, whose
        // positions are then found for the errors reported (the tape parse refuses what a parse with
        // positions refuses: the same parser, rules and depth).
        let tape: JSONTape
        do {
            tape = try files.tape(of: entry.name, bytes: entry.bytes)
            if resolved.validator.isValid(tape) { return (verdict(.valid, origin: resolved.origin), []) }
        } catch {
            let syntax = FileError(message: error.message, keyword: "json", instancePointer: .root, schemaPath: .root, position: error.position)
            return (verdict(.invalid, origin: resolved.origin, errors: [syntax], count: 1),
                    [.invalidJSON(file: entry.name, message: error.description)])
        }
        let errors = SchemaErrors(tape: tape, bytes: entry.bytes, validator: resolved.validator, tolerated: mapping.tolerated,
                                  file: lookupName, record: record, maxErrors: mapping.maxErrors)
        let tolerated = errors.toleratedCount
        if tolerated > 0 { notes.append("\(tolerated) tolerated error\(tolerated == 1 ? "" : "s") ignored") }
        guard let first = errors.shown.first else { return (verdict(.valid, origin: resolved.origin, tolerated: tolerated), []) }
        let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
        return (verdict(.invalid, origin: resolved.origin, errors: errors.shown, count: errors.count, tolerated: tolerated),
                [.schemaViolation(file: entry.name, message: "\(first.description) against \(choice.uri)\(more)")])
    }
}

/// A set of names for an archive's files: searched in order while there are a few (an archive's handful, where
/// hashing each name costs more), hashed once there are more.
struct NameSet {
    private var few: [String] = []
    private var hashed: Set<String>?

    /// The most names searched in order.
    static let orderedLimit = 32

    /// Adds `name`.
    mutating func insert(_ name: String) {
        if hashed != nil {
            hashed?.insert(name)
        } else if few.count < NameSet.orderedLimit {
            few.append(name)
        } else {
            hashed = Set(few + [name])
            few = []
        }
    }

    /// Whether `name` was added.
    func contains(_ name: String) -> Bool {
        hashed?.contains(name) ?? few.contains(name)
    }
}
