import AssessmentModel

/// Reports rules that can never fire because an earlier rule of the same question already
/// matches every answer they would match (the first matching rule wins).
struct ShadowedRuleRule: LintRule {
    let id = LintRuleID.shadowedRule
    let severity = LintSeverity.warning
    let summary = "a rule is shadowed by an earlier rule that matches the same answers"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question else { continue }
            let rules = question.surveyRules
            for (index, rule) in rules.enumerated() {
                // Only rules that match a single answer can be proven shadowed by testing that answer.
                guard rule.ruleOperator == .equal else { continue }
                let answer = rule.comparedValue
                guard let earlier = rules.prefix(index).first(where: { AnswerComparison.matches($0, answer: answer, question: question) }) else { continue }
                findings.append(survey.finding(self, "rule matching \(answer) in \"\(visit.node.identifier)\" never fires: the earlier rule \"\(earlier.ruleOperator) \(earlier.comparedValue)\" already matches that answer",
                                               at: rule.pointer, notes: [survey.note("earlier rule", at: earlier.pointer)]))
            }
        }
        return findings
    }
}
