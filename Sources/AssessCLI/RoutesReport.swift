import AssessmentLint
import AssessmentModel
import FoundationEssentials
import Platform
import JSONCore
import SurveyFlow
import FileIO

/// What `assess routes` prints: the routes, the edges they take, dead rules and notes.
struct RoutesReport {
    let set: RouteSet
    let planner: RoutePlanner
    let dead: [DeadRule]
    let maxRoutes: Int
    /// The line saying where `--write-scripts` wrote the scripts.
    var written: String?

    private var graph: FlowGraph { planner.graph }
    private var reachable: [FlowGraph.Edge] { graph.edges.filter { $0.reachable && $0.via != .start } }
    private var taken: Int {
        let covered = Set(set.routes.flatMap(\.edges))
        return reachable.filter { covered.contains($0.index) }.count
    }

    /// Whether some route of answers ends the survey (completed or exited).
    var endsSurvey: Bool {
        graph.edges.contains { $0.reachable && [.completed, .exited].contains(graph.vertices[$0.to].kind) }
    }

    /// The text report.
    var textLines: [String] {
        var lines: [String] = []
        for (number, route) in set.routes.enumerated() {
            let end = route.edges.last.map { graph.vertices[graph.edges[$0].to].kind.name } ?? "?"
            lines.append("route \(number + 1) (\(end)): \(planner.describe(route))")
        }
        let reachable = reachable
        lines.append("\(set.routes.count) route\(set.routes.count == 1 ? " takes" : "s take") \(taken) of \(reachable.count) reachable edges")
        if !dead.isEmpty {
            lines.append("dead rules and fallbacks (no answer takes them):")
            lines += dead.map { "  " + $0.text }
        }
        if set.truncated { lines.append("note: stopped at --max-routes \(maxRoutes)") }
        for edge in set.uncovered where graph.edges[edge].via != .start {
            lines.append("note: no route takes \(graph.vertices[graph.edges[edge].from].stepPath) → \(graph.vertices[graph.edges[edge].to].stepPath)"
                         + (set.truncated ? "" : " (no run can end after it)"))
        }
        if let written { lines.append(written) }
        return lines
    }

    /// The JSON report.
    var json: JSONValue {
        let routes: [JSONValue] = set.routes.map { route in
            let expected = planner.expected(route)
            return .object(JSONObject([
                .init(key: "status", value: expected["status"] ?? .null), .init(key: "path", value: expected["path"] ?? .null),
                .init(key: "script", value: planner.script(route)),
            ]))
        }
        return .object(JSONObject([
            .init(key: "routes", value: .array(routes)), .init(key: "truncated", value: .bool(set.truncated)),
            .init(key: "edges", value: ["taken": .number(JSONNumber(taken)), "reachable": .number(JSONNumber(reachable.count))]),
            .init(key: "deadRules", value: .array(dead.map(\.json))),
        ]))
    }
}

/// A rule no answer can fire, with the lint rules that report it.
struct DeadRule {
    let text: String
    let json: JSONValue

    /// Every rule (and fallback) of `graph` no answer takes, with the lint rules that report it.
    static func all(in graph: FlowGraph, survey: SurveyDocument, findings: [Finding], file: String) -> [DeadRule] {
        return graph.edges.compactMap { edge -> DeadRule? in
            guard edge.dead, let pointer = edge.pointer else { return nil }
            let from = graph.vertices[edge.from]
            guard case .rule(let index) = edge.via else {
                let position = survey.position(of: pointer)
                let text = "\(file):\(position): \"\(from.stepPath)\" never goes on without a rule (→ \(graph.vertices[edge.to].stepPath)): every answer matches one"
                return DeadRule(text: text, json: .object(JSONObject([
                    .init(key: "step", value: .string(from.stepPath)), .init(key: "rule", value: .null),
                    .init(key: "pointer", value: .string(pointer.description)), .init(key: "line", value: .number(JSONNumber(position.line))),
                    .init(key: "column", value: .number(JSONNumber(position.column))), .init(key: "lint", value: []),
                ])))
            }
            let lint = Set(findings.filter { $0.pointer.hasPrefix(pointer) }.map(\.ruleID)).sorted()
            let position = survey.position(of: pointer)
            let where_ = from.reachable ? "" : " (its step is unreachable)"
            let text = "\(file):\(position): rule \(index) of \"\(from.stepPath)\" (\(edge.label)) → \(graph.vertices[edge.to].stepPath)\(where_)"
                + (lint.isEmpty ? " [lint does not report it]" : " [lint: \(lint.joined(separator: ", "))]")
            return DeadRule(text: text, json: .object(JSONObject([
                .init(key: "step", value: .string(from.stepPath)), .init(key: "rule", value: .number(JSONNumber(index))),
                .init(key: "pointer", value: .string(pointer.description)), .init(key: "line", value: .number(JSONNumber(position.line))),
                .init(key: "column", value: .number(JSONNumber(position.column))), .init(key: "lint", value: .array(lint.map(JSONValue.string))),
            ])))
        }
    }
}

extension RoutesCommand {
    /// Writes each route as `route-NNN.json` and its `.expected.json` into `folder`.
    static func writeScripts(_ set: RouteSet, planner: RoutePlanner, to folder: String, force: Bool) -> Result<Int, ScriptWriteError> {
        do {
            if !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            }
        } catch {
            return .failure(ScriptWriteError(message: "cannot create the folder: \(SystemError.reason(error))"))
        }
        // Scripts of an earlier plan are replaced as a whole, so none of them is left to run with the new ones.
        let earlier = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(Self.isRouteScript).sorted()
        if let first = earlier.first {
            guard force else {
                return .failure(ScriptWriteError(message: "the folder already holds route scripts (\(first)…); use --force to replace them"))
            }
            for name in earlier {
                do {
                    try FileManager.default.removeItem(atPath: Self.path(name, in: folder))
                } catch {
                    return .failure(ScriptWriteError(message: "cannot replace \(name): \(SystemError.reason(error))"))
                }
            }
        }
        let digits = max(3, String(set.routes.count).count)
        for (number, route) in set.routes.enumerated() {
            let name = "route-" + String(repeating: "0", count: max(0, digits - String(number + 1).count)) + String(number + 1)
            let base = Self.path(name, in: folder)
            do {
                try AtomicFile.write(Array((JSONWriter.pretty.string(planner.script(route)) + "\n").utf8), to: base + ".json", overwrite: false)
                try AtomicFile.write(Array((JSONWriter.pretty.string(planner.expected(route)) + "\n").utf8), to: base + ".expected.json", overwrite: false)
            } catch {
                return .failure(ScriptWriteError(message: "cannot write \(name).json: \(FlagHints.describe(error))"))
            }
        }
        return .success(set.routes.count)
    }

    /// The path of the file `name` in `folder` (one `/` between them).
    private static func path(_ name: String, in folder: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether `name` is one of the files `--write-scripts` writes: `route-NNN.json` or `route-NNN.expected.json`.
    static func isRouteScript(_ name: String) -> Bool {
        guard name.hasPrefix("route-") else { return false }
        let number = name.dropFirst("route-".count).prefix { $0.isASCII && $0.isNumber }
        let rest = name.dropFirst("route-".count + number.count)
        return !number.isEmpty && (rest == ".json" || rest == ".expected.json")
    }

    struct ScriptWriteError: Error {
        let message: String
    }
}
