import AssessmentLint

extension LintRuleID {
    /// `archive-map-schema`: the archive map breaks Sage's schema, or has a value its lookup cannot use.
    public static let archiveMapSchema = LintRuleID(rawValue: "archive-map-schema")
    /// `archive-map-unresolved-schema`: a schema URI of the map that nothing on disk answers to.
    public static let archiveMapUnresolvedSchema = LintRuleID(rawValue: "archive-map-unresolved-schema")
    /// `archive-map-shared-dataset`: two files of one assessment share a schema, so one dataset.
    public static let archiveMapSharedDataset = LintRuleID(rawValue: "archive-map-shared-dataset")
    /// `archive-map-example-fails`: a schema of the map whose own published example does not satisfy it.
    public static let archiveMapExampleFails = LintRuleID(rawValue: "archive-map-example-fails")
}

extension ArchiveMapLinter {
    /// The checks `ArchiveMapLinter` runs on Sage's `archive-map.json`, for the lint registry: listed after the
    /// survey checks (`LintRegistry.surveyChecks`) so that `--list-rules`, `--exclude` and the docs know them.
    public static let checks: [any LintCheck] = [
        ArchiveMapCheck(id: .archiveMapSchema, severity: .error,
                        summary: "the archive map breaks Sage's ArchiveMap.json (v3), or has a value its lookup cannot use"),
        ArchiveMapCheck(id: .archiveMapUnresolvedSchema, severity: .error,
                        summary: "a schema URI of the archive map that nothing on disk answers to (bundled, \(remedy: .schemaFolder), the map's folder, \(remedy: .schemaCatalog))"),
        ArchiveMapCheck(id: .archiveMapSharedDataset, severity: .warning,
                        summary: "two files of one assessment in the archive map share a schema, so one dataset, which Sage's job writes to one key"),
        ArchiveMapCheck(id: .archiveMapExampleFails, severity: .warning,
                        summary: "a schema the archive map names whose own published example does not satisfy it: no file shaped like it can pass"),
    ]
}

/// One archive-map check: its id, severity and what it reports (the linter's code finds them).
struct ArchiveMapCheck: LintCheck {
    /// The check's id.
    let id: LintRuleID
    /// The severity of its findings.
    let severity: LintSeverity
    /// What it reports, with the places where a front end names its way to apply a remedy.
    let summaryText: HintedText

    /// What it reports, in the library's words.
    var summary: String { summaryText.description }

    /// A check from its parts.
    init(id: LintRuleID, severity: LintSeverity, summary: HintedText) {
        self.id = id
        self.severity = severity
        summaryText = summary
    }
}
