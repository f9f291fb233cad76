import JSONCore
import JSONSchema
import OrderedParallel
import ResultArchive
import AssessmentLint

/// `assess validate`: checks JSON files against a draft-07 schema.
struct ValidateCommand: TypedCommand {
    let name = "validate"
    let summary = "Validate JSON files against a JSON Schema draft-07 schema."
    let discussion = """
        Text output is one line per error: FILE:LINE:COL: error: MESSAGE at INSTANCE (KEYWORD).
        JSON output (flag, basic, detailed) is one document for the whole call, following the
        JSON Schema output formats, with instancePosition and file added.
        A value that takes a loop of $refs coming back to the same schema without descending
        into it is invalid with a schema-loop error (see assess metaschema for the loop).

        EXIT STATUS: 0 all valid, 1 some file invalid, 2 usage error,
                     3 unreadable file, JSON syntax error or broken schema.
        """

    enum Output: String, CaseIterable {
        case text, flag, basic, detailed
    }

    /// `assess validate`'s options.
    struct Options: ParsableOptions {
        static let schema = Option.required("--schema", "-s", valueName: "SCHEMA", help: "The schema file (or the URI of a bundled or --ref-dir schema).")
        static let format = SharedOptions.format("text (default), or flag|basic|detailed JSON output.", aliases: ["--output", "-o"], default: Output.text)
        static let noFormat = Option.flag("--no-format", help: "Do not assert format, contentMediaType or contentEncoding (annotations only).")
        static let verbose = Option.flag("--verbose", "-v", help: "Text output: show every alternative of a failed anyOf/oneOf; schema warnings on stderr.")
        static let options = [schema.spec, SharedOptions.refDir.spec, SharedOptions.catalog.spec, format.spec, noFormat.spec, verbose.spec, SharedOptions.jobs.spec]
        static let operands = Operands.trailing("FILE... | DIR | -")

        let schema: String, files: [String], sources: SchemaSources, output: Output, validation: ValidationOptions
        let verbose: Bool, parallel: OrderedParallelMap

        init(_ values: OptionValues) throws(UsageError) {
            schema = try values(Self.schema)
            guard !values.operands.isEmpty else { throw UsageError("no files to validate (give FILE..., DIR or - for standard input)") }
            files = values.operands
            output = try values(Self.format)
            validation = ValidationOptions(assertFormat: !(try values(Self.noFormat)))
            sources = SchemaSources(refDirectories: try values(SharedOptions.refDir), catalog: try values(SharedOptions.catalog))
            (verbose, parallel) = (try values(Self.verbose), try values(SharedOptions.jobs))
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard let validator = compile(options, printer: printer, io: io) else { return .inputError }
        let (files, missing) = InputFile.expand(options.files)
        var status: ExitStatus = missing.isEmpty ? .ok : .inputError
        var reports: [JSONValue] = missing.map { error in
            ["file": .string(error.name), "valid": false, "error": .string("cannot read \(error.name): \(error.reason)")]
        }
        let output = options.output, verbose = options.verbose
        if output == .text { missing.forEach { io.print($0.description) } }
        var meter = ParallelInputs.meter(total: files.count, noun: "files", io: io)
        // Files are validated and rendered in parallel; lines and units are taken in order.
        options.parallel.run(files, transform: { file -> (status: ExitStatus, lines: [String], unit: JSONObject?) in
            let checked = InstanceCheck.run(file, validator: validator, io: io)
            if output == .text { return (checked.status, checked.textLines(printer: printer, verbose: verbose), nil) }
            return (checked.status, [], checked.outputUnit(format: OutputFormat(rawValue: output.rawValue) ?? .basic))
        }, consume: { checked in
            meter.advance()
            status = status.worst(checked.status)
            checked.lines.forEach(io.print)
            if let unit = checked.unit { reports.append(.object(unit)) }
        })
        meter.finish()
        if output != .text { io.writeOutput(JSONWriter.pretty.string(["valid": .bool(status == .ok), "instances": .array(reports)])) }
        return status
    }

    /// The schema's validator, or `nil` after printing why it cannot be compiled (its warnings printed with `--verbose`).
    private func compile(_ options: Options, printer: DiagnosticPrinter, io: CommandIO) -> Validator? {
        guard case .success(let catalog) = SchemaSetup.catalog(options.sources.catalog, printer: printer, io: io) else { return nil }
        if let file = catalog?.paths[options.schema] { io.printError(printer.line(severity: .note, message: "schema \(options.schema) from the catalog (\(file))")) }
        switch SchemaSetup.registry(refDirectories: options.sources.refDirectories, printer: printer)
            .flatMap({ SchemaSetup.validator(schema: options.schema, registry: $0, options: options.validation, printer: printer, catalog: catalog) }) {
        case .success(let compiled):
            if options.verbose { compiled.warnings.forEach(io.printError) }
            return compiled.validator
        case .failure(let failure):
            failure.lines.forEach(io.printError)
            return nil
        }
    }
}

/// The outcome of validating one file.
struct InstanceCheck {
    enum Outcome {
        case unreadable(String)
        case syntaxError(JSONParseError)
        case checked(errors: [ValidationError], duplicates: [DuplicateKey], sourceMap: SourceMap?)
    }

