import AssessmentModel
import AssessmentLint
import Foundation
import JSONCore
import JSONSchema
import OrderedParallel
import ResultArchive

/// `assess lint`: finds every mistake in surveys before they ship.
struct LintCommand: Command {
    let spec = CommandSpec(
        name: "lint",
        summary: "Check surveys: JSON syntax, the format's schema, and survey logic (targets, reachability, rules, choices).",
        synopsis: "[--format text|json|github|sarif] [--strict] [--exclude RULE]... [--allow-type NAME]... [--allow-property NAME]... [--resources DIR] [--schema S] [--ref-dir D]... [--jobs N] FILE... | DIR | -",
        options: [
            SharedOptions.format("text (default), json, github (workflow commands) or sarif (SARIF 2.1.0)."),
            .flag("--strict", help: "Warnings fail too (exit 1)."),
            .value("--exclude", "-x", valueName: "RULE", help: "Skip a rule by id (repeatable); see --list-rules."),
            .flag("--list-rules", help: "List every rule with its id, severity and what it reports (--format json: as JSON)."),
            SharedOptions.schema("Check against this schema instead of the bundled one (or the file's \"$schema\")."),
            SharedOptions.refDir(),
            .value("--allow-type", valueName: "NAME", help: "An app's own node type, checked as a generic node (repeatable; also \"allowTypes\" in assess.json)."),
            .value("--allow-property", valueName: "NAME", help: "A member the app reads, not reported by unknown-property: NAME anywhere, KIND.NAME in one kind of object (repeatable; also \"allowProperties\" in assess.json)."),
            .value("--resources", valueName: "DIR", help: "Where transform nodes find their resource files (default: each survey's folder)."),
            .value("--catalog", valueName: "FILE", help: "For archive maps: a JSON object of schema URI → local schema file, for URIs no $id answers to."),
            ParallelInputs.option,
        ],
        discussion: """
            assess.json beside a survey or in a parent folder: {"allowTypes": ["tapping", "tremor"],
            "allowProperties": ["score", "choice.points"]}.
            Sage's archive-map.json is linted as a map: ArchiveMap.json (v3, from --ref-dir or the map's
            folder), schema URIs resolvable offline, shared datasets, schemas failing their own example.
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
        let format = try arguments.choice("--format", default: Format.text)
        if arguments.flag("--list-rules") {
            try listRules(format: format, io)
            return .ok
        }
        guard !arguments.positionals.isEmpty else { throw UsageError("no surveys given (FILE..., DIR or - for standard input)") }
        let excluded = try Self.excludedRules(arguments)
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
        let parallel = try ParallelInputs.map(arguments)
        let strict = arguments.flag("--strict")
        let frozenRegistry = registry, schema = schemaURI
        var meter = ParallelInputs.meter(total: files.count, noun: "surveys", io: io)
        // Surveys are linted in parallel; their messages and reports are taken in order.
        parallel.run(files, transform: { file -> (report: LintReport?, errors: String) in
            let held = HeldErrors()
            let heldIO = held.io(from: io)
            switch file.read(heldIO) {
            case .failure(let error):
                heldIO.printError(error.description)
                return (nil, held.written)
            case .success(let bytes):
                if ArchiveMapLinter.isArchiveMap(bytes) {
                    guard let report = lintMap(bytes, file: file, registry: frozenRegistry, arguments: arguments, io: heldIO, printer: printer) else {
                        return (nil, held.written)
                    }
                    let kept = LintReport(file: report.file, findings: report.findings.filter { !excluded.contains($0.ruleID) }, unreadable: report.unreadable)
                    return (kept, held.written)
                }
                guard let settings = SurveySettings.load(for: file.path, arguments: arguments, io: heldIO) else { return (nil, held.written) }
                let linter = Linter(registry: frozenRegistry, schema: schema, excluding: excluded,
                                    allowedTypes: settings.allowedTypes, resources: settings.resources,
                                    allowedProperties: settings.allowedProperties)
                return (linter.lint(bytes: bytes, file: file.name), held.written)
            }
        }, consume: { outcome in
            meter.advance()
            if !outcome.errors.isEmpty { io.writeError(outcome.errors) }
            guard let report = outcome.report else {
                status = status.worst(.inputError)
                return
            }
            reports.append(report)
            if report.unreadable {
                status = status.worst(.inputError)
            } else if report.fails(strict: strict) {
                status = status.worst(.findings)
            }
        })
        meter.finish()
        let renderer = LintRenderer(printer: printer)
        switch format {
        case .text:
            reports.flatMap(renderer.text).forEach(io.print)
            // On a terminal a clean run says so; piped, standard output stays empty.
            if io.outputIsTerminal, status == .ok, !reports.isEmpty, reports.allSatisfy(\.findings.isEmpty) {
                io.print("\(reports.count) file\(reports.count == 1 ? "" : "s") checked: no findings")
            }
        case .json: io.writeOutput(JSONWriter.pretty.string(renderer.json(reports)))
        case .github: reports.flatMap(renderer.github).forEach(io.print)
        case .sarif: io.writeOutput(JSONWriter.pretty.string(renderer.sarif(reports)))
        }
        return status
    }

    /// An archive map's findings; its folder's schemas and `--catalog` resolve its URIs.
    private func lintMap(_ bytes: [UInt8], file: InputFile, registry: SchemaRegistry, arguments: ParsedArguments, io: CommandIO,
                         printer: DiagnosticPrinter) -> LintReport? {
        var registry = registry
        if let path = file.path, !SchemaSetup.registerMapFolder(of: path, in: &registry, printer: printer, io: io) { return nil }
        guard case .success(let catalog) = SchemaSetup.catalog(for: arguments, printer: printer, io: io) else { return nil }
        return ArchiveMapLinter(schemas: SchemaCache(registry: registry, catalog: catalog), registry: registry).lint(bytes: bytes, file: file.name)
    }

    private func listRules(format: Format, _ io: CommandIO) throws(UsageError) {
        let rules = LintRegistry.all
        switch format {
        case .text: break
        case .json:
            let list = rules.map { rule -> JSONValue in ["id": .string(rule.id.rawValue), "severity": .string(rule.severity.rawValue), "summary": .string(rule.summary)] }
            io.writeOutput(JSONWriter.pretty.string(["rules": .array(list)]))
            return
        case .github, .sarif: throw UsageError("--list-rules prints text or json, not \(format.rawValue)")
        }
        let width = (rules.map(\.id.rawValue.count).max() ?? 0) + 2
        for rule in rules {
            io.print(rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                + rule.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary)
        }
    }

    /// The `--exclude` rule ids, each checked against the registry.
    static func excludedRules(_ arguments: ParsedArguments) throws(UsageError) -> Set<String> {
        let excluded = Set(arguments.all("--exclude"))
        let ruleIDs = LintRegistry.all.map(\.id.rawValue)
        for rule in excluded.sorted() where !ruleIDs.contains(rule) {
            let hint = Suggestion.closest(to: rule, among: ruleIDs).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown rule '\(rule)'\(hint); see assess lint --list-rules")
        }
        return excluded
    }
}
