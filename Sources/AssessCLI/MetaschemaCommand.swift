import Foundation
import JSONCore
import JSONSchema
import AssessmentLint

/// `assess metaschema`: checks schema files against the draft-07 metaschema and compiles them.
struct MetaschemaCommand: Command {
    let spec = CommandSpec(
        name: "metaschema",
        summary: "Check JSON Schema files against the draft-07 metaschema (and that their $refs resolve).",
        synopsis: "[--ref-dir DIR]... [--no-format] [--verbose] SCHEMA... | DIR | -",
        options: [
            SharedOptions.refDir(),
            .flag("--no-format", help: "Do not assert the format keyword of the metaschema (uri, regex)."),
            .flag("--verbose", "-v", help: "Also say which bundled schema each file replaces (a file declaring a bundled schema's $id)."),
        ],
        discussion: """
            Each schema is validated against the draft-07 metaschema, then compiled: unresolvable
            $refs and invalid regular expressions are reported too. A loop of $refs that comes back
            to the same schema without descending into the instance is a warning at the $ref (an
            instance that takes it fails validation with a schema-loop error). A file that declares the
            $id of a bundled schema replaces the bundled one; two files declaring one $id get a warning.

            EXIT STATUS: 0 all valid, 1 some schema invalid, 2 usage error, 3 unreadable file or JSON syntax error.
            """)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard !arguments.positionals.isEmpty else { throw UsageError("no schema files given") }
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        let options = ValidationOptions(assertFormat: !arguments.flag("--no-format"))
        guard let metaschema = Validator.draft7Metaschema(options: options) else {
            io.printError("error: the bundled draft-07 metaschema does not compile")
            return .inputError
        }
        guard var registry = SchemaSetup.registry(for: arguments, printer: printer, io: io) else { return .inputError }
        let (files, missing) = InputFile.expand(arguments.positionals)
        missing.forEach { io.print($0.description) }
        var status: ExitStatus = missing.isEmpty ? .ok : .inputError
        // Every schema is registered (under its file URL, the base of its relative `$ref`s, as
        // `validate` does) before any is compiled, so they may refer to one another.
        var checks: [(check: InstanceCheck, uri: String?)] = []
        for file in files {
            let check = InstanceCheck.run(file, validator: metaschema, io: io)
            var uri: String?
            if case .checked = check.outcome, case .success(let bytes) = file.read(io),
               let document = try? JSONDocument(bytes: bytes, options: .init(recordPositions: true)) {
                let fileURL = file.path.map(fileURI)
                let base = registry.register(document.value, uri: fileURL, sourceName: file.name, sourceMap: document.sourceMap)
                uri = fileURL ?? base.description
            }
            checks.append((check, uri))
        }
        for (check, uri) in checks {
            var checkStatus = check.status
            var lines = check.textLines(printer: printer, verbose: false)
            if checkStatus == .ok, let uri {
                do {
                    let validator = try Validator(registered: uri, in: registry, options: options)
                    lines = SchemaSetup.warningLines(validator, printer: printer)
                        + SchemaSetup.sharedIDLines(uri, file: check.file, in: registry, printer: printer) + lines
                    if arguments.flag("--verbose") { lines = replacementLines(of: check.file, in: registry, printer: printer) + lines }
                } catch {
                    checkStatus = .findings
                    lines = [printer.line(file: check.file, position: error.position, severity: .error, message: error.message)]
                }
            }
            status = status.worst(checkStatus)
            lines.forEach(io.print)
        }
        return status
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
