import AssessmentModel

/// Reports loops with no way out: steps from which the end of the survey can never be reached.
struct EndlessLoopRule: LintRule {
    let id = LintRuleID.endlessLoop
    let severity = LintSeverity.error
    let summary = "a loop from which the end of the survey can never be reached"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        let reachability = survey.reachability
        let startLoop = reachability.startLoop
        if let closing = startLoop.last {
            let names = (startLoop + [startLoop[0]]).map { "\"\($0.identifier)\"" }.joined(separator: " → ")
            let related = startLoop.dropLast().map { survey.note("section \"\($0.identifier)\" is part of the loop", at: $0.pointer.appending("identifier")) }
            return [survey.finding(self, "the survey never shows a step: its empty sections loop (\(names)); section \"\(closing.identifier)\" closes the loop",
                                   at: closing.pointer, related: related)]
        }
        let stuck = survey.visits.filter { !$0.node.kind.isContainer && reachability.stuck.contains($0.node.pointer) }
        guard let first = stuck.first else { return [] }
        let names = stuck.map { "\"\($0.node.identifier)\"" }.joined(separator: ", ")
        // Editors show where the other steps of the loop are (the first 50).
        let related = stuck.dropFirst().prefix(50).map { survey.note("\"\($0.node.identifier)\" is part of the loop", at: $0.node.pointer.appending("identifier")) }
        return [survey.finding(self, "once at \"\(first.node.identifier)\" the survey can never end: it loops through \(names) with no rule leading out",
                               at: first.node.pointer, related: related)]
    }
}
