import AssessmentModel
import AssessmentLint
import AssessmentRunner
import JSONCore

/// Reads a survey for `assess run`: lints it with its settings (refusing it at error level without
/// `--allow-lint-errors`), refuses a root that holds no steps to run, and resolves its `transform` nodes.
enum RunSurveyLoader {
    /// A survey ready to run, or the status to exit with (after printing why).
    enum Outcome {
        case ready(SurveyDocument, root: Node)
        case exit(ExitStatus)
    }

    static func load(_ bytes: [UInt8], path: String, settings options: SurveySettingsOptions, allowLintErrors: Bool,
                     platform: EnginePlatform? = nil, io: CommandIO, printer: DiagnosticPrinter) -> Outcome {
        guard let settings = SurveySettings.load(for: path == "-" ? nil : path, options: options, io: io) else {
            return .exit(.inputError)
        }
        // The survey is read first: a file is taken for an answer script only when it is no survey.
        let (lint, read) = Linter(allowedTypes: settings.allowedTypes, resources: settings.resources).lintAndRead(bytes: bytes, file: path)
        guard let document = read else {
            LintRenderer(printer: printer).text(lint).forEach(io.printError)
            return .exit(.inputError)
        }
        if lint.fails(strict: false), isAnswerScript(document) {
            io.printError("\(path): error: this is an answer script, not a survey; give the survey first: assess run SURVEY --answers \(path)")
            return .exit(.findings)
        }
        // What no option lets run, said before the lint errors that --allow-lint-errors would let through.
        if let problem = rootProblem(document.assessment, allowedTypes: settings.allowedTypes) {
            io.printError("\(path): error: \(problem)")
            return .exit(.findings)
        }
        if lint.fails(strict: false), !allowLintErrors {
            LintRenderer(printer: printer).text(lint).filter { $0.contains("error:") }.forEach(io.printError)
            io.printError("error: \(path) fails lint; fix it or run with --allow-lint-errors")
            return .exit(.findings)
        }
        guard let root = SurveyInput.resolvedRoot(of: document, path: path, settings: settings, io: io, platform: platform) else { return .exit(.findings) }
        // Problems the engines tolerate may be run with --allow-lint-errors; a node they cannot decode never runs.
        let undecodable = root.missingEngineMembers()
        for missing in undecodable {
            let position = document.position(of: missing.pointer)
            io.printError("\(path):\(position.line):\(position.column): error: \(missing); it cannot run, not even with --allow-lint-errors")
        }
        if !undecodable.isEmpty { return .exit(.findings) }
        if let problem = rootProblem(root, allowedTypes: settings.allowedTypes) {
            io.printError("\(path): error: \(problem)")
            return .exit(.findings)
        }
        return .ready(document, root: root)
    }

    /// Why `run` cannot run a survey whatever its options (a root without a type, of an unknown type,
    /// or without steps); `nil` when it can. A root `transform` is judged once resolved.
    static func rootProblem(_ root: Node, allowedTypes: Set<String>) -> String? {
        if case .unknown(let type) = root.kind {
            if type.isEmpty { return "the root has no \"type\"; a survey's root is an object with \"type\": \"assessment\", an \"identifier\" and \"steps\"" }
            if !allowedTypes.contains(type) {
                let guess = Suggestion.closest(to: type, among: NodeKind.knownNames).map { "did you mean \"\($0)\"? " } ?? ""
                return "the root has unknown type \"\(type)\"; \(guess)an app's own type can be allowed with --allow-type \(type) or in assess.json"
            }
        }
        guard root.steps != nil || root.resourceName != nil else {
            return "the root is a step of type \"\(root.kind)\", not an assessment with steps; run the survey that includes it"
        }
        return nil
    }

    /// Whether a file that is no readable survey is an answer script: one in full form, or a shorthand
    /// one whose keys are none of a node's.
    private static func isAnswerScript(_ document: SurveyDocument) -> Bool {
        guard AnswerScript.isLikelyScript(document.json.value), let object = document.json.value.objectValue else { return false }
        return object["steps"] != nil || document.assessment.extra.members.count == object.members.count
    }
}
