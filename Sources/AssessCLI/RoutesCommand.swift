import AssessmentModel
import FileIO
import AssessmentLint
import Foundation
import JSONCore
import SurveyFlow

/// `assess routes`: the distinct routes through a survey with answers that produce them, as scripts.
struct RoutesCommand: Command {
    let spec = CommandSpec(
        name: "routes",
        summary: "List routes through a survey with the answers that take them; write them as answer scripts.",
        synopsis: "SURVEY [--max-routes N] [--all] [--write-scripts DIR [--force]] [--format text|json] [--resources DIR] [--now ISO8601]",
        options: [
            .value("--max-routes", valueName: "N", help: "Stop after N routes (default 1000), with a note."),
            .flag("--all", help: "Every distinct route (loops at most once) instead of a set that takes every edge."),
            .value("--write-scripts", valueName: "DIR", help: "Write route-NNN.json answer scripts and route-NNN.expected.json outcomes to DIR."),
            .flag("--force", help: "Replace the route scripts already in DIR (every route-NNN.json and .expected.json there)."),
            SharedOptions.format("text (default) or json."),
            .value("--resources", valueName: "DIR", help: "Where transform nodes find their resource files (default: the survey's folder)."),
            .value("--now", valueName: "ISO8601", help: "The date that decides year and date bounds for answers (default: now)."),
        ],
        discussion: """
            Each question's answers are split by the rule that fires first (or none, or a skip) using the
            runner's own answer checks and comparisons; one witness answer stands for each part. By default
            the routes are few and together take every reachable edge, so
              assess run SURVEY --answers DIR --coverage
            after --write-scripts DIR reports 100% of the edges. Dead rules (no answer fires them) are
            listed with the lint rule that reports them.

            Transform nodes are replaced by their resource files, as `assess run` does.

            EXIT STATUS: 0 listed (also when --max-routes stopped the list), 1 no route ends the survey
                         or a transform's resource cannot be loaded, 2 usage error,
                         3 unreadable survey or unwritable scripts.
            """)

