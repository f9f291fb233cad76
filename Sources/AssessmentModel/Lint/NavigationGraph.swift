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

    init(assessment: Node, visits: [Node.Visit]) {
        steps = visits.filter { !$0.node.kind.isContainer }

        /// The first shown step when entering a node (a section enters its first child).
        func entry(_ node: Node, ancestors: [Node]) -> Place {
            guard node.kind.isContainer else { return .step(node.pointer) }
            guard let first = node.steps?.first else { return exit(from: node, ancestors: ancestors) }
            return entry(first, ancestors: ancestors + [node])
        }

        /// Where navigation goes after leaving `container` (its own nextStepIdentifier, else its next sibling).
        func exit(from container: Node, ancestors: [Node]) -> Place {
            guard let parent = ancestors.last else { return .end }
            if let next = container.nextStepIdentifier {
                return resolve(next, from: container, ancestors: ancestors)
            }
            return following(container, in: parent, ancestors: Array(ancestors.dropLast()))
        }

        /// The sibling after `node` in `container`, or the container's exit.
        func following(_ node: Node, in container: Node, ancestors: [Node]) -> Place {
            let siblings = container.steps ?? []
            // A step's pointer ends with its index in its container's steps.
            guard let index = node.pointer.tokens.last.flatMap(Int.init), index + 1 < siblings.count else {
                return exit(from: container, ancestors: ancestors)
            }
            return entry(siblings[index + 1], ancestors: ancestors + [container])
        }

        /// A target named by `node` (whose enclosing containers are `ancestors`).
        func resolve(_ target: NavigationTarget, from node: Node, ancestors: [Node]) -> Place {
            guard let container = ancestors.last else { return .end }
            let outer = Array(ancestors.dropLast())
            switch target {
            case .exit: return .end
            case .beginning: return entry(assessment.steps?.first ?? assessment, ancestors: [assessment])
            case .nextSection: return outer.isEmpty ? .end : exit(from: container, ancestors: outer)
            case .node(let identifier):
                guard let sibling = container.step(identifier) else { return exit(from: container, ancestors: outer) }
                return entry(sibling, ancestors: ancestors)
            }
        }

        // A file holding one step (a resource of a larger survey) shows that step, then ends.
        guard let rootSteps = assessment.steps else {
            start = .step(assessment.pointer)
            edges[start] = [.end]
            return
        }
        start = rootSteps.first.map { entry($0, ancestors: [assessment]) } ?? .end
        for visit in steps {
            let node = visit.node
            guard let container = visit.ancestors.last else { continue }
            var targets: Set<Place> = []
            if let question = node.question {
                for (index, rule) in question.surveyRules.enumerated() where NavigationGraph.canFire(rule, index: index, in: question) {
                    if let target = rule.target { targets.insert(resolve(target, from: node, ancestors: visit.ancestors)) }
                }
            }
            if let next = node.nextStepIdentifier {
                targets.insert(resolve(next, from: node, ancestors: visit.ancestors))
            } else {
                targets.insert(following(node, in: container, ancestors: Array(visit.ancestors.dropLast())))
            }
            edges[.step(node.pointer), default: []].formUnion(targets)
        }
    }

    /// Whether a rule can ever be the first to match some answer of its question.
    static func canFire(_ rule: SurveyRule, index: Int, in question: Question) -> Bool {
        let expected = rule.comparedValue
        if rule.ruleOperator.isOrdering {
            guard AnswerComparison.order(expected, expected) != nil else { return false }
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

/// Reports steps no answer can lead to (graph analysis over the step sequence, rules and jumps).
public struct UnreachableStepRule: LintRule {
    public let id = "unreachable-step"
    public let severity = LintSeverity.error
    public let summary = "a step can never be shown: no route of answers reaches it"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        let graph = survey.graph
        let reachable = graph.reachable()
        var reported: [JSONPointer] = []
        var findings: [Finding] = []
        for visit in graph.steps where !reachable.contains(.step(visit.node.pointer)) {
            // Report a whole unreachable section once, at the section.
            let section = visit.ancestors.first { ancestor in
                ancestor.kind.isContainer && !graph.steps.contains { inner in
                    inner.ancestors.contains { $0.pointer == ancestor.pointer } && reachable.contains(.step(inner.node.pointer))
                }
            }
            let node = section ?? visit.node
            guard !reported.contains(node.pointer) else { continue }
            reported.append(node.pointer)
            let what = section == nil ? "step" : "section"
            findings.append(survey.finding(self, "\(what) \"\(node.identifier)\" can never be shown: no rule, nextStepIdentifier or preceding step leads to it",
                                           at: node.pointer))
        }
        return findings
    }
}

/// Reports loops with no way out: steps from which the end of the survey can never be reached.
public struct EndlessLoopRule: LintRule {
    public let id = "endless-loop"
    public let severity = LintSeverity.error
    public let summary = "a loop from which the end of the survey can never be reached"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        let graph = survey.graph
        let reachable = graph.reachable(), finishing = graph.canReachEnd()
        let stuck = graph.steps.filter { reachable.contains(.step($0.node.pointer)) && !finishing.contains(.step($0.node.pointer)) }
        guard let first = stuck.first else { return [] }
        let names = stuck.map { "\"\($0.node.identifier)\"" }.joined(separator: ", ")
        return [survey.finding(self, "once at \"\(first.node.identifier)\" the survey can never end: it loops through \(names) with no rule leading out", at: first.node.pointer)]
    }
}
