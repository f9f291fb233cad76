import ResultArchive

/// The options of Sage's archive-map lookup that `verify` and `ingest` share: the map, file aliases,
/// tolerated errors, the required-file policy, the error cap, and the record metadata of archives
/// without a manifest line.
struct ArchiveMapOptions: Sendable {
    static let archiveMap = Option.value("--archive-map", valueName: "MAP.json", help: "Sage's archive-map.json: it decides each file's schema (metadata.json, assessment, app, common).")
    static let fileAlias = Option.repeated("--file-alias", valueName: "NAME=MAPPED", help: "Look a file up under another name, e.g. microphone.json=microphone_levels.json (repeatable).")
        .map { given throws(UsageError) in try aliases(given) }
    static let tolerated = Option.value("--tolerated", valueName: "FILE", help: "Known errors to ignore (JSON: {\"tolerated\": [{\"file\", \"keyword\", \"pointer\", \"clientInfo\", \"appId\"}]}); still counted.")
    static let required = Option.choice("--required", valueName: "POLICY", help: "A missing isRequired file is an error (default) or a warning (as Sage's job, which never reads it).",
                                        default: MapVerification.RequiredPolicy.error)
    static let maxErrors = Option.parsed("--max-errors", valueName: "N", help: "Errors kept per file (default 10, as Sage).",
                                         parse: { Int($0).flatMap { $0 > 0 ? $0 : nil } },
                                         invalid: { "--max-errors needs a whole number above 0, found '\($0)'" }).map { $0 ?? 10 }
    static let assessment = Option.value("--assessment", valueName: "ID", help: "The Bridge assessment identifier of archives without a manifest line.")
    static let revision = Option.parsed("--revision", valueName: "N", help: "Their assessment revision.",
                                        parse: { Int($0) }, invalid: { "--revision needs a whole number, found '\($0)'" })
    static let app = Option.value("--app", valueName: "ID", help: "Their Bridge app identifier (the map's apps[].appId).")
    /// The lookup options, in the order help lists them (after `--archive-map` and `--manifest`).
    static let lookup = [fileAlias.spec, tolerated.spec, required.spec, maxErrors.spec, assessment.spec, revision.spec, app.spec]

    /// The map's path; without it archives are checked against the schemas their metadata names.
    let mapPath: String?
    /// File name → the name the map lists it under.
    let aliases: [String: String]
    /// The tolerated-errors file.
    let tolerated: String?
    /// What a missing required file is.
    let required: MapVerification.RequiredPolicy
    /// Errors kept per file.
    let maxErrors: Int
    /// The record metadata `--assessment`/`--revision`/`--app` give archives without a manifest line.
    let record: RecordMetadata?

    /// Decodes the group; `mapPath` is the command's `--archive-map` (optional in `verify`, required in `ingest`).
    init(_ values: OptionValues, mapPath: String?) throws(UsageError) {
        (required, maxErrors, aliases) = (try values(Self.required), try values(Self.maxErrors), try values(Self.fileAlias))
        self.mapPath = mapPath
        if mapPath == nil {
            for option in [Self.fileAlias.spec, Self.tolerated.spec, Self.required.spec, Self.maxErrors.spec] where values.isGiven(option) {
                throw UsageError("\(option.primary) needs --archive-map FILE")
            }
        }
        tolerated = try values(Self.tolerated)
        let (assessment, revision, app) = (try values(Self.assessment), try values(Self.revision), try values(Self.app))
        if assessment != nil || revision != nil || app != nil {
            var record = RecordMetadata(assessmentId: assessment, appId: app)
            record.assessmentRevision = revision
            self.record = record
        } else {
            record = nil
        }
    }

    private static func aliases(_ given: [String]) throws(UsageError) -> [String: String] {
        var aliases: [String: String] = [:]
        for text in given {
            guard let alias = MapVerification.alias(text) else {
                throw UsageError("--file-alias needs NAME=MAPPED (e.g. microphone.json=microphone_levels.json), found '\(text)'")
            }
            aliases[alias.name] = alias.mapped
        }
        return aliases
    }
}
