import AssessmentModel
import JSONCore

/// Reports steps no answer can lead to, as the runner's navigator resolves the rules, jumps and sections.
struct UnreachableStepRule: LintRule {
    let id = LintRuleID.unreachableStep
    let severity = LintSeverity.error
    let summary = "a step can never be shown: no route of answers reaches it"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        let shown = survey.reachability.shown
        let steps = survey.visits.filter { !$0.node.kind.isContainer }
        // Sections holding a reachable step: walk up from each reachable step until a marked section.
        var live: Set<JSONPointer> = []
        for visit in steps where shown.contains(visit.node.pointer) {
            var link: AncestorChain? = visit.chain
            while let current = link, current.parent != nil, live.insert(current.node.pointer).inserted { link = current.parent }
        }
        // The outermost dead section around each container, top down (visits come in document order).
        var outermostDead: [JSONPointer: Node] = [:]
        for visit in survey.visits where visit.node.kind.isContainer {
            let around = visit.container.kind.isContainer ? outermostDead[visit.container.pointer] : nil
            if let dead = around ?? (live.contains(visit.node.pointer) ? nil : visit.node) { outermostDead[visit.node.pointer] = dead }
        }
        var reported: Set<JSONPointer> = []
        var findings: [Finding] = []
        for visit in steps where !shown.contains(visit.node.pointer) {
            // Report a whole unreachable section once, at the section.
            let section = visit.container.kind.isContainer ? outermostDead[visit.container.pointer] : nil
            let node = section ?? visit.node
            guard reported.insert(node.pointer).inserted else { continue }
            let what = section == nil ? "step" : "section"
            // A node without an identifier is named by its place; the schema finding beside it names the missing identifier.
            let name = node.identifier.isEmpty ? "at \(node.pointer) (it has no \"identifier\")" : "\"\(node.identifier)\""
            findings.append(survey.finding(self, "\(what) \(name) can never be shown: no rule, nextStepIdentifier or preceding step leads to it",
                                           at: node.pointer))
        }
        return findings
    }
}
