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
}

/// How a run ended (or that it has not).
public enum RunStatus: String, Sendable, Equatable {
    case inProgress, completed, exited, cancelled
}

/// The pure navigation rules of `navigation.md` §1: no state, no I/O.
public struct Navigator: Sendable {
    /// The survey's root node.
    public let assessment: Node

    public init(assessment: Node) {
        self.assessment = assessment
    }

    /// The node at a location.
    public func node(at location: StepLocation) -> Node? {
        var node = assessment
        for index in location {
            guard let steps = node.steps, steps.indices.contains(index) else { return nil }
            node = steps[index]
        }
        return node
    }

    /// The enclosing containers of a location, outermost (the assessment) first.
    public func ancestors(of location: StepLocation) -> [Node] {
        var nodes = [assessment]
        var node = assessment
        for index in location.dropLast() {
            guard let child = node.steps?[index] else { break }
            nodes.append(child)
            node = child
        }
        return nodes
    }

    /// The first step shown by a run (or `completed` for an empty survey).
    public func start() -> NavigationOutcome {
        enter([], at: 0)
    }

    /// Shows the child at `index` of the container at `container`, entering sections; past the end, leaves the container.
    func enter(_ container: StepLocation, at index: Int, warnings: inout [String]) -> NavigationOutcome {
        guard let steps = node(at: container)?.steps else { return .finished(.completed) }
        guard index < steps.count else { return leave(container, warnings: &warnings) }
        let location = container + [index]
        if steps[index].kind == .section { return enter(location, at: 0, warnings: &warnings) }
        return .step(location)
    }

    private func enter(_ container: StepLocation, at index: Int) -> NavigationOutcome {
        var ignored: [String] = []
        return enter(container, at: index, warnings: &ignored)
    }

    /// After a container's last step: the container's own `nextStepIdentifier`, else what follows it.
    func leave(_ container: StepLocation, warnings: inout [String]) -> NavigationOutcome {
        guard let last = container.last, let section = node(at: container) else { return .finished(.completed) }
        let parent = Array(container.dropLast())
        if let next = section.nextStepIdentifier {
            return resolve(next, from: container, named: section.identifier, warnings: &warnings)
        }
        return enter(parent, at: last + 1, warnings: &warnings)
    }

    /// Where going forward from a step leads, given the question's latest answer (`null` when none).
    /// Returns the outcome and the index of the rule that fired, if any.
    public func forward(from location: StepLocation, answer: JSONValue, warnings: inout [String]) -> (NavigationOutcome, firedRule: Int?) {
        guard let step = node(at: location) else { return (.finished(.completed), nil) }
        if let question = step.question {
            for (index, rule) in question.surveyRules.enumerated() where AnswerComparison.matches(rule, answer: answer, question: question) {
                guard let target = rule.target else {
                    warnings.append("rule \(index) of \"\(step.identifier)\" matched but has no skipToIdentifier; the run exits as phones do")
                    return (.finished(.exited), index)
                }
                return (resolve(target, from: location, named: step.identifier, warnings: &warnings), index)
            }
        }
        if let next = step.nextStepIdentifier {
            return (resolve(next, from: location, named: step.identifier, warnings: &warnings), nil)
        }
        return (enter(Array(location.dropLast()), at: (location.last ?? 0) + 1, warnings: &warnings), nil)
    }

    /// A navigation target named by the node at `location` (a step, or a section leaving).
    func resolve(_ target: NavigationTarget, from location: StepLocation, named name: String, warnings: inout [String]) -> NavigationOutcome {
        let container = Array(location.dropLast())
        switch target {
        case .exit:
            return .finished(.exited)
        case .beginning:
            return enter([], at: 0, warnings: &warnings)
        case .nextSection:
            return container.isEmpty ? .finished(.completed) : leave(container, warnings: &warnings)
        case .node(let identifier):
            let siblings = node(at: container)?.steps ?? []
            guard let index = siblings.firstIndex(where: { $0.identifier == identifier }) else {
                let containerName = node(at: container)?.identifier ?? "?"
                warnings.append("\"\(name)\" jumps to \"\(identifier)\", which is not a step of \"\(containerName)\"; \"\(containerName)\" ends there, as on phones")
                return container.isEmpty ? .finished(.completed) : leave(container, warnings: &warnings)
            }
            return enter(container, at: index, warnings: &warnings)
        }
    }

    /// The step path used in reports: enclosing section identifiers and the step's, joined by `/`.
    public func stepPath(of location: StepLocation) -> String {
        (ancestors(of: location).dropFirst().map(\.identifier) + [node(at: location)?.identifier ?? "?"]).joined(separator: "/")
    }
}
