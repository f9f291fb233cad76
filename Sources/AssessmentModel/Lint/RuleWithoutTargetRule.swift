/// Reports survey rules without `skipToIdentifier` (the reference silently exits the survey).
public struct RuleWithoutTargetRule: LintRule {
    public let id = LintRuleID.ruleWithoutTarget
    public let severity = LintSeverity.error
    public let summary = "a survey rule has no skipToIdentifier"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit in
            (visit.node.question?.surveyRules ?? []).filter { $0.skipToIdentifier == nil }.map { rule in
                survey.finding(self, "a rule of \"\(visit.node.identifier)\" has no \"skipToIdentifier\"; phones would end the survey when it matches",
                               at: rule.pointer)
            }
        }
    }
}
