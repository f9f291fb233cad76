import AssessmentModel
import AssessmentRunner
import JSONCore

/// Reads a survey for `assess run`: lints it with its settings (refusing it at error level without
/// `--allow-lint-errors`), resolves its `transform` nodes, and refuses a root that holds no steps to run.
enum RunSurveyLoader {
    /// A survey ready to run, or the status to exit with (after printing why).
    enum Outcome {
        case ready(SurveyDocument, root: Node)
        case exit(ExitStatus)
    }

    static func load(_ bytes: [UInt8], path: String, arguments: ParsedArguments, platform: EnginePlatform? = nil,
                     io: CommandIO, printer: DiagnosticPrinter) -> Outcome {
        guard let settings = SurveySettings.load(for: path == "-" ? nil : path, arguments: arguments, io: io) else {
            return .exit(.inputError)
        }
        if let value = try? JSONDocument(bytes: bytes).value, AnswerScript.isLikelyScript(value) {
            io.printError("\(path): error: this is an answer script, not a survey; give the survey first: assess run SURVEY --answers \(path)")
            return .exit(.findings)
        }
        let lint = Linter(allowedTypes: settings.allowedTypes, resources: settings.resources).lint(bytes: bytes, file: path)
        if lint.unreadable {
            LintRenderer(printer: printer).text(lint).forEach(io.printError)
            return .exit(.inputError)
        }
        if lint.fails(strict: false), !arguments.flag("--allow-lint-errors") {
            LintRenderer(printer: printer).text(lint).filter { $0.contains("error:") }.forEach(io.printError)
            io.printError("error: \(path) fails lint; fix it or run with --allow-lint-errors")
            return .exit(.findings)
        }
        guard let document = try? SurveyDocument(bytes: bytes) else { return .exit(.inputError) }
        guard let root = SurveyInput.resolvedRoot(of: document, path: path, settings: settings, io: io, platform: platform) else { return .exit(.findings) }
        if case .unknown(let type) = root.kind, !settings.allowedTypes.contains(type) {
            io.printError("\(path): error: the root has unknown type \"\(type)\"; an app's own type can be allowed with --allow-type \(type) or in assess.json")
            return .exit(.findings)
        }
        // Problems the engines tolerate may be run with --allow-lint-errors; a node they cannot decode never runs.
        let undecodable = root.missingEngineMembers()
        for missing in undecodable {
            let position = document.position(of: missing.pointer)
            io.printError("\(path):\(position.line):\(position.column): error: \(missing); it cannot run, not even with --allow-lint-errors")
        }
        if !undecodable.isEmpty { return .exit(.findings) }
        guard root.steps != nil else {
            io.printError("\(path): error: the root is a step of type \"\(root.kind)\", not an assessment with steps; run the survey that includes it")
            return .exit(.findings)
        }
        return .ready(document, root: root)
    }
}
