/// Reports loops with no way out: steps from which the end of the survey can never be reached.
public struct EndlessLoopRule: LintRule {
    public let id = LintRuleID.endlessLoop
    public let severity = LintSeverity.error
    public let summary = "a loop from which the end of the survey can never be reached"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        let graph = survey.graph
        if let closing = graph.startLoop.last {
            let names = (graph.startLoop + [graph.startLoop[0]]).map { "\"\($0.identifier)\"" }.joined(separator: " → ")
            return [survey.finding(self, "the survey never shows a step: its empty sections loop (\(names)); section \"\(closing.identifier)\" closes the loop",
                                   at: closing.pointer)]
        }
        let reachable = graph.reachable(), finishing = graph.canReachEnd()
        let stuck = graph.steps.filter { reachable.contains(.step($0.node.pointer)) && !finishing.contains(.step($0.node.pointer)) }
        guard let first = stuck.first else { return [] }
        let names = stuck.map { "\"\($0.node.identifier)\"" }.joined(separator: ", ")
        return [survey.finding(self, "once at \"\(first.node.identifier)\" the survey can never end: it loops through \(names) with no rule leading out", at: first.node.pointer)]
    }
}
