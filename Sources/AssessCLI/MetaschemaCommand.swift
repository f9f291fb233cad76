import FoundationEssentials
import JSONCore
import JSONSchema
import AssessmentLint

/// `assess metaschema`: checks schema files against the draft-07 metaschema and compiles them.
struct MetaschemaCommand: TypedCommand {
    let name = "metaschema"
    let summary = "Check JSON Schema files against the draft-07 metaschema (and that their $refs resolve)."
    let discussion = """
        Each schema is validated against the draft-07 metaschema, then compiled: unresolvable
        $refs and invalid regular expressions are reported too. A loop of $refs that comes back
        to the same schema without descending into the instance is a warning at the $ref (an
        instance that takes it fails validation with a schema-loop error). A file that declares the
        $id of a bundled schema replaces the bundled one; two files declaring one $id get a warning.

        EXIT STATUS: 0 all valid, 1 some schema invalid, 2 usage error, 3 unreadable file or JSON syntax error.
        """

    /// `assess metaschema`'s options.
    struct Options: ParsableOptions {
        static let noFormat = Option.flag("--no-format", help: "Do not assert the format keyword of the metaschema (uri, regex).")
        static let verbose = Option.flag("--verbose", "-v", help: "Also say which bundled schema each file replaces (a file declaring a bundled schema's $id).")
        static let options = [SharedOptions.refDir.spec, noFormat.spec, verbose.spec]
        static let operands = Operands.trailing("SCHEMA... | DIR | -")

        let schemas: [String], refDirectories: [String], validation: ValidationOptions, verbose: Bool

        init(_ values: OptionValues) throws(UsageError) {
            guard !values.operands.isEmpty else { throw UsageError("no schema files given") }
            schemas = values.operands
            (refDirectories, verbose) = (try values(SharedOptions.refDir), try values(Self.verbose))
            validation = ValidationOptions(assertFormat: !(try values(Self.noFormat)))
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard let metaschema = Validator.draft7Metaschema(options: options.validation) else {
            io.printError("error: the bundled draft-07 metaschema does not compile")
            return .inputError
        }
        guard var registry = SchemaSetup.registry(refDirectories: options.refDirectories, printer: printer, io: io) else { return .inputError }
        let (files, missing) = InputFile.expand(options.schemas)
        missing.forEach { io.print($0.description) }
        var status: ExitStatus = missing.isEmpty ? .ok : .inputError
        // Every schema is registered (under its file URL, the base of its relative `$ref`s, as
        // `validate` does) before any is compiled, so they may refer to one another.
        var checks: [(check: InstanceCheck, uri: String?)] = []
        for file in files {
            let check = InstanceCheck.run(file, validator: metaschema, io: io)
            checks.append((check, register(file, checked: check, in: &registry, io: io)))
        }
        for (check, uri) in checks {
            let (checkStatus, lines) = compile(check, uri: uri, registry: registry, options: options, printer: printer)
            status = status.worst(checkStatus)
            lines.forEach(io.print)
        }
        return status
    }

    /// Registers a schema that passed the metaschema; the URI it compiles under, `nil` when it did not pass.
    private func register(_ file: InputFile, checked: InstanceCheck, in registry: inout SchemaRegistry, io: CommandIO) -> String? {
        guard case .checked = checked.outcome, case .success(let bytes) = file.read(io), let document = try? JSONDocument(bytes: bytes, options: .init(recordPositions: true)) else {
            return nil
        }
        let fileURL = file.path.map(fileURI)
        let base = registry.register(document.value, uri: fileURL, sourceName: file.name, sourceMap: document.sourceMap)
        return fileURL ?? base.description
    }

    /// The status and lines of one schema: its metaschema errors, else what compiling it finds.
    private func compile(_ check: InstanceCheck, uri: String?, registry: SchemaRegistry, options: Options,
                         printer: DiagnosticPrinter) -> (ExitStatus, [String]) {
        let lines = check.textLines(printer: printer, verbose: false)
        guard check.status == .ok, let uri else { return (check.status, lines) }
        do {
            let validator = try Validator(registered: uri, in: registry, options: options.validation)
            let replaced = options.verbose ? replacementLines(of: check.file, in: registry, printer: printer) : []
            return (.ok, replaced + SchemaSetup.warningLines(validator, printer: printer)
                + SchemaSetup.sharedIDLines(uri, file: check.file, in: registry, printer: printer) + lines)
        } catch {
            return (.findings, [printer.line(file: check.file, position: error.position, severity: .error, message: FlagHints.message(error))])
        }
    }

    /// A note for each bundled schema the file replaces.
    private func replacementLines(of file: String, in registry: SchemaRegistry, printer: DiagnosticPrinter) -> [String] {
        registry.replacedDefaults.filter { $0.fileName == file }.map { replaced in
            printer.line(file: file, position: nil, severity: .note, message: "replaces the bundled schema with $id \"\(replaced.uri)\"")
        }
    }

    private func fileURI(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}
