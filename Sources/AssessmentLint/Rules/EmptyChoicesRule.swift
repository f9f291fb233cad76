import AssessmentModel

/// Reports choice questions without choices.
struct EmptyChoicesRule: LintRule {
    let id = LintRuleID.emptyChoices
    let severity = LintSeverity.error
    let summary = "a choice question has no choices"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.compactMap { visit in
            guard visit.node.kind == .choiceQuestion, let choices = visit.node.question?.choices, choices.isEmpty else { return nil }
            return survey.finding(self, "choice question \"\(visit.node.identifier)\" has no choices", at: visit.node.pointer.appending("choices"))
        }
    }
}
