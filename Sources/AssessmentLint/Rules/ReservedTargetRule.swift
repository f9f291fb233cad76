import AssessmentModel

/// Reports `nextSection` used outside a section (it ends the whole survey there) and
/// `beginning` (it starts the survey over: a loop).
struct ReservedTargetRule: LintRule {
    let id = LintRuleID.reservedTarget
    let severity = LintSeverity.warning
    let summary = "nextSection outside a section, or beginning (a loop)"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            // A step kept in its own file may be included in a section: nextSection is not judged there.
            let inSection = visit.chain.inSection || visit.container.isFileHolder
            for named in visit.node.namedTargets {
                switch named.target {
                case .nextSection where !inSection:
                    findings.append(survey.finding(self, "\"nextSection\" in \"\(visit.node.identifier)\" is not inside a section, so it ends the survey; use \"exit\" if that is intended",
                                                   at: named.pointer))
                case .beginning:
                    findings.append(survey.finding(self, "\"beginning\" in \"\(visit.node.identifier)\" starts the survey over: participants loop back to the first step",
                                                   at: named.pointer))
                default:
                    break
                }
            }
        }
        return findings
    }
}
