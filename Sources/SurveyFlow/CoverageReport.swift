import AssessmentModel
import AssessmentRunner
import FoundationEssentials
import Platform
import JSONCore

/// Coverage of one survey as a list of named, located items, with text, JSON and lcov renderings.
public struct CoverageReport: Sendable {
    /// What kind of thing an item is.
    public enum Category: String, Sendable, CaseIterable {
        case steps, edges, rules, choices, buttons
    }

    /// Whether an item was covered, or could never be.
    public enum Status: String, Sendable {
        /// Some run covered it.
        case covered
        /// Possible, but no run covered it.
        case missed
        /// No run can ever cover it (unreachable step, dead rule, duplicate choice value): not counted.
        case impossible
    }

    /// One thing a run can cover.
    public struct Item: Sendable {
        /// What kind of thing it is: a step, an edge, a rule, a choice or a button.
        public let category: Category
        /// Stable within one survey: the vertex id of a step (`n3`), `e` and the index of an edge, else the pointer.
        public let key: String
        /// `step "simpleQ1"`, `choiceQ1 → simpleQ1 (= 1)`, …
        public let name: String
        /// Where it is written in the survey.
        public let pointer: JSONPointer
        /// Its line and column in the survey file, for `file:line:column` output.
        public let position: SourcePosition
        /// How many times runs covered it.
        public let count: Int
        /// Covered, missed, or impossible.
        public let status: Status
        /// Why it is impossible, when it is.
        public let reason: String?
    }

    /// The survey file as named on the command line.
    public let file: String
    /// How many runs were counted.
    public let runs: Int
    /// Every item, by category then survey order.
    public let items: [Item]

    /// The report of `coverage` over the survey `document` (for positions), named `file`.
    public init(_ coverage: Coverage, document: SurveyDocument, file: String) {
        self.file = file
        runs = coverage.runs
        let graph = coverage.graph, state = coverage.state
        let navigator = Navigator(assessment: document.assessment)
        var items: [Item] = []
        func add(_ category: Category, _ name: String, _ pointer: JSONPointer, _ count: Int, impossible reason: String?, key: String? = nil) {
            items.append(Item(category: category, key: key ?? pointer.description, name: name, pointer: pointer, position: document.position(of: pointer), count: count,
                              status: reason == nil ? (count > 0 ? .covered : .missed) : .impossible, reason: reason))
        }
        let steps = graph.vertices.indices.filter { graph.vertices[$0].location != nil }
        for index in steps {
            let vertex = graph.vertices[index]
            add(.steps, "step \"\(vertex.stepPath)\"", vertex.pointer ?? .root, state.shownCounts[vertex.id] ?? 0,
                impossible: vertex.reachable ? nil : "unreachable", key: vertex.id)
        }
        for edge in graph.edges where edge.via != .start {
            let from = graph.vertices[edge.from], to = graph.vertices[edge.to]
            let label = edge.label.isEmpty ? "" : " (\(edge.label))"
            let reason = edge.dead ? "no answer takes it" : (from.reachable ? nil : "unreachable")
            add(.edges, "edge \(from.stepPath) → \(to.stepPath)\(label)", edge.pointer ?? .root, state.edgeCounts[edge.index] ?? 0, impossible: reason,
                key: "e\(edge.index)")
            if case .rule(let rule) = edge.via {
                add(.rules, "rule \(rule) of \"\(from.stepPath)\" (\(edge.label))", edge.pointer ?? .root, state.edgeCounts[edge.index] ?? 0,
                    impossible: edge.dead ? "can never fire" : reason, key: "e\(edge.index)")
            }
        }
        for index in steps {
            let vertex = graph.vertices[index]
            guard let location = vertex.location, let node = navigator.node(at: location) else { continue }
            let unreachable = vertex.reachable ? nil : "unreachable"
            if let question = node.question, let choices = question.choices {
                for (position, choice) in choices.enumerated() {
                    guard let value = choice.value else { continue }
                    let duplicate = choices.prefix(position).contains { $0.value.map { AnswerComparison.equal($0, value, question: question) } ?? false }
                    add(.choices, "choice \(value) of \"\(vertex.stepPath)\"", choice.pointer, state.choiceCounts[choice.pointer] ?? 0,
                        impossible: unreachable ?? (duplicate ? "an earlier choice has the same value" : nil))
                }
                if question.other != nil {
                    let pointer = node.pointer.appending("other")
                    add(.choices, "\"other\" of \"\(vertex.stepPath)\"", pointer, state.choiceCounts[pointer] ?? 0, impossible: unreachable)
                }
            }
            guard let buttons = navigator.info(at: location)?.buttons else { continue }
            if node.isQuestion, buttons.isVisible(.skip) {
                add(.buttons, "skip on \"\(vertex.stepPath)\"", node.pointer, state.buttonCounts[ButtonUse(vertex: index, button: .skip)] ?? 0,
                    impossible: unreachable)
            }
            if buttons.isVisible(.goBackward) {
                add(.buttons, "back on \"\(vertex.stepPath)\"", node.pointer, state.buttonCounts[ButtonUse(vertex: index, button: .goBackward)] ?? 0,
                    impossible: unreachable)
            }
        }
        // By category, then in the order found (survey order).
        self.items = items.enumerated().sorted { a, b in
            let x = Category.allCases.firstIndex(of: a.element.category) ?? 0, y = Category.allCases.firstIndex(of: b.element.category) ?? 0
            return (x, a.offset) < (y, b.offset)
        }.map(\.element)
    }

