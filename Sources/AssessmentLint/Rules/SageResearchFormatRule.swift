import AssessmentModel

/// Reports, once per file, a survey written in the older SageResearch format (`"type": "form"` steps
/// with `"inputFields"`, `RSD…` type names): the current engines (AssessmentModel on iOS,
/// AssessmentModelKMM on Android) do not read it, so its questions cannot be checked or run.
struct SageResearchFormatRule: LintRule {
    let id = LintRuleID.sageResearchFormat
    let severity = LintSeverity.error
    let summary = "the file is in the older SageResearch format (\"form\" steps with \"inputFields\"), which the current engines do not read"

    /// Where the current format is described.
    static let formatReference = "https://github.com/Sage-Bionetworks/mobile-client-json#building-a-survey"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        let nodes = [survey.assessment] + survey.visits.map(\.node)
        guard let first = nodes.first(where: Self.isSageResearch) else { return [] }
        // At its type, or at "inputFields" on a node whose type is a current one.
        let onType = first.extra["type"] != nil || { if case .unknown = first.kind { return true } else { return false } }()
        return [survey.finding(self, "this is the older SageResearch format (\"form\" steps with \"inputFields\", RSD… types), which the current engines "
                                   + "(AssessmentModel, AssessmentModelKMM) do not read, so its questions were not checked; the current format: \(Self.formatReference)",
                               at: first.pointer.appending(onType ? "type" : "inputFields"), onKey: !onType)]
    }

    /// Whether a node is written in the SageResearch format: a `form` step, one with `inputFields`, or an `RSD…` type.
    static func isSageResearch(_ node: Node) -> Bool {
        guard case .unknown(let type) = node.kind else { return node.extra["inputFields"] != nil }
        return type == "form" || type.hasPrefix("RSD") || node.extra["inputFields"] != nil
    }
}
