import AssessmentModel
import JSONCore

/// Where navigation can go in a survey, step by step, as lint sees it: rules that can fire,
/// `nextStepIdentifier`, the next sibling, sections entered and left, and the end.
struct NavigationGraph: Sendable {
    /// A place navigation can be: a shown step (by pointer) or the end of the run.
    enum Place: Hashable, Sendable {
        case step(JSONPointer)
        case end
    }

    private(set) var edges: [Place: Set<Place>] = [:]
    let start: Place
    /// Shown steps (not sections) in document order.
    let steps: [Node.Visit]
    /// The sections the start goes round forever without showing a step (empty when it shows one or ends).
    let startLoop: [Node]

    init(assessment: Node, visits: [Node.Visit]) {
        steps = visits.filter { !$0.node.kind.isContainer }
        var resolver = PlaceResolver(assessment: assessment, visits: visits)
        let first = resolver.place(of: .enter(at: 0, in: resolver.root))
        start = first ?? .end
        startLoop = first == nil ? resolver.lastLoop : []
        for visit in steps {
            let node = visit.node
            var targets: Set<Place> = []
            var moves: [PlaceResolver.Move] = []
            if let question = node.question {
                for (index, rule) in question.surveyRules.enumerated() where NavigationGraph.canFire(rule, index: index, in: question) {
                    if let target = rule.target { moves.append(.target(target, in: visit.chain)) }
                }
            }
            if let next = node.nextStepIdentifier {
                moves.append(.target(next, in: visit.chain))
            } else {
                moves.append(.enter(at: PlaceResolver.position(of: node) + 1, in: visit.chain))
            }
            // A move that only goes round empty sections leads nowhere: the step cannot reach the end that way.
            for move in moves { if let place = resolver.place(of: move) { targets.insert(place) } }
            edges[.step(node.pointer), default: []].formUnion(targets)
        }
    }

    /// Whether a rule can ever be the first to match some answer of its question.
    static func canFire(_ rule: SurveyRule, index: Int, in question: Question) -> Bool {
        let expected = rule.comparedValue
        if rule.ruleOperator.isOrdering {
            guard AnswerComparison.order(expected, expected, question: question) != nil else { return false }
            if question.choices != nil && !question.isSingleChoice { return false }
        }
        if case .unknown = rule.ruleOperator { return false }
        guard rule.ruleOperator == .equal else { return true }
        if let choices = question.choices, question.other == nil, question.isSingleChoice, expected != .null {
            guard choices.contains(where: { $0.value.map { AnswerComparison.equal($0, expected, question: question) } ?? false }) else { return false }
        }
        return !question.surveyRules.prefix(index).contains { AnswerComparison.matches($0, answer: expected, question: question) }
    }

    /// Every place reachable from the start.
    func reachable() -> Set<Place> {
        var seen: Set<Place> = [start]
        var queue = [start]
        while let place = queue.popLast() {
            for next in edges[place] ?? [] where seen.insert(next).inserted { queue.append(next) }
        }
        return seen
    }

    /// Every place from which the end can be reached.
    func canReachEnd() -> Set<Place> {
        var reverse: [Place: [Place]] = [:]
        for (from, targets) in edges {
            for target in targets { reverse[target, default: []].append(from) }
        }
        var seen: Set<Place> = [.end]
        var queue: [Place] = [.end]
        while let place = queue.popLast() {
            for previous in reverse[place] ?? [] where seen.insert(previous).inserted { queue.append(previous) }
        }
        return seen
    }
}

/// Resolves navigation moves to the step they show, iteratively and with each section's entry and
/// exit worked out once, so that surveys nested thousands of sections deep cost linear time and stack.
struct PlaceResolver {
    typealias Place = NavigationGraph.Place

    /// One hop of navigation.
    enum Move: Hashable {
        /// Show the child at this index of a container (past the end: leave the container).
        case enter(at: Int, in: AncestorChain)
        /// Leave a container (its own nextStepIdentifier, else what follows it).
        case leave(AncestorChain)
        /// Follow a target named inside a container.
        case target(NavigationTarget, in: AncestorChain)

