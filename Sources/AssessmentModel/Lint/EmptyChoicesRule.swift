/// Reports choice questions without choices.
public struct EmptyChoicesRule: LintRule {
    public let id = LintRuleID.emptyChoices
    public let severity = LintSeverity.error
    public let summary = "a choice question has no choices"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.compactMap { visit in
            guard visit.node.kind == .choiceQuestion, let choices = visit.node.question?.choices, choices.isEmpty else { return nil }
            return survey.finding(self, "choice question \"\(visit.node.identifier)\" has no choices", at: visit.node.pointer.appending("choices"))
        }
    }
}
