import AssessmentModel
import JSONCore

/// The outline: sections and their steps as nested `DocumentSymbol`s.
enum Symbols {
    /// Symbols nest at most this deep; deeper steps are listed under the deepest shown section.
    static let maxDepth = 64

    static func outline(_ analysis: DocumentAnalysis) -> JSONValue {
        // Each step's parent symbol: its container, or past the depth limit the deepest shown ancestor.
        let root = analysis.survey?.assessment.pointer ?? .root
        var attach: [JSONPointer: JSONPointer] = [:]
        var level: [JSONPointer: Int] = [root: 0]
        for step in analysis.steps {
            let container = step.container ?? root
            let containerLevel = level[container] ?? 0
            attach[step.node.pointer] = containerLevel < maxDepth ? container : attach[container] ?? root
            level[step.node.pointer] = min(containerLevel + 1, maxDepth)
        }
        // Children by parent, built bottom-up (reverse document order) without recursion.
        var children: [JSONPointer: [JSONValue]] = [:]
        for step in analysis.steps.reversed() {
            let node = step.node
            var symbol = JSONObject([
                .init(key: "name", value: .string(node.identifier.isEmpty ? "(no identifier)" : node.identifier)),
                .init(key: "detail", value: .string([node.kind.description, node.title].compactMap { $0 }.joined(separator: ": "))),
                .init(key: "kind", value: .int(node.kind.isContainer ? 3 : node.kind.isQuestion ? 7 : 19)),
                .init(key: "range", value: analysis.lines.range(step.range)),
                .init(key: "selectionRange", value: analysis.lines.range(step.identifierRange ?? step.range)),
            ])
            if let own = children.removeValue(forKey: node.pointer) { symbol["children"] = .array(own.reversed()) }
            children[attach[node.pointer] ?? root, default: []].append(.object(symbol))
        }
        return .array((children[root] ?? []).reversed())
    }
}