        static func == (lhs: Move, rhs: Move) -> Bool {
            switch (lhs, rhs) {
            case let (.enter(a, x), .enter(b, y)): return a == b && x === y
            case let (.leave(x), .leave(y)): return x === y
            case let (.target(a, x), .target(b, y)): return a == b && x === y
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .enter(let index, let chain): hasher.combine(0); hasher.combine(index); hasher.combine(ObjectIdentifier(chain))
            case .leave(let chain): hasher.combine(1); hasher.combine(ObjectIdentifier(chain))
            case .target(let target, let chain): hasher.combine(2); hasher.combine(target); hasher.combine(ObjectIdentifier(chain))
            }
        }
    }

    /// The assessment's own link.
    let root: AncestorChain
    /// Each section's link (the chain its children see), by the section's pointer.
    private let chains: [JSONPointer: AncestorChain]
    /// Each container's first step index by identifier (by the container's pointer), so jumps cost no scan.
    private let stepIndex: [JSONPointer: [String: Int]]
    /// Where each move already resolved leads (`nil`: round empty sections forever).
    private var resolved: [Move: Place?] = [:]
    /// The sections left, in order, by the last move found to go round empty sections forever.
    private(set) var lastLoop: [Node] = []

    init(assessment: Node, visits: [Node.Visit]) {
        // The links the visits hold, so moves compare by identity; empty sections get their own.
        var chains: [JSONPointer: AncestorChain] = [:]
        for visit in visits where visit.chain.node.kind.isContainer && chains[visit.chain.node.pointer] == nil {
            chains[visit.chain.node.pointer] = visit.chain
        }
        for visit in visits where visit.node.kind.isContainer && chains[visit.node.pointer] == nil {
            chains[visit.node.pointer] = AncestorChain(node: visit.node, parent: visit.chain)
        }
        self.chains = chains
        root = visits.first?.chain ?? AncestorChain(node: assessment, parent: nil)
        var stepIndex: [JSONPointer: [String: Int]] = [:]
        for container in [root.node] + chains.values.map(\.node) where stepIndex[container.pointer] == nil {
            let names = (container.steps ?? []).enumerated().map { ($0.element.identifier, $0.offset) }
            stepIndex[container.pointer] = Dictionary(names, uniquingKeysWith: { first, _ in first })
        }
        self.stepIndex = stepIndex
    }

    /// A step's index among its container's steps (its pointer ends with it).
    static func position(of node: Node) -> Int {
        node.pointer.lastToken.flatMap(JSONPointer.arrayIndex) ?? 0
    }

    /// Where a move ends: the step it shows, the end, or `nil` when it goes round empty sections forever.
    mutating func place(of move: Move) -> Place? {
        var passed: [Move] = []
        var seen: Set<Move> = []
        var current = move
        var outcome: Place?
        while true {
            if let known = resolved[current] {
                outcome = known
                break
            }
            guard seen.insert(current).inserted else {
                let cycle = passed.drop { $0 != current }
                lastLoop = cycle.compactMap { if case .leave(let chain) = $0 { return chain.node } else { return nil } }
                outcome = nil
                break
            }
            passed.append(current)
            switch step(current) {
            case .done(let place):
                outcome = place
            case .next(let next):
                current = next
                continue
            }
            break
        }
        for move in passed { resolved[move] = .some(outcome) }
        return outcome
    }

    private enum Hop {
        case done(Place)
        case next(Move)
    }

    /// One hop of `docs/navigation.md` §1.
    private func step(_ move: Move) -> Hop {
        switch move {
        case .enter(let index, let container):
            let siblings = container.node.steps ?? []
            guard index < siblings.count else { return .next(.leave(container)) }
            let child = siblings[index]
            guard child.kind.isContainer else { return .done(.step(child.pointer)) }
            guard let chain = chains[child.pointer] else { return .next(.leave(container)) }
            return .next(.enter(at: 0, in: chain))
        case .leave(let container):
            guard container.node.kind.isContainer, let parent = container.parent else { return .done(.end) }
            if let next = container.node.nextStepIdentifier { return .next(.target(next, in: parent)) }
            return .next(.enter(at: PlaceResolver.position(of: container.node) + 1, in: parent))
        case .target(let target, let container):
            switch target {
            case .exit: return .done(.end)
            case .beginning: return .next(.enter(at: 0, in: root))
            case .nextSection: return container.parent != nil ? .next(.leave(container)) : .done(.end)
            case .node(let identifier):
                guard let index = stepIndex[container.node.pointer]?[identifier] else {
                    return container.parent != nil ? .next(.leave(container)) : .done(.end)
                }
                return .next(.enter(at: index, in: container))
            }
        }
    }
}
