import AssessmentModel

/// Reports survey rules without `skipToIdentifier` (the reference silently exits the survey).
struct RuleWithoutTargetRule: LintRule {
    let id = LintRuleID.ruleWithoutTarget
    let severity = LintSeverity.error
    let summary = "a survey rule has no skipToIdentifier"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit in
            (visit.node.question?.surveyRules ?? []).filter { $0.skipToIdentifier == nil }.map { rule in
                survey.finding(self, "a rule of \"\(visit.node.identifier)\" has no \"skipToIdentifier\"; phones would end the survey when it matches",
                               at: rule.pointer)
            }
        }
    }
}
