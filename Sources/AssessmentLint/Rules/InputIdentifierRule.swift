import AssessmentModel

/// Reports input items of a multiple-input question that answer under the same key (their
/// `identifier`, else their index, as the reference does): one answer would overwrite the other.
struct InputIdentifierRule: LintRule {
    let id = LintRuleID.inputIdentifier
    let severity = LintSeverity.error
    let summary = "two input items of a multipleInputQuestion answer under the same identifier"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question, let items = question.inputItems else { continue }
            var seen: [String: InputItem] = [:]
            for (key, item) in zip(question.inputKeys, items) {
                if let first = seen[key] {
                    findings.append(survey.finding(self, "input items of \"\(visit.node.identifier)\" both answer under \"\(key)\"; one answer would overwrite the other",
                                                   at: item.identifier == nil ? item.pointer : item.pointer.appending("identifier"),
                                                   notes: [survey.note("first used here", at: first.pointer)]))
                } else {
                    seen[key] = item
                }
            }
        }
        return findings
    }
}
