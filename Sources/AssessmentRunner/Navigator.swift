import AssessmentModel
import JSONCore

/// A step's place in the survey tree: the indices of `steps` from the assessment down.
public typealias StepLocation = [Int]

/// Where going forward leads.
public enum NavigationOutcome: Sendable, Equatable {
    /// Show this step next.
    case step(StepLocation)
    /// The run is over.
    case finished(RunStatus)
    /// Navigation goes round empty sections forever without showing a step: the sections of the loop, in order.
    case endlessLoop(sections: [String])
}

/// How a run ended (or that it has not).
public enum RunStatus: String, Sendable, Equatable {
    /// A step is being shown.
    case inProgress
    /// The assessment's steps ran out (or `nextSection` at the top level).
    case completed
    /// An `exit` target ended the run.
    case exited
    /// The participant (or script) pressed cancel.
    case cancelled
    /// The run could not go on (its first step is never reached: the sections loop).
    case failed
}

/// The pure navigation rules of `docs/navigation.md` §1: no state, no I/O. Build one per survey and
/// share it between runs. The survey is indexed once as a flat table with parent links, so moving
/// in and out of sections nested thousands deep costs one hop per level, with no copied paths.
public struct Navigator: Sendable {
    /// What a step shows wherever it is reached from.
    public struct StepInfo: Sendable {
        /// The step.
        public let node: Node
        /// Enclosing section identifiers and the step's, joined by `/`.
        public let stepPath: String
        /// The enclosing containers (sections, nested assessments), outermost first.
        public let sectionNodes: [Node]
        /// Enclosing section identifiers, outermost first.
        public var sections: [String] { sectionNodes.map(\.identifier) }
        /// Hidden buttons and titles.
        public let buttons: ButtonState
    }

    /// The survey's root node.
    public let assessment: Node
    /// Where a run starts, when the survey shows any step.
    public private(set) var firstLocation: StepLocation?
    let tree: SurveyTree
    /// The table entry of the first step shown, if any.
    private var firstEntry: Int?

    /// The most container hops one move may take before it counts as a loop that never shows a step
    /// (empty sections jumping to each other): every node entered and left twice.
    let hopBudget: Int

    /// A navigator over `assessment`'s steps.
    public init(assessment: Node) {
        self.assessment = assessment
        tree = SurveyTree(assessment)
        hopBudget = 4 * tree.count + 4
        var ignored: [RunWarning] = []
        if case .step(let first) = start(warnings: &ignored) {
            firstLocation = first
            firstEntry = tree.entry(at: first)
        }
    }

    /// The step at a location, with its path, sections and buttons (worked out on each call, in
    /// time linear in the step's depth).
    public func info(at location: StepLocation) -> StepInfo? {
        guard let entry = tree.entry(at: location), !tree.nodes[entry].kind.isContainer, entry != 0 else { return nil }
        let node = tree.nodes[entry]
        let containers = tree.sectionNodes(above: entry)
        return StepInfo(node: node, stepPath: (containers.map(\.identifier) + [node.identifier]).joined(separator: "/"),
                        sectionNodes: containers, buttons: tree.buttons(of: entry, isFirstStep: entry == firstEntry))
    }

    /// The node at a location.
    public func node(at location: StepLocation) -> Node? {
        tree.entry(at: location).map { tree.nodes[$0] }
    }

    /// The first step shown by a run (or `completed` for a survey without steps).
    public func start(warnings: inout [RunWarning]) -> NavigationOutcome {
        var walk = Walk(budget: hopBudget)
        let outcome = outcome(of: follow(.enter(container: 0, at: 0), walk: &walk))
        warnings += walk.warnings
        return outcome
    }

    /// Where a move ends, as table entries: a shown step, the run's end, or a loop of empty sections.
    enum Landing: Equatable {
        /// The step at this entry is shown.
        case step(Int)
        /// The run is over.
        case finished(RunStatus)
        /// The move goes round these sections (entries, in the order left) forever.
        case endlessLoop([Int])
    }

    /// A landing as callers outside the table see it.
    func outcome(of landing: Landing) -> NavigationOutcome {
        switch landing {
        case .step(let entry): return .step(tree.location(of: entry))
        case .finished(let status): return .finished(status)
        case .endlessLoop(let sections): return .endlessLoop(sections: sections.map { tree.nodes[$0].identifier })
        }
    }

    /// One hop of navigation, between table entries.
    enum Move {
        /// Show the child at `index` of a container, entering sections; past the end, leave the container.
        case enter(container: Int, at: Int)
        /// After a container's last step: its own `nextStepIdentifier`, else what follows it.
        case leave(Int)
        /// A target named by the node at an entry (a step, or a section leaving).
        case target(NavigationTarget, from: Int)
    }

