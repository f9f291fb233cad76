import JSONCore

/// Which level of the lookup chose a file's schema.
public enum ChosenBy: String, Sendable, CaseIterable {
    /// The file's own `jsonSchema` in the archive's `metadata.json`.
    case metadata
    /// The matched `assessments[]` entry of the map.
    case assessment
    /// The app's `default`/`anyOf` files in the map.
    case app
    /// The map's top-level `anyOf` (files of every archive).
    case common
}

/// The schema a file follows, and who said so.
public struct SchemaChoice: Sendable, Equatable {
    /// The schema URI.
    public let uri: String
    /// The lookup level that chose it.
    public let chosenBy: ChosenBy
}

/// What the lookup needs to know of a record: assessment, revision and app (from the upload).
public struct RecordKey: Sendable, Equatable {
    /// The Bridge assessment identifier, if known.
    public var assessmentId: String?
    /// The assessment revision, if known (unknown: the map's newest entry for the assessment).
    public var assessmentRevision: Int?
    /// The Bridge app identifier, if known (unknown: app-level entries are not used).
    public var appId: String?

    /// A key with what is known.
    public init(assessmentId: String? = nil, assessmentRevision: Int? = nil, appId: String? = nil) {
        self.assessmentId = assessmentId
        self.assessmentRevision = assessmentRevision
        self.appId = appId
    }
}

extension ArchiveMap {
    /// The `assessments[]` entry for a record: matching identifier, and the nearest revision not above
    /// the record's (the first such entry on a tie; the newest when the record's revision is unknown).
    public func assessmentEntry(for key: RecordKey) -> AssessmentEntry? {
        guard let id = key.assessmentId else { return nil }
        var best: AssessmentEntry?
        for entry in assessments where entry.assessmentIdentifier == id {
            if let revision = key.assessmentRevision, entry.assessmentRevision > revision { continue }
            if let current = best, current.assessmentRevision >= entry.assessmentRevision { continue }
            best = entry
        }
        return best
    }

    /// The schema of the file named `filename` (already aliased), as Sage's ingestion decides it:
    /// `metadataSchemas[filename]` (the file's `jsonSchema` in `metadata.json`); else the matched
    /// assessment entry's file; else the app's defaults (the last organisation naming the file) then its
    /// `anyOf` (which wins); else the top-level `anyOf`. `nil`: the file gets no schema.
    public func schema(for filename: String, record: RecordKey, metadataSchemas: [String: String] = [:]) -> SchemaChoice? {
        schema(for: filename, record: record, entry: assessmentEntry(for: record), metadataSchemas: metadataSchemas)
    }

    /// `schema(for:record:metadataSchemas:)` with the record's `assessmentEntry(for:)` looked up already (once
    /// for all the files of an archive).
    func schema(for filename: String, record: RecordKey, entry: AssessmentEntry?, metadataSchemas: [String: String]) -> SchemaChoice? {
        if let uri = metadataSchemas[filename] { return SchemaChoice(uri: uri, chosenBy: .metadata) }
        if let entry, let uri = entry.files.first(where: { $0.filename == filename })?.jsonSchema {
            return SchemaChoice(uri: uri, chosenBy: .assessment)
        }
        var fromApp: String?
        for app in apps where app.appId == record.appId {
            for group in app.defaults {
                if let uri = group.files.first(where: { $0.filename == filename })?.jsonSchema { fromApp = uri }
            }
            if let uri = app.anyOf.first(where: { $0.filename == filename })?.jsonSchema { fromApp = uri }
        }
        if let fromApp { return SchemaChoice(uri: fromApp, chosenBy: .app) }
        if let uri = common.first(where: { $0.filename == filename && $0.jsonSchema != nil })?.jsonSchema {
            return SchemaChoice(uri: uri, chosenBy: .common)
        }
        return nil
    }

    /// The map entries the lookup can reach for `filename` that mark it deprecated.
    public func deprecatedEntry(for filename: String, record: RecordKey) -> FileInfo? {
        deprecatedEntry(for: filename, record: record, entry: assessmentEntry(for: record))
    }

    /// `deprecatedEntry(for:record:)` with the record's `assessmentEntry(for:)` looked up already.
    func deprecatedEntry(for filename: String, record: RecordKey, entry: AssessmentEntry?) -> FileInfo? {
        // In lookup order: the assessment entry, each matching app's defaults then its anyOf, the common files.
        func deprecated(_ files: [FileInfo]) -> FileInfo? { files.first { $0.filename == filename && $0.deprecated } }
        if let found = entry.flatMap({ deprecated($0.files) }) { return found }
        for app in apps where app.appId == record.appId {
            for group in app.defaults { if let found = deprecated(group.files) { return found } }
            if let found = deprecated(app.anyOf) { return found }
        }
        return deprecated(common)
    }

    /// The files an archive of this record must hold: `isRequired` files of the matched assessment
    /// entry and of the top-level `anyOf` (app defaults only lend schemas: theirs are per organisation).
    public func requiredFiles(for record: RecordKey) -> [FileInfo] {
        ((assessmentEntry(for: record)?.files ?? []) + common).filter(\.isRequired)
    }
}
