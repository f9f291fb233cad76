import JSONCore

extension RoutePlanner {
    /// What a route does at each question it passes: the question's vertex and the witness used.
    public func decisions(_ route: Route) -> [(vertex: Int, witness: Witness)] {
        route.edges.compactMap { edge in
            guard case .step(let kind) = graph.vertices[graph.edges[edge].from].kind, kind.isQuestion,
                  let witness = graph.witnesses[edge] else { return nil }
            return (graph.edges[edge].from, witness)
        }
    }

    /// The answer script that drives a run along the route (`{"steps": [...]}`, one entry per question shown).
    public func script(_ route: Route) -> JSONValue {
        let entries: [JSONValue] = decisions(route).map { decision in
            let identifier = JSONObject.Member(key: "identifier", value: .string(graph.vertices[decision.vertex].identifier))
            switch decision.witness {
            case .answer(let value): return .object(JSONObject([identifier, .init(key: "answer", value: value)]))
            case .skip: return .object(JSONObject([identifier, .init(key: "action", value: "skip")]))
            }
        }
        return .object(JSONObject([.init(key: "steps", value: .array(entries))]))
    }

    /// The outcome a run of ``script(_:)`` must have: `status`, `path` and each question's final answer by `stepPath`.
    public func expected(_ route: Route) -> JSONValue {
        let steps = route.edges.map { graph.edges[$0].to }.filter { graph.vertices[$0].location != nil }
        let end = route.edges.last.map { graph.vertices[graph.edges[$0].to].kind }
        var answers = JSONObject()
        for decision in decisions(route) { answers[graph.vertices[decision.vertex].stepPath] = decision.witness.value }
        return .object(JSONObject([
            .init(key: "status", value: .string(end == .exited ? "exited" : "completed")),
            .init(key: "path", value: .array(steps.map { .string(graph.vertices[$0].identifier) })),
            .init(key: "answers", value: .object(answers)),
        ]))
    }

    /// `overview → choiceQ1 (skip) → followupQ (true) → … → completed`.
    public func describe(_ route: Route) -> String {
        var parts: [String] = []
        for edge in route.edges {
            let from = graph.edges[edge].from
            if from != graph.start {
                var part = graph.vertices[from].stepPath
                if let witness = graph.witnesses[edge], graph.vertices[from].location != nil, isQuestion(from) { part += " (\(witness.description))" }
                parts.append(part)
            }
        }
        if let last = route.edges.last { parts.append(graph.vertices[graph.edges[last].to].stepPath) }
        return parts.joined(separator: " → ")
    }

    private func isQuestion(_ vertex: Int) -> Bool {
        if case .step(let kind) = graph.vertices[vertex].kind { return kind.isQuestion }
        return false
    }
}
