import AssessmentModel

/// Reports rules of a choice question (without `other`) whose `matchingAnswer` is none of the
/// choices: the rule can never match.
struct UnmatchableAnswerRule: LintRule {
    let id = LintRuleID.unmatchableAnswer
    let severity = LintSeverity.error
    let summary = "a rule's matchingAnswer is not among the choices, so it can never match"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question, let choices = question.choices, question.other == nil, question.isSingleChoice else { continue }
            let values = choices.compactMap(\.value)
            for rule in question.surveyRules where rule.ruleOperator == .equal {
                guard let answer = rule.matchingAnswer, answer != .null, answer.arrayValue == nil else { continue }
                // A matchingAnswer of the wrong type is value-type-mismatch's finding (one finding, with its fix).
                if let type = question.answerType, !ValueTypeMismatchRule.fits(answer, question: question, type: type) { continue }
                guard !values.contains(where: { AnswerComparison.equal($0, answer, question: question) }) else { continue }
                let listed = values.map(\.description).joined(separator: ", ")
                findings.append(survey.finding(self, "rule of \"\(visit.node.identifier)\" matches \(answer), which is none of its choices (\(listed)); it can never fire, so \"\(rule.skipToIdentifier ?? "?")\" is never reached this way",
                                               at: rule.pointer.appending("matchingAnswer")))
            }
        }
        return findings
    }
}
