import AssessmentModel

/// Reports navigation keywords written with other capitals (`"Exit"`): the Kotlin engine (Android)
/// matches keywords ignoring case, the Swift engine (iOS) takes them as a step that does not exist.
struct PlatformKeywordCaseRule: LintRule {
    let id = LintRuleID.platformKeywordCase
    let severity = LintSeverity.warning
    let summary = "a navigation keyword in other capitals: a keyword on Android, an unknown step on iOS"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit -> [Finding] in
            visit.node.namedTargets.compactMap { named in
                guard case .node(let written) = named.target, !survey.stepIdentifiers(in: visit.container).contains(written),
                      let keyword = NavigationTarget.keyword(matchingIgnoringCase: written) else { return nil }
                return survey.finding(self, "\"\(written)\" is the keyword \"\(keyword)\" on Android (Kotlin matches keywords ignoring case) but no step on iOS (Swift), where \"\(visit.container.identifier)\" silently ends there; write \"\(keyword)\"",
                                      at: named.pointer, fixes: survey.replacing(named.pointer, with: keyword))
            }
        }
    }
}
