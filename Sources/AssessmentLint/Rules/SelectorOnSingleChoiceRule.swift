import AssessmentModel

/// Reports `all`/`exclusive` selectors on single-choice questions, where they mean nothing: `all` as an
/// error, `exclusive` as a warning, since both engines decode and ignore it there (Swift
/// `CodableNodeTests.testChoiceQuestion_Default_Codable` and `…_AllFields_Codable`).
struct SelectorOnSingleChoiceRule: LintRule {
    let id = LintRuleID.selectorOnSingleChoice
    let severity = LintSeverity.error
    let summary = "an all or exclusive selector on a single-choice question"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit -> [Finding] in
            guard let question = visit.node.question, question.isSingleChoice else { return [] }
            return (question.choices ?? []).compactMap { choice in
                guard choice.selectorType == .all || choice.selectorType == .exclusive else { return nil }
                return survey.finding(self, "selectorType \"\(choice.selectorType)\" on choice \"\(choice.text ?? "?")\" has no effect: \"\(visit.node.identifier)\" is single choice (set \"singleChoice\": false)",
                                      at: choice.pointer.appending("selectorType"),
                                      severity: choice.selectorType == .exclusive ? .warning : nil)
            }
        }
    }
}
