import AssessmentModel

/// Reports `transform` nodes whose resource is a single step with another identifier: the Swift engine
/// (iOS) shows it under the transform's identifier, the Kotlin engine (Android) under its own, so
/// navigation to it and its results differ (checked when lint knows where resources are).
struct PlatformTransformIdentifierRule: LintRule {
    let id = LintRuleID.platformTransformIdentifier
    let severity = LintSeverity.warning
    let summary = "a transform loads a single step with another identifier: iOS and Android name it differently"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        guard let resources = survey.resources else { return [] }
        return survey.visits.compactMap { visit in
            let node = visit.node
            guard let name = node.resourceName, case .success(let loaded) = resources.node(named: name, at: node.pointer),
                  loaded.steps == nil, loaded.identifier != node.identifier else { return nil }
            return survey.finding(self, "\(node.kind) \"\(node.identifier)\" loads the single step \"\(loaded.identifier)\": iOS (Swift) names it \"\(node.identifier)\", Android (Kotlin) keeps \"\(loaded.identifier)\", so rules, results and scripts differ; give both the same identifier",
                                  at: node.pointer.appending("identifier"))
        }
    }
}
