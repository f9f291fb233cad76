import AssessmentModel
import JSONCore

/// Text forms of a ``FlowGraph``: JSON data, Graphviz `dot` and Mermaid.
public struct GraphWriter: Sendable {
    /// The graph written.
    public let graph: FlowGraph
    /// Where a pointer is in the survey file (`line:col`), when known.
    public let locate: @Sendable (JSONPointer) -> SourcePosition?
    /// What was covered, to colour the picture (`nil`: no colouring by coverage).
    public let coverage: CoverageState?

    /// A writer for `graph`; `locate` adds `line`/`column` to JSON, `coverage` colours edges and steps.
    public init(graph: FlowGraph, locate: @escaping @Sendable (JSONPointer) -> SourcePosition? = { _ in nil }, coverage: CoverageState? = nil) {
        self.graph = graph
        self.locate = locate
        self.coverage = coverage
    }

    /// Whether the coverage took `edge`. Reports count no start edge (no run can miss it), so it is
    /// taken once any run showed a step.
    func covered(_ edge: FlowGraph.Edge, by coverage: CoverageState) -> Bool {
        coverage.takenEdges.contains(edge.index) || (edge.via == .start && !coverage.shownCounts.isEmpty)
    }

    /// The graph as data: `vertices`, `edges`, `sections`.
    public var json: JSONValue {
        func place(_ pointer: JSONPointer?, into object: inout JSONObject) {
            guard let pointer else { return }
            object["pointer"] = .string(pointer.description)
            if let position = locate(pointer) {
                object["line"] = .number(JSONNumber(position.line))
                object["column"] = .number(JSONNumber(position.column))
            }
        }
        let vertices: [JSONValue] = graph.vertices.map { vertex in
            var object = JSONObject([.init(key: "id", value: .string(vertex.id)), .init(key: "kind", value: .string(vertex.kind.name)),
                                     .init(key: "identifier", value: .string(vertex.identifier))])
            if vertex.location != nil { object["stepPath"] = .string(vertex.stepPath) }
            if let title = vertex.title { object["title"] = .string(title) }
            if let cluster = vertex.cluster { object["section"] = .string(graph.clusters[cluster].identifier) }
            place(vertex.pointer, into: &object)
            object["reachable"] = .bool(vertex.reachable)
            if vertex.stuck { object["stuck"] = true }
            if let coverage, vertex.location != nil { object["covered"] = .bool(coverage.shown.contains(vertex.id)) }
            return .object(object)
        }
        let edges: [JSONValue] = graph.edges.map { edge in
            var object = JSONObject([.init(key: "from", value: .string(graph.vertices[edge.from].id)),
                                     .init(key: "to", value: .string(graph.vertices[edge.to].id)),
                                     .init(key: "via", value: .string(edge.via.name))])
            if !edge.label.isEmpty { object["label"] = .string(edge.label) }
            place(edge.pointer, into: &object)
            if !edge.leaves.isEmpty { object["leaves"] = .array(edge.leaves.map(JSONValue.string)) }
            if edge.restarts { object["restarts"] = true }
            object["reachable"] = .bool(edge.reachable)
            if edge.dead { object["dead"] = true }
            if let witness = graph.witnesses[edge.index] { object["witness"] = witness == .skip ? ["action": "skip"] : ["answer": witness.value] }
            if let note = edge.note { object["note"] = .string(note) }
            if let coverage { object["covered"] = .bool(covered(edge, by: coverage)) }
            return .object(object)
        }
        let sections: [JSONValue] = graph.clusters.map { cluster in
            var object = JSONObject([.init(key: "identifier", value: .string(cluster.identifier))])
            place(cluster.pointer, into: &object)
            if let parent = cluster.parent { object["parent"] = .string(graph.clusters[parent].identifier) }
            return .object(object)
        }
        return .object(JSONObject([.init(key: "survey", value: .string(graph.identifier)), .init(key: "vertices", value: .array(vertices)),
                                   .init(key: "edges", value: .array(edges)), .init(key: "sections", value: .array(sections))]))
    }