    /// Follows moves until one shows a step or ends the run (a loop, not recursion: nesting depth costs no stack).
    func follow(_ first: Move, walk: inout Walk) -> Landing {
        var move = first
        while true {
            switch move {
            case .enter(let container, let index):
                guard walk.hop() else { return .endlessLoop(walk.loop) }
                guard tree.nodes[container].steps != nil else { return .finished(.completed) }
                guard index < tree.childCount[container] else {
                    move = .leave(container)
                    continue
                }
                let child = tree.firstChild[container] + index
                if tree.nodes[child].kind.isContainer {
                    move = .enter(container: child, at: 0)
                    continue
                }
                return .step(child)
            case .leave(let container):
                guard container != 0 else { return .finished(.completed) }
                walk.left.append(container)
                if let next = tree.nodes[container].nextStepIdentifier {
                    move = .target(next, from: container)
                } else {
                    move = .enter(container: tree.parent[container], at: tree.position[container] + 1)
                }
            case .target(let target, let from):
                let container = tree.parent[from]
                switch target {
                case .exit:
                    return .finished(.exited)
                case .beginning:
                    walk.restarted = true
                    move = .enter(container: 0, at: 0)
                case .nextSection:
                    guard container != 0 else { return .finished(.completed) }
                    move = .leave(container)
                case .node(let identifier):
                    guard let index = tree.position(of: identifier, in: container) else {
                        walk.warnings.append(.targetNotASibling(step: tree.nodes[from].identifier, target: identifier,
                                                                container: tree.nodes[container].identifier))
                        guard container != 0 else { return .finished(.completed) }
                        move = .leave(container)
                        continue
                    }
                    move = .enter(container: container, at: index)
                }
            }
        }
    }

    /// Where going forward from a step leads, given the question's latest answer (`null` when none).
    /// Returns the outcome and the index of the rule that fired, if any.
    public func forward(from location: StepLocation, answer: JSONValue, warnings: inout [RunWarning]) -> (NavigationOutcome, firedRule: Int?) {
        guard let entry = tree.entry(at: location), entry != 0, !tree.nodes[entry].kind.isContainer else { return (.finished(.completed), nil) }
        let step = tree.nodes[entry]
        var walk = Walk(budget: hopBudget)
        defer { warnings += walk.warnings }
        if let question = step.question {
            for (index, rule) in question.surveyRules.enumerated() where AnswerComparison.matches(rule, answer: answer, question: question) {
                guard let target = rule.target else {
                    walk.warnings.append(.ruleWithoutTarget(step: step.identifier, rule: index))
                    return (.finished(.exited), index)
                }
                return (outcome(of: follow(.target(target, from: entry), walk: &walk)), index)
            }
        }
        return (outcome(of: follow(fallback(of: entry), walk: &walk)), nil)
    }

    /// The move a step makes when no rule fires: its `nextStepIdentifier`, else the next sibling.
    func fallback(of entry: Int) -> Move {
        if let next = tree.nodes[entry].nextStepIdentifier { return .target(next, from: entry) }
        return .enter(container: tree.parent[entry], at: tree.position[entry] + 1)
    }

    /// Where one way of leaving a step leads, with what a graph of the survey draws on the way.
    public struct Leg: Sendable, Equatable {
        /// Where it lands.
        public let outcome: NavigationOutcome
        /// The identifiers of the sections left on the way, in the order left.
        public let sectionsLeft: [String]
        /// It goes through `beginning` (starts the survey over).
        public let restarts: Bool
        /// What the move warned about (targets that are not siblings).
        public let warnings: [RunWarning]
    }

    /// The leg of a run's first move.
    public func startLeg() -> Leg {
        leg(.enter(container: 0, at: 0))
    }

    /// The leg of following `target` named by the step at `location` (a rule's, or its `nextStepIdentifier`).
    public func leg(following target: NavigationTarget, from location: StepLocation) -> Leg? {
        guard let entry = tree.entry(at: location), entry != 0 else { return nil }
        return leg(.target(target, from: entry))
    }

    /// The leg a step takes when no rule fires: its `nextStepIdentifier`, else the next sibling.
    public func fallbackLeg(from location: StepLocation) -> Leg? {
        guard let entry = tree.entry(at: location), entry != 0 else { return nil }
        return leg(fallback(of: entry))
    }

    private func leg(_ move: Move) -> Leg {
        var walk = Walk(budget: hopBudget)
        let landing = follow(move, walk: &walk)
        return Leg(outcome: outcome(of: landing), sectionsLeft: walk.left.map { tree.nodes[$0].identifier }, restarts: walk.restarted, warnings: walk.warnings)
    }

    /// The step path used in reports: enclosing section identifiers and the step's, joined by `/`.
    public func stepPath(of location: StepLocation) -> String {
        info(at: location)?.stepPath ?? "?"
    }
}

/// The warnings, sections left and remaining hop budget of one navigation move.
struct Walk {
    var warnings: [RunWarning] = []
    var budget: Int
    /// The move went through `beginning` (started the survey over).
    var restarted = false
    /// The sections left, in order (entries of the survey table).
    var left: [Int] = []

    /// Once the budget is gone, the sections of the loop: the walk is deterministic, so it goes
    /// round the same sections again; they are those left since the last section was left before.
    var loop: [Int] {
        guard let last = left.last else { return [] }
        let earlier = left.dropLast().lastIndex(of: last).map { $0 + 1 } ?? 0
        return Array(left[earlier...])
    }

    /// Spends one hop; `false` when the budget is gone.
    mutating func hop() -> Bool {
        budget -= 1
        return budget >= 0
    }
}
