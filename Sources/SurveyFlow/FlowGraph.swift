import AssessmentModel
import AssessmentRunner
import JSONCore

/// Every route a survey can take, as a graph: the run's start, each shown step, the ends, and one
/// edge per way of leaving a step (each survey rule, `nextStepIdentifier`, the next sibling).
public struct FlowGraph: Sendable {
    /// What a vertex stands for.
    public enum VertexKind: Sendable, Hashable {
        /// Where every run starts.
        case start
        /// A shown step of this node type.
        case step(NodeKind)
        /// The run ends with status `completed`.
        case completed
        /// The run ends with status `exited`.
        case exited
        /// Navigation loops through empty sections without showing a step (the run fails).
        case sectionLoop

        /// True for the vertices where runs end.
        public var isEnd: Bool {
            switch self {
            case .completed, .exited, .sectionLoop: return true
            case .start, .step: return false
            }
        }

        /// A short name: the node type, or `start`, `completed`, `exited`, `section-loop`.
        public var name: String {
            switch self {
            case .start: return "start"
            case .step(let kind): return kind.description
            case .completed: return "completed"
            case .exited: return "exited"
            case .sectionLoop: return "section-loop"
            }
        }
    }

    /// A place a run can be.
    public struct Vertex: Sendable {
        /// Stable id within the graph (`start`, `completed`, `exited`, or `n` and an index).
        public let id: String
        /// What it stands for.
        public let kind: VertexKind
        /// The step's identifier (the id for start and ends).
        public let identifier: String
        /// Enclosing section identifiers and the step's, joined by `/`.
        public let stepPath: String
        /// The step's title, if any.
        public let title: String?
        /// The step's pointer in the survey (`nil` for start and ends).
        public let pointer: JSONPointer?
        /// The step's place in the tree (indices of `steps`), `nil` for start and ends.
        public let location: StepLocation?
        /// Index into ``FlowGraph/clusters`` of the innermost enclosing section.
        public let cluster: Int?
        /// Some run can show it (lint's `unreachable-step` otherwise).
        public internal(set) var reachable = false
        /// Reached, but no run can end from here (lint's `endless-loop`).
        public internal(set) var stuck = false
        /// The skip button is shown and the question is not required (`"optional": false`): skipping answers `null`.
        public let canSkip: Bool
    }

    /// How an edge leaves its step.
    public enum Via: Sendable, Hashable {
        /// The run's start.
        case start
        /// The survey rule at this index fired.
        case rule(Int)
        /// No rule fired and the step names a `nextStepIdentifier`.
        case nextStepIdentifier
        /// No rule fired and the step has no `nextStepIdentifier`: the next sibling (or the container's end).
        case nextSibling

        /// `start`, `rule 2`, `nextStepIdentifier`, `next`.
        public var name: String {
            switch self {
            case .start: return "start"
            case .rule(let index): return "rule \(index)"
            case .nextStepIdentifier: return "nextStepIdentifier"
            case .nextSibling: return "next"
            }
        }
    }

    /// One way of leaving a step.
    public struct Edge: Sendable {
        /// Index of the edge in ``FlowGraph/edges``.
        public let index: Int
        /// Source and destination (indices into ``FlowGraph/vertices``).
        public let from: Int, to: Int
        /// How the source is left.
        public let via: Via
        /// `= 3`, `≠ "pizza"`, `skip`, `else`, or empty for the only way on.
        public let label: String
        /// Where in the survey the edge is written (the rule, `nextStepIdentifier`, or the step).
        public let pointer: JSONPointer?
        /// Sections left on the way, innermost first.
        public let leaves: [String]
        /// The edge goes through `beginning` (starts the survey over).
        public let restarts: Bool
        /// A rule no answer can fire, or a fallback every answer avoids.
        public internal(set) var dead = false
        /// Its source is reachable and it is not dead.
        public internal(set) var reachable = false
        /// A note for readers (a target that is not a sibling, a rule without target).
        public let note: String?
    }

    /// A section drawn around its steps.
    public struct Cluster: Sendable {
        /// The section's identifier.
        public let identifier: String
        /// The section's pointer.
        public let pointer: JSONPointer
        /// The enclosing section's cluster, if any.
        public let parent: Int?
    }

    /// The survey's identifier.
    public let identifier: String
    /// Start first, then steps in document order, then the ends that some edge reaches.
    public internal(set) var vertices: [Vertex]
    /// Edges grouped by source, in vertex order and then rule order.
    public internal(set) var edges: [Edge]
    /// Sections, outermost first in document order.
    public let clusters: [Cluster]
    /// A witness answer for each live edge leaving a question (`nil` for steps that go on by themselves).
    public internal(set) var witnesses: [Int: Witness]

    /// Edges leaving each vertex.
    public func outgoing(_ vertex: Int) -> [Int] { outgoingIndex[vertex] }
    var outgoingIndex: [[Int]]

    /// The vertex of a step location, if it is a shown step.
    public func vertex(at location: StepLocation) -> Int? { byLocation[location] }
    var byLocation: [StepLocation: Int]

    /// Index of the start vertex (always 0).
    public var start: Int { 0 }

    /// Edges whose source some run reaches and that some answer takes.
    public var reachableEdges: [Edge] { edges.filter(\.reachable) }

    init(identifier: String, vertices: [Vertex], edges: [Edge], clusters: [Cluster]) {
        self.identifier = identifier
        self.vertices = vertices
        self.edges = edges
        self.clusters = clusters
        witnesses = [:]
        var outgoing = Array(repeating: [Int](), count: vertices.count)
        for edge in edges { outgoing[edge.from].append(edge.index) }
        outgoingIndex = outgoing
        var byLocation: [StepLocation: Int] = [:]
        for (index, vertex) in vertices.enumerated() {
            if let location = vertex.location { byLocation[location] = index }
        }
        self.byLocation = byLocation
    }

    /// Marks reachable vertices and edges (live edges only) and the stuck ones that cannot reach an end.
    mutating func markReachability() {
        var seen = Array(repeating: false, count: vertices.count)
        seen[start] = true
        var queue = [start]
        while let vertex = queue.popLast() {
            for edge in outgoingIndex[vertex] where !edges[edge].dead && !seen[edges[edge].to] {
                seen[edges[edge].to] = true
                queue.append(edges[edge].to)
            }
        }
        var incoming = Array(repeating: [Int](), count: vertices.count)
        for edge in edges where !edge.dead { incoming[edge.to].append(edge.from) }
        var finishing = vertices.map(\.kind.isEnd)
        queue = vertices.indices.filter { finishing[$0] }
        while let vertex = queue.popLast() {
            for source in incoming[vertex] where !finishing[source] {
                finishing[source] = true
                queue.append(source)
            }
        }
        for index in vertices.indices {
            vertices[index].reachable = seen[index]
            vertices[index].stuck = seen[index] && !finishing[index]
        }
        for index in edges.indices {
            edges[index].reachable = seen[edges[index].from] && !edges[index].dead
        }
    }
}

/// What a script does on a question to take an edge.
public enum Witness: Sendable, Hashable {
    /// Answer with this value (as the runner records it).
    case answer(JSONValue)
    /// Press skip (the answer is `null`).
    case skip

    /// The value the question ends up with.
    public var value: JSONValue {
        switch self {
        case .answer(let value): return value
        case .skip: return .null
        }
    }

    /// `answer 3` or `skip`.
    public var description: String {
        switch self {
        case .answer(let value): return value.description
        case .skip: return "skip"
        }
    }
}