    let file: String
    let outcome: Outcome

    var status: ExitStatus {
        switch outcome {
        case .unreadable, .syntaxError: return .inputError
        case .checked(let errors, _, _): return errors.isEmpty ? .ok : .findings
        }
    }

    /// Reads, parses (fast, without positions) and validates; re-parses with positions only when invalid.
    static func run(_ file: InputFile, validator: Validator, io: CommandIO) -> InstanceCheck {
        let bytes: [UInt8]
        switch file.read(io) {
        case .success(let read): bytes = read
        case .failure(let error): return InstanceCheck(file: file.name, outcome: .unreadable(error.reason))
        }
        do {
            let parsed = try JSONParser().parseTape(bytes)
            if !parsed.hasDuplicateKeys, validator.isValid(parsed.tape) {
                return InstanceCheck(file: file.name, outcome: .checked(errors: [], duplicates: [], sourceMap: nil))
            }
            let positioned = try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
            return InstanceCheck(file: file.name, outcome: .checked(
                errors: validator.validate(positioned.value), duplicates: positioned.duplicateKeys, sourceMap: positioned.sourceMap))
        } catch {
            return InstanceCheck(file: file.name, outcome: .syntaxError(error))
        }
    }

    /// Compiler-style lines for this file (`FILE: valid` when it passes).
    func textLines(printer: DiagnosticPrinter, verbose: Bool) -> [String] {
        switch outcome {
        case .unreadable(let reason):
            return [printer.line(severity: .error, message: "cannot read \(file): \(reason)")]
        case .syntaxError(let error):
            return [printer.line(file: file, position: error.position, severity: .error, message: error.message)]
        case .checked(let errors, let duplicates, let sourceMap):
            var lines = duplicates.map { duplicate in
                printer.line(file: file, position: duplicate.position, severity: .warning,
                             message: "duplicate key \"\(duplicate.key)\" (first at \(duplicate.firstPosition)); the last value is used")
            }
            if errors.isEmpty { return lines + ["\(file): valid"] }
            for error in errors {
                let shown = error.branches.isEmpty || verbose ? error : error.bestMatch
                lines.append(printer.line(file: file, position: sourceMap?.position(of: shown.instanceLocation),
                                          severity: .error, message: describe(shown)))
                if verbose {
                    for branch in error.branches {
                        for child in branch.errors {
                            lines.append(printer.line(
                                file: file, position: sourceMap?.position(of: child.instanceLocation), severity: .note,
                                message: "alternative \(branch.index): \(describe(child))"))
                        }
                    }
                } else if shown != error {
                    lines.append(printer.line(file: file, position: sourceMap?.position(of: error.instanceLocation),
                                              severity: .note, message: "best match among the alternatives of \(error.keywordLocation) (use --verbose for all)"))
                }
            }
            return lines
        }
    }

    private func describe(_ error: ValidationError) -> String {
        let instance = error.instanceLocation.isRoot ? "the root" : error.instanceLocation.description
        return "\(error.message) at \(instance) (\(error.keywordLocation.isRoot ? "/" : error.keywordLocation.description))"
    }

    /// The JSON output unit for this file.
    func outputUnit(format: OutputFormat) -> JSONObject {
        var unit: JSONObject
        switch outcome {
        case .unreadable(let reason):
            unit = JSONObject([.init(key: "valid", value: false), .init(key: "error", value: .string("cannot read \(file): \(reason)"))])
        case .syntaxError(let error):
            unit = JSONObject([
                .init(key: "valid", value: false), .init(key: "error", value: .string(error.message)),
                .init(key: "instancePosition", value: ["line": .number(JSONNumber(error.position.line)),
                                                        "column": .number(JSONNumber(error.position.column))]),
            ])
        case .checked(let errors, _, let sourceMap):
            unit = ValidationOutput(position: { sourceMap?.position(of: $0) }).unit(for: errors, format: format)
        }
        var withFile = JSONObject([.init(key: "file", value: .string(file))])
        for member in unit { withFile[member.key] = member.value }
        return withFile
    }
}
