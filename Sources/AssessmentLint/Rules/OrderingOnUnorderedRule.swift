import AssessmentModel

/// Reports `lt`/`gt`/`le`/`ge` rules comparing booleans, arrays or null: they are always false.
struct OrderingOnUnorderedRule: LintRule {
    let id = LintRuleID.orderingOnUnordered
    let severity = LintSeverity.error
    let summary = "lt, gt, le or ge on a boolean, array or null comparison (always false)"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question else { continue }
            let answersAreArrays = question.choices != nil && !question.isSingleChoice
            for rule in question.surveyRules where rule.ruleOperator.isOrdering {
                let expected = rule.comparedValue
                let unordered: String?
                switch expected {
                case .bool, .array, .null, .object: unordered = "\(expected.primitiveType.withArticle) matchingAnswer"
                default: unordered = answersAreArrays ? "multiple-choice answers (arrays)" : (question.answerType == .boolean ? "boolean answers" : nil)
                }
                guard let what = unordered else { continue }
                findings.append(survey.finding(self, "\"\(rule.ruleOperator)\" in a rule of \"\(visit.node.identifier)\" compares \(what); ordering only applies to numbers and strings, so the rule never matches",
                                               at: rule.writtenOperator != nil ? rule.pointer.appending("ruleOperator") : rule.pointer))
            }
        }
        return findings
    }
}
