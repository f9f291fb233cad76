import AssessmentModel

/// Reports `transform` and `transformableAssessment` nodes whose resource file is missing or is not a
/// survey node (checked when lint knows where resources are).
struct UnresolvedTransformRule: LintRule {
    let id = LintRuleID.unresolvedTransform
    let severity = LintSeverity.error
    let summary = "a transform's resourceName names no readable file in the resources folder"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        guard let resources = survey.resources else { return [] }
        let nodes = [survey.assessment] + survey.visits.map(\.node)
        return nodes.compactMap { node in
            guard let name = node.resourceName, case .failure(let error) = resources.node(named: name, at: node.pointer) else { return nil }
            return survey.finding(self, "\(node.kind) \"\(node.identifier)\": \(error)", at: node.pointer.appending("resourceName"))
        }
    }
}
