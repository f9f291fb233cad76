import AssessmentModel
import AssessmentRunner
import FoundationEssentials
import JSONCore

extension FlowGraph {
    /// The graph of a survey. Rules that lint says can never fire, and edges no answer takes (searched
    /// with ``AnswerSpace`` against the runner's answer checks, bounds judged at `now`), are dead.
    public init(survey: Node, now: Date = Date()) {
        var builder = FlowGraphBuilder(assessment: survey)
        self = builder.build(checker: AnswerChecker(now: now))
    }
}

/// Records every way of leaving each step, each resolved by the ``Navigator``'s own moves.
struct FlowGraphBuilder {
    let assessment: Node
    let navigator: Navigator

    init(assessment: Node) {
        self.assessment = assessment
        navigator = Navigator(assessment: assessment)
    }

    /// Where one move lands, and what it passes on the way.
    struct Route {
        enum Destination: Hashable { case step(StepLocation), completed, exited, sectionLoop }
        var destination = Destination.completed
        var leaves: [String] = []
        var restarts = false
        var note: String?
    }

    mutating func build(checker: AnswerChecker) -> FlowGraph {
        var vertices = [FlowGraph.Vertex(id: "start", kind: .start, identifier: "start", stepPath: "start", title: nil, pointer: nil,
                                         location: nil, cluster: nil, canSkip: false)]
        var clusters: [FlowGraph.Cluster] = []
        func walk(_ container: Node, _ location: StepLocation, cluster: Int?) {
            for (position, child) in (container.steps ?? []).enumerated() {
                let childLocation = location + [position]
                if child.kind.isContainer {
                    clusters.append(FlowGraph.Cluster(identifier: child.identifier, pointer: child.pointer, parent: cluster))
                    walk(child, childLocation, cluster: clusters.count - 1)
                    continue
                }
                let info = navigator.info(at: childLocation)
                vertices.append(FlowGraph.Vertex(
                    id: "n\(vertices.count)", kind: .step(child.kind), identifier: child.identifier, stepPath: info?.stepPath ?? child.identifier,
                    title: child.title, pointer: child.pointer, location: childLocation, cluster: cluster,
                    canSkip: child.isQuestion && child.question?.optional != false && (info?.buttons.isVisible(.skip) ?? false)))
            }
        }
        walk(assessment, [], cluster: nil)
        let stepCount = vertices.count
        var byLocation: [StepLocation: Int] = [:]
        for index in 1..<stepCount { if let location = vertices[index].location { byLocation[location] = index } }

        // Edges with their destinations; end vertices are added for the ends some edge reaches.
        var pending: [(from: Int, via: FlowGraph.Via, label: String, pointer: JSONPointer?, route: Route)] = []
        pending.append((0, .start, "", nil, FlowGraphBuilder.route(navigator.startLeg())))
        var witnesses: [Int: Witness] = [:]
        var deadVias: Set<Int> = []
        for index in 1..<stepCount {
            guard let location = vertices[index].location, let node = navigator.node(at: location) else { continue }
            let firstEdge = pending.count
            if let question = node.question {
                for (ruleIndex, rule) in question.surveyRules.enumerated() {
                    var route = Route()
                    if let target = rule.target {
                        route = FlowGraphBuilder.route(navigator.leg(following: target, from: location))
                    } else {
                        route.destination = .exited
                        route.note = "rule without skipToIdentifier: phones exit the survey"
                    }
                    pending.append((index, .rule(ruleIndex), FlowGraphBuilder.label(rule), rule.pointer, route))
                }
            }
            let route = FlowGraphBuilder.route(navigator.fallbackLeg(from: location))
            let via: FlowGraph.Via = node.nextStepIdentifier == nil ? .nextSibling : .nextStepIdentifier
            let pointer = node.nextStepIdentifier == nil ? node.pointer : node.pointer.appending("nextStepIdentifier")
            pending.append((index, via, (node.question?.surveyRules.isEmpty ?? true) ? "" : "else", pointer, route))
            guard let question = node.question else { continue }
            let found = AnswerSpace(step: node, question: question, canSkip: vertices[index].canSkip, checker: checker).witnesses()
            for edge in firstEdge..<pending.count {
                let key: AnswerSpace.Outcome
                if case .rule(let ruleIndex) = pending[edge].via { key = .rule(ruleIndex) } else { key = .fallback }
                if case .rule(let ruleIndex) = pending[edge].via, !question.ruleCanFire(at: ruleIndex) {
                    deadVias.insert(edge)
                } else if let witness = found[key] {
                    witnesses[edge] = witness
                } else {
                    deadVias.insert(edge)
                }
            }
        }
        var endVertex: [Route.Destination: Int] = [:]
        for end in [Route.Destination.completed, .exited, .sectionLoop] where pending.contains(where: { $0.route.destination == end }) {
            let kind: FlowGraph.VertexKind = end == .completed ? .completed : (end == .exited ? .exited : .sectionLoop)
            endVertex[end] = vertices.count
            vertices.append(FlowGraph.Vertex(id: kind.name, kind: kind, identifier: kind.name, stepPath: kind.name, title: nil, pointer: nil,
                                             location: nil, cluster: nil, canSkip: false))
        }
        var edges: [FlowGraph.Edge] = []
        for (index, item) in pending.enumerated() {
            let to: Int
            if case .step(let location) = item.route.destination { to = byLocation[location] ?? 0 } else { to = endVertex[item.route.destination] ?? 0 }
            var edge = FlowGraph.Edge(index: index, from: item.from, to: to, via: item.via, label: item.label, pointer: item.pointer,
                                      leaves: item.route.leaves, restarts: item.route.restarts, note: item.route.note)
            edge.dead = deadVias.contains(index)
            edges.append(edge)
        }
        var graph = FlowGraph(identifier: assessment.identifier, vertices: vertices, edges: edges, clusters: clusters)
        graph.witnesses = witnesses
        graph.markReachability()
        return graph
    }

    /// The route of a navigator leg: where it lands, the sections it leaves, and a note when a target is not a sibling.
    private static func route(_ leg: Navigator.Leg?) -> Route {
        var route = Route()
        guard let leg else { return route }
        switch leg.outcome {
        case .step(let location): route.destination = .step(location)
        case .finished(.exited): route.destination = .exited
        case .finished: route.destination = .completed
        case .endlessLoop: route.destination = .sectionLoop
        }
        route.leaves = leg.sectionsLeft
        route.restarts = leg.restarts
        for case .targetNotASibling(let step, let target, _) in leg.warnings {
            route.note = "\"\(target)\" is not a sibling of \"\(step)\": its container ends"
        }
        return route
    }

    /// `= 3`, `≠ "pizza"`, `> 5`, `skip` (eq null), `answered` (ne null).
    static func label(_ rule: SurveyRule) -> String {
        let value = rule.comparedValue
        switch rule.ruleOperator {
        case .equal: return value == .null ? "skip" : "= \(value)"
        case .notEqual: return value == .null ? "answered" : "≠ \(value)"
        case .lessThan: return "< \(value)"
        case .greaterThan: return "> \(value)"
        case .lessThanOrEqual: return "≤ \(value)"
        case .greaterThanOrEqual: return "≥ \(value)"
        case .unknown(let name): return "\(name) \(value)"
        }
    }
}