    /// Graphviz `dot` text, sections as clusters, lint problems in red (dead, unreachable) and orange (stuck).
    public var dot: String {
        var lines = ["digraph \(quoted(graph.identifier)) {", "  rankdir=TB;", "  node [fontname=\"Helvetica\", fontsize=11];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];"]
        func vertexLine(_ index: Int, indent: String) -> String {
            let vertex = graph.vertices[index]
            var attributes: [String]
            switch vertex.kind {
            case .start: attributes = ["shape=circle", "label=\"\"", "style=filled", "fillcolor=black", "width=0.25"]
            case .completed, .exited, .sectionLoop: attributes = ["shape=doublecircle", "label=\(quoted(vertex.identifier))"]
            case .step(let kind):
                let style = GraphStyle.of(kind)
                attributes = ["shape=\(style.dotShape)", "style=\"\(style.rounded ? "rounded," : "")filled\(vertex.reachable ? "" : ",dashed")\"",
                              "fillcolor=\"\(vertex.stuck ? GraphStyle.stuckFill : style.fill)\"",
                              "label=\(quoted(vertex.identifier + "\n" + kind.description))"]
            }
            if !vertex.reachable && vertex.kind != .start { attributes.append("color=\"\(GraphStyle.problem)\"") }
            if let coverage, vertex.location != nil, vertex.reachable, !coverage.shown.contains(vertex.id) {
                attributes.append("color=\"\(GraphStyle.uncovered)\"")
                attributes.append("penwidth=2")
            }
            return indent + vertex.id + " [" + attributes.joined(separator: ", ") + "];"
        }
        let tree = ClusterTree(graph)
        func emit(cluster: Int?, indent: String) {
            for child in tree.children[cluster] ?? [] {
                lines.append(indent + "subgraph cluster_\(child) {")
                lines.append(indent + "  label=\(quoted(graph.clusters[child].identifier)); style=\"dashed,rounded\"; color=\"#888888\";")
                emit(cluster: child, indent: indent + "  ")
                lines.append(indent + "}")
            }
            for vertex in tree.members[cluster] ?? [] { lines.append(vertexLine(vertex, indent: indent)) }
        }
        emit(cluster: nil, indent: "  ")
        for edge in graph.edges {
            var attributes: [String] = []
            let label = edgeLabel(edge)
            if !label.isEmpty { attributes.append("label=\(quoted(label))") }
            if edge.dead || !edge.reachable { attributes += ["color=\"\(GraphStyle.problem)\"", "fontcolor=\"\(GraphStyle.problem)\"", "style=dashed"] }
            if let coverage, edge.reachable {
                attributes.append(covered(edge, by: coverage) ? "color=\"\(GraphStyle.covered)\"" : "color=\"\(GraphStyle.uncovered)\"")
            }
            let from = graph.vertices[edge.from].id, to = graph.vertices[edge.to].id
            lines.append("  \(from) -> \(to)" + (attributes.isEmpty ? ";" : " [" + attributes.joined(separator: ", ") + "];"))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Mermaid `flowchart` for Markdown renderers.
    public var mermaid: String {
        var lines = ["flowchart TD"]
        func text(_ string: String) -> String { "\"" + string.replacingScalars(["\"": "#quot;"]) + "\"" }
        func vertexLine(_ index: Int, indent: String) -> String {
            let vertex = graph.vertices[index]
            switch vertex.kind {
            case .start: return indent + "\(vertex.id)((start))"
            case .completed, .exited, .sectionLoop: return indent + "\(vertex.id)(((\(vertex.identifier))))"
            case .step(let kind):
                let label = text(vertex.identifier + "<br/>" + kind.description)
                switch GraphStyle.of(kind).mermaidShape {
                case .stadium: return indent + "\(vertex.id)([\(label)])"
                case .subroutine: return indent + "\(vertex.id)[[\(label)]]"
                case .box: return indent + "\(vertex.id)[\(label)]"
                }
            }
        }
        let tree = ClusterTree(graph)
        func emit(cluster: Int?, indent: String) {
            for child in tree.children[cluster] ?? [] {
                lines.append(indent + "subgraph s\(child) [\(text(graph.clusters[child].identifier))]")
                emit(cluster: child, indent: indent + "  ")
                lines.append(indent + "end")
            }
            for vertex in tree.members[cluster] ?? [] { lines.append(vertexLine(vertex, indent: indent)) }
        }
        emit(cluster: nil, indent: "  ")
        var problemLinks: [Int] = []
        for (position, edge) in graph.edges.enumerated() {
            let label = edgeLabel(edge)
            let arrow = edge.dead || !edge.reachable ? "-.->" : "-->"
            if edge.dead || !edge.reachable { problemLinks.append(position) }
            lines.append("  \(graph.vertices[edge.from].id) \(arrow)" + (label.isEmpty ? "" : "|\(text(label))|") + " \(graph.vertices[edge.to].id)")
        }
        lines.append("  classDef unreachable stroke:\(GraphStyle.problem),stroke-dasharray:4")
        lines.append("  classDef stuck fill:\(GraphStyle.stuckFill)")
        let unreachable = graph.vertices.filter { !$0.reachable && $0.kind != .start }.map(\.id)
        if !unreachable.isEmpty { lines.append("  class \(unreachable.joined(separator: ",")) unreachable") }
        let stuck = graph.vertices.filter(\.stuck).map(\.id)
        if !stuck.isEmpty { lines.append("  class \(stuck.joined(separator: ",")) stuck") }
        if !problemLinks.isEmpty {
            lines.append("  linkStyle \(problemLinks.map(String.init).joined(separator: ",")) stroke:\(GraphStyle.problem),color:\(GraphStyle.problem)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The edge's label with `dead`, `↺ beginning` and section leaving spelled out.
    func edgeLabel(_ edge: FlowGraph.Edge) -> String {
        var parts = edge.label.isEmpty ? [] : [edge.label]
        if edge.restarts { parts.append("↺ beginning") }
        if edge.dead { parts.append("(dead)") }
        return parts.joined(separator: " ")
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingScalars(["\\": "\\\\", "\"": "\\\"", "\n": "\\n"]) + "\""
    }
}

/// Which vertices and sub-sections each section holds (`nil`: the top level).
struct ClusterTree {
    var children: [Int?: [Int]] = [:]
    var members: [Int?: [Int]] = [:]

    init(_ graph: FlowGraph) {
        for (index, cluster) in graph.clusters.enumerated() { children[cluster.parent, default: []].append(index) }
        for (index, vertex) in graph.vertices.enumerated() { members[vertex.cluster, default: []].append(index) }
    }
}

/// Colours and shapes shared by the writers and the SVG.
enum GraphStyle {
    enum MermaidShape { case stadium, subroutine, box }

    struct Look {
        let fill: String
        let rounded: Bool
        let dotShape: String
        let mermaidShape: MermaidShape
    }

    static let problem = "#d62728"
    static let stuckFill = "#ffbb78"
    static let covered = "#2ca02c"
    static let uncovered = "#d62728"

    static func of(_ kind: NodeKind) -> Look {
        switch kind {
        case .simpleQuestion, .choiceQuestion: return Look(fill: "#dbeafe", rounded: true, dotShape: "box", mermaidShape: .stadium)
        case .completion: return Look(fill: "#dcfce7", rounded: true, dotShape: "box", mermaidShape: .subroutine)
        case .overview: return Look(fill: "#f3e8ff", rounded: false, dotShape: "box", mermaidShape: .box)
        default: return Look(fill: "#f1f5f9", rounded: false, dotShape: "box", mermaidShape: .box)
        }
    }
}
