import AssessmentModel

/// Reports steps that share an identifier with a sibling: navigation cannot tell them apart.
/// (Steps of different sections may share one: results are kept per section, as the reference does.)
struct DuplicateIdentifierRule: LintRule {
    let id = LintRuleID.duplicateIdentifier
    let severity = LintSeverity.error
    let summary = "two steps of one container share an identifier"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for container in survey.containers {
            var firstAmongSiblings: [String: Node] = [:]
            for step in container.steps ?? [] where !step.identifier.isEmpty {
                if let first = firstAmongSiblings[step.identifier] {
                    findings.append(survey.finding(
                        self, "identifier \"\(step.identifier)\" is used twice in \"\(container.identifier)\"; navigation to it is ambiguous",
                        at: step.pointer.appending("identifier"),
                        notes: [survey.note("first used here", at: first.pointer.appending("identifier"))]))
                } else {
                    firstAmongSiblings[step.identifier] = step
                }
            }
        }
        return findings
    }
}