    enum Format: String, CaseIterable {
        case text, json
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "no survey given" : "give one survey")
        }
        let format = try arguments.choice("--format", default: Format.text)
        var maxRoutes = 1000
        if let text = arguments.value("--max-routes") {
            guard let value = Int(text), value > 0 else { throw UsageError("--max-routes must be a positive integer, found '\(text)'") }
            maxRoutes = value
        }
        let now = try Timestamps.fixed(arguments.value("--now"), environment: io.environment) ?? Date()
        if let problem = arguments.value("--write-scripts").flatMap(OutputFile.problem(writingInto:)) {
            io.printError(problem)
            return .inputError
        }
        guard let (survey, bytes) = SurveyInput.load(path, io: io),
              let settings = SurveySettings.load(for: path == "-" ? nil : path, arguments: arguments, io: io) else { return .inputError }
        let findings = Linter(allowedTypes: settings.allowedTypes, resources: settings.resources).lint(bytes: bytes, file: path).findings
        SurveyInput.warnIfFailingLint(findings, root: survey.assessment, settings: settings, path: path, io: io)
        guard let root = SurveyInput.resolvedRoot(of: survey, path: path, settings: settings, io: io) else { return .findings }
        let planner = RoutePlanner(graph: FlowGraph(survey: root, now: now))
        let set = arguments.flag("--all") ? planner.all(maxRoutes: maxRoutes) : planner.edgeCovering(maxRoutes: maxRoutes)
        let dead = deadRules(planner.graph, survey: survey, findings: findings, file: path)
        var status = ExitStatus.ok
        var written: String?
        if let folder = arguments.value("--write-scripts") {
            switch writeScripts(set, planner: planner, to: folder, force: arguments.flag("--force")) {
            case .success(let count): written = "wrote \(count) script\(count == 1 ? "" : "s") and their .expected.json to \(folder)"
            case .failure(let failure):
                io.printError("\(folder): error: \(failure.message)")
                status = .inputError
            }
        }
        let graph = planner.graph
        let covered = Set(set.routes.flatMap(\.edges))
        let reachable = graph.edges.filter { $0.reachable && $0.via != .start }
        let taken = reachable.filter { covered.contains($0.index) }.count
        if !graph.edges.contains(where: { $0.reachable && [.completed, .exited].contains(graph.vertices[$0.to].kind) }) {
            io.printError("\(path): error: no route of answers ever ends the survey (see `assess lint` for the loop)")
            status = status.worst(.findings)
        }
        switch format {
        case .text:
            for (number, route) in set.routes.enumerated() {
                let end = route.edges.last.map { graph.vertices[graph.edges[$0].to].kind.name } ?? "?"
                io.print("route \(number + 1) (\(end)): \(planner.describe(route))")
            }
            io.print("\(set.routes.count) route\(set.routes.count == 1 ? " takes" : "s take") \(taken) of \(reachable.count) reachable edges")
            if !dead.isEmpty {
                io.print("dead rules and fallbacks (no answer takes them):")
                dead.forEach { io.print("  " + $0.text) }
            }
            if set.truncated { io.print("note: stopped at --max-routes \(maxRoutes)") }
            for edge in set.uncovered where graph.edges[edge].via != .start {
                io.print("note: no route takes \(graph.vertices[graph.edges[edge].from].stepPath) → \(graph.vertices[graph.edges[edge].to].stepPath)"
                         + (set.truncated ? "" : " (no run can end after it)"))
            }
            if let written { io.print(written) }
        case .json:
            let routes: [JSONValue] = set.routes.map { route in
                let expected = planner.expected(route)
                return .object(JSONObject([
                    .init(key: "status", value: expected["status"] ?? .null), .init(key: "path", value: expected["path"] ?? .null),
                    .init(key: "script", value: planner.script(route)),
                ]))
            }
            io.writeOutput(JSONWriter.pretty.string(.object(JSONObject([
                .init(key: "routes", value: .array(routes)), .init(key: "truncated", value: .bool(set.truncated)),
                .init(key: "edges", value: ["taken": .number(JSONNumber(taken)), "reachable": .number(JSONNumber(reachable.count))]),
                .init(key: "deadRules", value: .array(dead.map(\.json))),
            ]))) + "\n")
        }
        return status
    }

    /// A rule no answer can fire, with the lint rules that report it.
    struct DeadRule {
        let text: String
        let json: JSONValue
    }

    private func deadRules(_ graph: FlowGraph, survey: SurveyDocument, findings: [Finding], file: String) -> [DeadRule] {
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

    private func writeScripts(_ set: RouteSet, planner: RoutePlanner, to folder: String, force: Bool) -> Result<Int, ScriptWriteError> {
        do {
            if !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            }
        } catch {
            return .failure(ScriptWriteError(message: "cannot create the folder: \(error.localizedDescription)"))
        }
        // Scripts of an earlier plan are replaced as a whole, so none of them is left to run with the new ones.
        let earlier = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(Self.isRouteScript).sorted()
        if let first = earlier.first {
            guard force else {
                return .failure(ScriptWriteError(message: "the folder already holds route scripts (\(first)…); use --force to replace them"))
            }
            for name in earlier {
                do {
                    try FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
                } catch {
                    return .failure(ScriptWriteError(message: "cannot replace \(name): \(error.localizedDescription)"))
                }
            }
        }
        let digits = max(3, String(set.routes.count).count)
        for (number, route) in set.routes.enumerated() {
            let name = "route-" + String(repeating: "0", count: max(0, digits - String(number + 1).count)) + String(number + 1)
            let base = (folder as NSString).appendingPathComponent(name)
            do {
                try AtomicFile.write(Array((JSONWriter.pretty.string(planner.script(route)) + "\n").utf8), to: base + ".json", overwrite: false)
                try AtomicFile.write(Array((JSONWriter.pretty.string(planner.expected(route)) + "\n").utf8), to: base + ".expected.json", overwrite: false)
            } catch {
                return .failure(ScriptWriteError(message: "cannot write \(name).json: \(error)"))
            }
        }
        return .success(set.routes.count)
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
