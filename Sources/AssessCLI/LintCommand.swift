import AssessmentModel
import Foundation
import JSONCore
import JSONSchema

/// `assess lint`: finds every mistake in surveys before they ship.
struct LintCommand: Command {
    let spec = CommandSpec(
        name: "lint",
        summary: "Check surveys: JSON syntax, the format's schema, and survey logic (targets, reachability, rules, choices).",
        synopsis: "[--format text|json|github|sarif] [--strict] [--exclude RULE]... [--allow-type NAME]... [--resources DIR] [--schema S] [--ref-dir D]... FILE... | DIR | -",
        options: [
            SharedOptions.format("text (default), json, github (workflow commands) or sarif (SARIF 2.1.0)."),
            .flag("--strict", help: "Warnings fail too (exit 1)."),
            .value("--exclude", "-x", valueName: "RULE", help: "Skip a rule by id (repeatable); see --list-rules."),
            .flag("--list-rules", help: "List every rule with its id, severity and what it reports."),
            SharedOptions.schema("Check against this schema instead of the bundled one (or the file's \"$schema\")."),
            SharedOptions.refDir(),
            .value("--allow-type", valueName: "NAME", help: "An app's own node type, checked as a generic node (repeatable; also \"allowTypes\" in assess.json)."),
            .value("--resources", valueName: "DIR", help: "Where transform nodes find their resource files (default: each survey's folder)."),
        ],
        discussion: """
            assess.json beside a survey or in a parent folder: {"allowTypes": ["tapping", "tremor"]}.
            Text output: FILE:LINE:COL: error|warning: MESSAGE [rule-id], then note lines.
            JSON output: {"files": [{"file", "findings": [{"rule", "severity", "message", "line",
            "column", "pointer", "notes": [{"message", "line", "column"}]}]}], "errors": N, "warnings": N}.

            EXIT STATUS: 0 clean, 1 findings at error level (any finding with --strict),
                         2 usage error, 3 unreadable input or invalid JSON.
            """)

    enum Format: String, CaseIterable {
        case text, json, github, sarif
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        if arguments.flag("--list-rules") {
            listRules(io)
            return .ok
        }
        let format = try arguments.choice("--format", default: Format.text)
        guard !arguments.positionals.isEmpty else { throw UsageError("no surveys given (FILE..., DIR or - for standard input)") }
        let excluded = Set(arguments.all("--exclude"))
        for rule in excluded where !Linter.allRuleIDs.contains(rule) {
            let hint = Suggestion.closest(to: rule, among: Linter.allRuleIDs).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown rule '\(rule)'\(hint); see assess lint --list-rules")
        }
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard var registry = SchemaSetup.registry(for: arguments, printer: printer, io: io) else { return .inputError }
        var schemaURI: String?
        if let schema = arguments.value("--schema") {
            if FileManager.default.fileExists(atPath: schema) || !schema.contains(":") {
                do {
                    schemaURI = try registry.registerFile(at: schema).description
                } catch {
                    io.printError(SchemaSetup.describe(error, printer))
                    return .inputError
                }
            } else {
                if let unknown = SchemaSetup.unknownURI(schema, in: registry, printer: printer) {
                    io.printError(unknown)
                    return .inputError
                }
                schemaURI = schema
            }
        }
        let (found, missing) = InputFile.expand(arguments.positionals)
        // Folders hold survey settings beside the surveys; they are not surveys.
        let files = found.filter { !$0.name.hasSuffix("/" + SurveySettings.configName) || arguments.positionals.contains($0.name) }
        var status: ExitStatus = missing.isEmpty ? .ok : .inputError
        missing.forEach { io.printError($0.description) }
        var reports: [LintReport] = []
        for file in files {
            switch file.read(io) {
            case .failure(let error):
                io.printError(error.description)
                status = status.worst(.inputError)
            case .success(let bytes):
                guard let settings = SurveySettings.load(for: file.path, arguments: arguments, io: io) else {
                    status = status.worst(.inputError)
                    continue
                }
                let linter = Linter(registry: registry, schema: schemaURI, excluding: excluded,
                                    allowedTypes: settings.allowedTypes, resources: settings.resources)
                let report = linter.lint(bytes: bytes, file: file.name)
                reports.append(report)
                if report.unreadable {
                    status = status.worst(.inputError)
                } else if report.fails(strict: arguments.flag("--strict")) {
                    status = status.worst(.findings)
                }
            }
        }
        let renderer = LintRenderer(printer: printer)
        switch format {
        case .text: reports.flatMap(renderer.text).forEach(io.print)
        case .json: io.writeOutput(JSONWriter.pretty.string(renderer.json(reports)))
        case .github: reports.flatMap(renderer.github).forEach(io.print)
        case .sarif: io.writeOutput(JSONWriter.pretty.string(renderer.sarif(reports)))
        }
        return status
    }

    private func listRules(_ io: CommandIO) {
        let rules = LintRegistry.all
        let width = (rules.map(\.id.rawValue.count).max() ?? 0) + 2
        for rule in rules {
            io.print(rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                + rule.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary)
        }
    }
}
