import AssessmentModel
import AssessmentLint
import AssessmentRunner
import JSONCore
import SurveyFlow

/// Hover: a step's type, title and where it can be reached from and go to (from the flow graph), or a
/// survey rule in words.
enum Hover {
    /// The hover for the cursor at `offset`, or `null`.
    static func hover(_ analysis: DocumentAnalysis, _ offset: Int, graph: FlowGraph?) -> JSONValue {
        guard let survey = analysis.survey else { return nil }
        if let step = analysis.target(at: offset) {
            let range = analysis.reference(at: offset)?.range ?? step.identifierRange ?? step.range
            return markdown(describe(step, graph: graph), analysis.lines.range(range))
        }
        guard let step = analysis.step(containing: offset), let question = step.node.question else { return nil }
        for (index, rule) in question.surveyRules.enumerated() {
            let range = survey.range(of: rule.pointer)
            guard range.start.offset <= offset, offset < range.end.offset else { continue }
            var text = "**Rule \(index)** of `\(step.node.identifier)`: \(words(rule))."
            if !question.ruleCanFire(at: index) { text += "\n\nLint: this rule can never fire." }
            return markdown(text, analysis.lines.range(range))
        }
        return nil
    }

    /// A rule in words: "if the answer equals 3, go to \"simpleQ4\"".
    static func words(_ rule: SurveyRule) -> String {
        let action: String
        switch rule.target {
        case nil: action = "end the survey (the rule has no skipToIdentifier)"
        case .exit: action = "exit the survey"
        case .nextSection: action = "go on to the next section"
        case .beginning: action = "start the survey over"
        case .node(let identifier): action = "go to \"\(identifier)\""
        }
        let answer = rule.comparedValue
        let comparison: String
        switch rule.ruleOperator {
        case .equal: comparison = answer == .null ? "is skipped (no answer)" : "equals \(answer)"
        case .notEqual: comparison = answer == .null ? "is given (not skipped)" : "does not equal \(answer)"
        case .lessThan: comparison = "is less than \(answer)"
        case .greaterThan: comparison = "is greater than \(answer)"
        case .lessThanOrEqual: comparison = "is at most \(answer)"
        case .greaterThanOrEqual: comparison = "is at least \(answer)"
        case .unknown(let name): comparison = "is compared with \(answer) by the unknown operator \"\(name)\""
        }
        return "if the answer \(comparison), \(action)"
    }

    private static func describe(_ step: DocumentAnalysis.Step, graph: FlowGraph?) -> String {
        var lines = ["**\(step.node.identifier)** — `\(step.node.kind)`"]
        if let title = step.node.title { lines += ["", title] }
        guard let graph, let vertex = graph.vertices.firstIndex(where: { $0.pointer == step.node.pointer }) else {
            if step.node.kind.isContainer { lines += ["", "Section of \(step.node.steps?.count ?? 0) steps."] }
            return lines.joined(separator: "\n")
        }
        let name = { (index: Int) -> String in
            let target = graph.vertices[index]
            return target.pointer == nil ? "*\(target.kind.name)*" : "`\(target.identifier)`"
        }
        let incoming = graph.edges.filter { $0.to == vertex && graph.vertices[$0.from].pointer != nil }
        let outgoing = graph.outgoing(vertex).map { graph.edges[$0] }
        if !graph.vertices[vertex].reachable { lines += ["", "Never shown: no route of answers reaches it."] }
        if !incoming.isEmpty {
            lines += ["", "Reached from: " + incoming.map { edge in name(edge.from) + (edge.label.isEmpty ? "" : " (\(edge.label))") }.joined(separator: ", ")]
        }
        if !outgoing.isEmpty {
            lines += ["", "Goes to: " + outgoing.map { edge in
                (edge.label.isEmpty ? "" : "\(edge.label) → ") + name(edge.to) + (edge.dead ? " (never taken)" : "")
            }.joined(separator: ", ")]
        }
        return lines.joined(separator: "\n")
    }

    private static func markdown(_ text: String, _ range: JSONValue) -> JSONValue {
        ["contents": ["kind": "markdown", "value": .string(text)], "range": range]
    }
}
