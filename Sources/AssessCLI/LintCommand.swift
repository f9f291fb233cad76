import AssessmentModel
import AssessmentLint
import FoundationEssentials
import Platform
import JSONCore
import JSONSchema
import OrderedParallel
import ResultArchive

/// `assess lint`: finds every mistake in surveys before they ship.
struct LintCommand: TypedCommand {
    let name = "lint"
    let summary = "Check surveys: JSON syntax, the format's schema, and survey logic (targets, reachability, rules, choices)."
    let discussion = """
        assess.json beside a survey or in a parent folder: {"allowTypes": ["tapping", "tremor"],
        "allowProperties": ["score", "choice.points"]}.
        Sage's archive-map.json is linted as a map: ArchiveMap.json (v3, from --ref-dir or the map's
        folder), schema URIs resolvable offline, shared datasets, schemas failing their own example.
        Text output: FILE:LINE:COL: error|warning: MESSAGE [rule-id], then note lines.
        JSON output: {"files": [{"file", "findings": [{"rule", "severity", "message", "line",
        "column", "pointer", "notes": [{"message", "line", "column"}]}]}], "errors": N, "warnings": N}.

        EXIT STATUS: 0 clean, 1 findings at error level (any finding with --strict),
                     2 usage error, 3 unreadable input or invalid JSON.
        """

    enum Format: String, CaseIterable {
        case text, json, github, sarif
    }

    /// `assess lint`'s options.
    struct Options: ParsableOptions {
        static let format = SharedOptions.format("text (default), json, github (workflow commands) or sarif (SARIF 2.1.0).", default: Format.text)
        static let strict = Option.flag("--strict", help: "Warnings fail too (exit 1).")
        static let listRules = Option.flag("--list-rules", help: "List every rule with its id, severity and what it reports (--format json: as JSON).")
        static let schema = SharedOptions.schema("Check against this schema instead of the bundled one (or the file's \"$schema\").")
        static let allowType = SharedOptions.allowType.help("An app's own node type, checked as a generic node (repeatable; also \"allowTypes\" in assess.json).")
        static let resources = SharedOptions.resources.help("Where transform nodes find their resource files (default: each survey's folder).")
        static let catalog = SharedOptions.catalog.help("For archive maps: a JSON object of schema URI → local schema file, for URIs no $id answers to.")
        static let options = [format.spec, strict.spec, SharedOptions.exclude.spec, listRules.spec, schema.spec, SharedOptions.refDir.spec,
                              allowType.spec, SharedOptions.allowProperty.spec, resources.spec, catalog.spec, SharedOptions.jobs.spec]
        static let operands = Operands.trailing("FILE... | DIR | -")

        let format: Format, listRules: Bool, files: [String], strict: Bool, excluded: Set<String>, schema: String?
        let sources: SchemaSources, settings: SurveySettingsOptions, parallel: OrderedParallelMap

        init(_ values: OptionValues) throws(UsageError) {
            (format, listRules) = (try values(Self.format), try values(Self.listRules))
            files = values.operands
            if !listRules, files.isEmpty { throw UsageError("no surveys given (FILE..., DIR or - for standard input)") }
            (excluded, strict, schema) = (try values(SharedOptions.exclude), try values(Self.strict), try values(Self.schema))
            sources = SchemaSources(refDirectories: try values(SharedOptions.refDir), catalog: try values(Self.catalog))
            settings = SurveySettingsOptions(allowedTypes: try values(Self.allowType), allowedProperties: try values(SharedOptions.allowProperty),
                                             resources: try values(Self.resources))
            parallel = try values(SharedOptions.jobs)
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        if options.listRules {
            try listRules(format: options.format, io)
            return .ok
        }
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard var registry = SchemaSetup.registry(refDirectories: options.sources.refDirectories, printer: printer, io: io),
              case .success(let schema) = Self.schemaURI(options.schema, in: &registry, printer: printer, io: io) else { return .inputError }
        let (found, missing) = InputFile.expand(options.files)
        // Folders hold survey settings beside the surveys; they are not surveys.
        let files = found.filter { !$0.name.hasSuffix("/" + SurveySettings.configName) || options.files.contains($0.name) }
        missing.forEach { io.printError($0.description) }
        let linted = LintBatch(options: options, registry: registry, schema: schema, printer: printer).lint(files, io: io)
        let status = linted.status.worst(missing.isEmpty ? .ok : .inputError)
        LintRenderer(printer: printer).render(linted.reports, format: options.format, clean: status == .ok, io: io)
        return status
    }

    /// The URI `--schema` names (a file is registered first), `nil` without it; a failure after printing why.
    private static func schemaURI(_ schema: String?, in registry: inout SchemaRegistry, printer: DiagnosticPrinter,
                                  io: CommandIO) -> Result<String?, SetupFailure> {
        guard let schema else { return .success(nil) }
        guard FileManager.default.fileExists(atPath: schema) || !schema.contains(":") else {
            if let unknown = SchemaSetup.unknownURI(schema, in: registry, printer: printer) {
                io.printError(unknown)
                return .failure(SetupFailure(lines: [unknown]))
            }
            return .success(schema)
        }
        do {
            return .success(try registry.registerFile(at: schema).description)
        } catch {
            io.printError(SchemaSetup.describe(error, printer))
            return .failure(SetupFailure(lines: []))
        }
    }

    private func listRules(format: Format, _ io: CommandIO) throws(UsageError) {
        let rules = LintRegistry.all
        switch format {
        case .text: break
        case .json:
            let list = rules.map { rule -> JSONValue in ["id": .string(rule.id.rawValue), "severity": .string(rule.severity.rawValue), "summary": .string(FlagHints.summary(rule))] }
            io.writeOutput(JSONWriter.pretty.string(["rules": .array(list)]))
            return
        case .github, .sarif: throw UsageError("--list-rules prints text or json, not \(format.rawValue)")
        }
        let width = (rules.map(\.id.rawValue.count).max() ?? 0) + 2
        for rule in rules {
            io.print(rule.id.rawValue.padded(toLength: width)
                + rule.severity.rawValue.padded(toLength: 9) + FlagHints.summary(rule))
        }
    }
}
