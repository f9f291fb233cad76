import AssessmentModel
import AssessmentRunner
import JSONCore

/// What runs covered, counted per item (vertex ids for steps, edge indices, choice pointers, buttons).
public struct CoverageState: Sendable, Equatable {
    /// How often each step (by vertex id) was shown.
    public var shownCounts: [String: Int] = [:]
    /// How often each edge (by index) was taken.
    public var edgeCounts: [Int: Int] = [:]
    /// How often each choice (by pointer; `…/other` for the other field) was picked.
    public var choiceCounts: [JSONPointer: Int] = [:]
    /// How often a button was pressed on a step (vertex index).
    public var buttonCounts: [ButtonUse: Int] = [:]

    /// Nothing covered yet.
    public init() {}

    /// Vertex ids of the steps shown at least once.
    public var shown: Set<String> { Set(shownCounts.keys) }
    /// Indices of the edges taken at least once.
    public var takenEdges: Set<Int> { Set(edgeCounts.keys) }
}

/// A button pressed on a step.
public struct ButtonUse: Sendable, Hashable {
    /// The step's vertex index.
    public let vertex: Int
    /// The button.
    public let button: ButtonType
}

/// Accumulates coverage of a survey's ``FlowGraph`` over any number of runs.
public struct Coverage: Sendable {
    /// The graph items are counted on.
    public let graph: FlowGraph
    /// What has been covered so far.
    public private(set) var state = CoverageState()
    /// How many runs were added.
    public private(set) var runs = 0

    /// Empty coverage of `graph`.
    public init(graph: FlowGraph) {
        self.graph = graph
    }

    /// Adds what one run did: steps shown, edges taken (by the rule that fired or the fallback), choices picked, buttons used.
    public mutating func add(_ session: RunSession) {
        runs += 1
        if let startEdge = graph.outgoing(graph.start).first { state.edgeCounts[startEdge, default: 0] += 1 }
        let navigator = session.navigator
        // Every move leaves the step it was made on, so each move is one showing of that step.
        for move in session.moves {
            guard let vertex = graph.vertex(at: move.location) else { continue }
            state.shownCounts[graph.vertices[vertex].id, default: 0] += 1
            let node = navigator.node(at: move.location)
            switch move.action {
            case .answer(let value):
                if let node { pick(value, of: node) }
                takeEdge(from: vertex, node: node, firedRule: move.firedRule)
            case .skip:
                state.buttonCounts[ButtonUse(vertex: vertex, button: .skip), default: 0] += 1
                takeEdge(from: vertex, node: node, firedRule: move.firedRule)
            case .goForward:
                takeEdge(from: vertex, node: node, firedRule: move.firedRule)
            case .goBackward:
                state.buttonCounts[ButtonUse(vertex: vertex, button: .goBackward), default: 0] += 1
            case .cancel:
                state.buttonCounts[ButtonUse(vertex: vertex, button: .cancel), default: 0] += 1
            }
        }
        // A run that stopped on a step (a script error) still showed it.
        if let location = session.location, let vertex = graph.vertex(at: location) {
            state.shownCounts[graph.vertices[vertex].id, default: 0] += 1
        }
    }

    private mutating func takeEdge(from vertex: Int, node: Node?, firedRule: Int?) {
        let via: FlowGraph.Via = firedRule.map(FlowGraph.Via.rule) ?? (node?.nextStepIdentifier == nil ? .nextSibling : .nextStepIdentifier)
        guard let edge = graph.outgoing(vertex).first(where: { graph.edges[$0].via == via }) else { return }
        state.edgeCounts[edge, default: 0] += 1
    }

    /// Counts the choices an answer picked (a value not among the choices is the "other" field).
    private mutating func pick(_ value: JSONValue, of node: Node) {
        guard let question = node.question, let choices = question.choices else { return }
        let picked: [JSONValue] = question.isSingleChoice ? [value] : (value.arrayValue ?? [])
        for element in picked where element != .null {
            if let choice = choices.first(where: { $0.value.map { AnswerComparison.equal($0, element, question: question) } ?? false }) {
                state.choiceCounts[choice.pointer, default: 0] += 1
            } else if question.other != nil {
                state.choiceCounts[node.pointer.appending("other"), default: 0] += 1
            }
        }
    }
}
