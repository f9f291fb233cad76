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
    /// Navigation goes round empty sections forever without showing a step.
    case endlessLoop
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
}

/// The pure navigation rules of `navigation.md` §1: no state, no I/O. Build one per survey and
/// share it between runs: each shown step's path, sections and buttons are worked out once.
public struct Navigator: Sendable {
    /// What a step shows wherever it is reached from.
    public struct StepInfo: Sendable {
        /// The step.
        public let node: Node
        /// Enclosing section identifiers and the step's, joined by `/`.
        public let stepPath: String
        /// Enclosing section identifiers, outermost first.
        public let sections: [String]
        /// Hidden buttons and titles.
        public let buttons: ButtonState
    }

    /// The survey's root node.
    public let assessment: Node
    /// Where a run starts, when the survey shows any step.
    public private(set) var firstLocation: StepLocation?
    private var index: [StepLocation: StepInfo] = [:]

    /// The most container hops one move may take before it counts as a loop that never shows a step
    /// (empty sections jumping to each other): every node entered and left twice.
    private let hopBudget: Int

    /// A navigator over `assessment`'s steps.
    public init(assessment: Node) {
        self.assessment = assessment
        func count(_ node: Node) -> Int { 1 + (node.steps ?? []).reduce(0) { $0 + count($1) } }
        hopBudget = 4 * count(assessment) + 4
        var ignored: [String] = []
        if case .step(let first) = start(warnings: &ignored) { firstLocation = first }
        var index: [StepLocation: StepInfo] = [:]
        func walk(_ container: Node, _ location: StepLocation, _ ancestors: [Node]) {
            let chain = ancestors + [container]
            for (position, child) in (container.steps ?? []).enumerated() {
                let childLocation = location + [position]
                if child.kind.isContainer {
                    walk(child, childLocation, chain)
                    continue
                }
                let sections = chain.dropFirst().map(\.identifier)
                index[childLocation] = StepInfo(node: child, stepPath: (sections + [child.identifier]).joined(separator: "/"), sections: sections,
                                                buttons: ButtonState(step: child, ancestors: chain, isFirstStep: childLocation == firstLocation))
            }
        }
        walk(assessment, [], [])
        self.index = index
    }

    /// The step at a location, with its path, sections and buttons.
    public func info(at location: StepLocation) -> StepInfo? { index[location] }

    /// The node at a location.
    public func node(at location: StepLocation) -> Node? {
        var node = assessment
        for index in location {
            guard let steps = node.steps, steps.indices.contains(index) else { return nil }
            node = steps[index]
        }
        return node
    }

    /// The first step shown by a run (or `completed` for a survey without steps).
    public func start(warnings: inout [String]) -> NavigationOutcome {
        var walk = Walk(budget: hopBudget)
        let outcome = enter([], at: 0, walk: &walk)
        warnings += walk.warnings
        return outcome
    }

    /// Shows the child at `index` of the container at `container`, entering sections; past the end, leaves the container.
    private func enter(_ container: StepLocation, at index: Int, walk: inout Walk) -> NavigationOutcome {
        guard walk.hop() else { return .endlessLoop }
        guard let steps = node(at: container)?.steps else { return .finished(.completed) }
        guard index < steps.count else { return leave(container, walk: &walk) }
        let location = container + [index]
        if steps[index].kind.isContainer { return enter(location, at: 0, walk: &walk) }
        return .step(location)
    }

    /// After a container's last step: the container's own `nextStepIdentifier`, else what follows it.
    private func leave(_ container: StepLocation, walk: inout Walk) -> NavigationOutcome {
        guard let last = container.last, let section = node(at: container) else { return .finished(.completed) }
        if let next = section.nextStepIdentifier {
            return resolve(next, from: container, named: section.identifier, walk: &walk)
        }
        return enter(Array(container.dropLast()), at: last + 1, walk: &walk)
    }

    /// Where going forward from a step leads, given the question's latest answer (`null` when none).
    /// Returns the outcome and the index of the rule that fired, if any.
    public func forward(from location: StepLocation, answer: JSONValue, warnings: inout [String]) -> (NavigationOutcome, firedRule: Int?) {
        guard let step = index[location]?.node else { return (.finished(.completed), nil) }
        var walk = Walk(budget: hopBudget)
        defer { warnings += walk.warnings }
        if let question = step.question {
            for (index, rule) in question.surveyRules.enumerated() where AnswerComparison.matches(rule, answer: answer, question: question) {
                guard let target = rule.target else {
                    walk.warnings.append("rule \(index) of \"\(step.identifier)\" matched but has no skipToIdentifier; the run exits as phones do")
                    return (.finished(.exited), index)
                }
                return (resolve(target, from: location, named: step.identifier, walk: &walk), index)
            }
        }
        if let next = step.nextStepIdentifier {
            return (resolve(next, from: location, named: step.identifier, walk: &walk), nil)
        }
        return (enter(Array(location.dropLast()), at: (location.last ?? 0) + 1, walk: &walk), nil)
    }

    /// A navigation target named by the node at `location` (a step, or a section leaving).
    private func resolve(_ target: NavigationTarget, from location: StepLocation, named name: String, walk: inout Walk) -> NavigationOutcome {
        let container = Array(location.dropLast())
        switch target {
        case .exit:
            return .finished(.exited)
        case .beginning:
            return enter([], at: 0, walk: &walk)
        case .nextSection:
            return container.isEmpty ? .finished(.completed) : leave(container, walk: &walk)
        case .node(let identifier):
            let siblings = node(at: container)?.steps ?? []
            guard let index = siblings.firstIndex(where: { $0.identifier == identifier }) else {
                let containerName = node(at: container)?.identifier ?? "?"
                walk.warnings.append("\"\(name)\" jumps to \"\(identifier)\", which is not a step of \"\(containerName)\"; \"\(containerName)\" ends there, as on phones")
                return container.isEmpty ? .finished(.completed) : leave(container, walk: &walk)
            }
            return enter(container, at: index, walk: &walk)
        }
    }

    /// The step path used in reports: enclosing section identifiers and the step's, joined by `/`.
    public func stepPath(of location: StepLocation) -> String {
        index[location]?.stepPath ?? "?"
    }
}

/// The warnings and remaining hop budget of one navigation move.
private struct Walk {
    var warnings: [String] = []
    var budget: Int

    /// Spends one hop; `false` when the budget is gone.
    mutating func hop() -> Bool {
        budget -= 1
        return budget >= 0
    }
}
