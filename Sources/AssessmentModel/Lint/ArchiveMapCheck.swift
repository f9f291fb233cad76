/// The checks `assess lint` runs on Sage's `archive-map.json` (ResultArchive's `ArchiveMapLinter` runs
/// them): listed in the registry beside the survey rules so `--list-rules`, `--exclude` and the docs know them.
public struct ArchiveMapCheck: LintCheck {
    /// The check's id.
    public let id: LintRuleID
    /// The severity of its findings.
    public let severity: LintSeverity
    /// What it reports.
    public let summary: String

    /// Every archive-map check.
    public static let all: [any LintCheck] = [
        ArchiveMapCheck(id: .archiveMapSchema, severity: .error,
                        summary: "the archive map breaks Sage's ArchiveMap.json (v3), or has a value its lookup cannot use"),
        ArchiveMapCheck(id: .archiveMapUnresolvedSchema, severity: .error,
                        summary: "a schema URI of the archive map that nothing on disk answers to (bundled, --ref-dir, the map's folder, --catalog)"),
        ArchiveMapCheck(id: .archiveMapSharedDataset, severity: .warning,
                        summary: "two files of one assessment in the archive map share a schema, so one dataset, which Sage's job writes to one key"),
        ArchiveMapCheck(id: .archiveMapExampleFails, severity: .warning,
                        summary: "a schema the archive map names whose own published example does not satisfy it: no file shaped like it can pass"),
    ]
}