    /// What a JSON report (``json``) of the same survey says was covered: steps and edges, for colouring a graph.
    public static func state(fromJSON report: JSONValue) -> CoverageState? {
        guard let items = report["items"]?.arrayValue else { return nil }
        var state = CoverageState()
        for item in items {
            guard let key = item["key"]?.stringValue, let count = item["count"]?.numberValue?.intValue, count > 0 else { continue }
            switch item["category"]?.stringValue {
            case "steps": state.shownCounts[key] = count
            case "edges": if let index = Int(key.dropFirst()) { state.edgeCounts[index] = count }
            default: break
            }
        }
        return state
    }

    /// Covered and possible items of a category.
    public func summary(_ category: Category) -> (covered: Int, total: Int) {
        let counted = items.filter { $0.category == category && $0.status != .impossible }
        return (counted.filter { $0.status == .covered }.count, counted.count)
    }

    /// Percentage of possible edges taken (100 when there are none): what `--min-coverage` checks.
    public var edgePercent: Double { CoverageReport.percent(summary(.edges)) }

    static func percent(_ part: (covered: Int, total: Int)) -> Double {
        part.total == 0 ? 100 : Double(part.covered) * 100 / Double(part.total)
    }

    static func format(_ percent: Double) -> String { String(printf: "%.1f%%", percent) }

    /// A summary per category, then every missed item and every impossible one as `file:line:col: …`.
    public var text: String {
        var lines = ["coverage of \(file) over \(runs) run\(runs == 1 ? "" : "s"):"]
        for category in Category.allCases {
            let part = summary(category)
            let figures = "\(part.covered)/\(part.total)"
            lines.append("  " + category.rawValue.padded(toLength: 9)
                         + String(repeating: " ", count: max(0, 9 - figures.count)) + figures + "  " + CoverageReport.format(CoverageReport.percent(part)))
        }
        let missed = items.filter { $0.status == .missed }
        if !missed.isEmpty {
            lines.append("missed:")
            lines += missed.map { "  \(file):\($0.position): \($0.name)" }
        }
        let impossible = items.filter { $0.status == .impossible && $0.category != .rules }
        if !impossible.isEmpty {
            lines.append("not counted (no run can cover them):")
            lines += impossible.map { "  \(file):\($0.position): \($0.name): \($0.reason ?? "impossible")" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"file", "runs", "summary": {category: {covered, total, percent}}, "items": [...]}`.
    public var json: JSONValue {
        let summaryObject = JSONObject(Category.allCases.map { category in
            let part = summary(category)
            return .init(key: category.rawValue, value: [
                "covered": .number(JSONNumber(part.covered)), "total": .number(JSONNumber(part.total)),
                "percent": .number(JSONNumber((CoverageReport.percent(part) * 10).rounded() / 10) ?? JSONNumber(0)),
            ])
        })
        let list: [JSONValue] = items.map { item in
            var object = JSONObject([
                .init(key: "category", value: .string(item.category.rawValue)), .init(key: "key", value: .string(item.key)), .init(key: "name", value: .string(item.name)),
                .init(key: "pointer", value: .string(item.pointer.description)),
                .init(key: "line", value: .number(JSONNumber(item.position.line))), .init(key: "column", value: .number(JSONNumber(item.position.column))),
                .init(key: "status", value: .string(item.status.rawValue)), .init(key: "count", value: .number(JSONNumber(item.count))),
            ])
            if let reason = item.reason { object["reason"] = .string(reason) }
            return .object(object)
        }
        return .object(JSONObject([
            .init(key: "file", value: .string(file)), .init(key: "runs", value: .number(JSONNumber(runs))),
            .init(key: "summary", value: .object(summaryObject)), .init(key: "items", value: .array(list)),
        ]))
    }

    /// lcov tracefile: steps as lines (`DA`), edges as branches (`BRDA`, block = the step's line).
    public var lcov: String {
        var lines = ["TN:assess", "SF:\(file)"]
        let steps = items.filter { $0.category == .steps && $0.status != .impossible }
        lines += steps.map { "DA:\($0.position.line),\($0.count)" }
        lines.append("LF:\(steps.count)")
        lines.append("LH:\(steps.filter { $0.count > 0 }.count)")
        let edges = items.filter { $0.category == .edges && $0.status != .impossible }
        for (index, edge) in edges.enumerated() {
            lines.append("BRDA:\(edge.position.line),0,\(index),\(edge.count > 0 ? String(edge.count) : "-")")
        }
        lines.append("BRF:\(edges.count)")
        lines.append("BRH:\(edges.filter { $0.count > 0 }.count)")
        lines.append("end_of_record")
        return lines.joined(separator: "\n") + "\n"
    }
}
