import Foundation
import JSONCore
import JSONSchema
import AssessmentModel

/// Builds registries and validators from `--schema` and `--ref-dir` options.
enum SchemaSetup {
    /// A registry with the bundled schemas and every `.json` under the given folders.
    static func registry(refDirectories: [String], printer: DiagnosticPrinter) -> Result<SchemaRegistry, SetupFailure> {
        var registry = BundledSchemas.registry()
        for directory in refDirectories {
            do {
                try registry.registerDirectory(at: directory)
            } catch {
                return .failure(SetupFailure(lines: [describe(error, printer)]))
            }
        }
        return .success(registry)
    }

    /// The registry for a command's `--ref-dir` options, or `nil` after printing why it cannot be built.
    static func registry(for arguments: ParsedArguments, printer: DiagnosticPrinter, io: CommandIO) -> SchemaRegistry? {
        switch registry(refDirectories: arguments.all("--ref-dir"), printer: printer) {
        case .success(let registry): return registry
        case .failure(let failure):
            failure.lines.forEach(io.printError)
            return nil
        }
    }

    /// Compiles the schema named by a path (or by a URI already in the registry), with its warning lines.
    static func validator(
        schema: String, registry: SchemaRegistry, options: ValidationOptions, printer: DiagnosticPrinter
    ) -> Result<CompiledSchema, SetupFailure> {
        var registry = registry
        let uri: String
        if FileManager.default.fileExists(atPath: schema) || !schema.contains(":") {
            do {
                uri = try registry.registerFile(at: schema).description
            } catch {
                return .failure(SetupFailure(lines: [describe(error, printer)]))
            }
        } else {
            if let unknown = unknownURI(schema, in: registry, printer: printer) { return .failure(SetupFailure(lines: [unknown])) }
            uri = BundledSchemas.canonicalURI(schema)
        }
        do {
            let validator = try Validator(registered: uri, in: registry, options: options)
            return .success(CompiledSchema(validator: validator, warnings: warningLines(validator, printer: printer)
                + sharedIDLines(uri, file: schema, in: registry, printer: printer)))
        } catch {
            return .failure(SetupFailure(lines: [
                printer.line(file: error.sourceName, position: error.position, severity: .error,
                             message: "broken schema: \(error.message) (at \(error.location))"),
            ]))
        }
    }

    /// One warning line for each problem a compiled schema has that does not stop it (a loop of
    /// in-place `$ref`s), at its place in the schema file.
    static func warningLines(_ validator: Validator, printer: DiagnosticPrinter) -> [String] {
        validator.warnings.map { warning in
            printer.line(file: warning.sourceName, position: warning.position, severity: .warning, message: warning.message)
        }
    }

    /// One warning line for each `$id` the schema at `uri` shares with another file, saying which file
    /// other schemas' `$ref`s reach (the schema's own `$ref`s resolve within it).
    static func sharedIDLines(_ uri: String, file: String, in registry: SchemaRegistry, printer: DiagnosticPrinter) -> [String] {
        registry.sharedIDs(of: uri).map { shared in
            printer.line(file: file, position: nil, severity: .warning, message: "$id \"\(shared.uri)\" is also declared by "
                + shared.others.joined(separator: ", ") + "; $refs to it from other schemas resolve to "
                + (shared.wonByThisFile ? "this file" : "\(shared.winner) (this file's own $refs resolve within it)"))
        }
    }

    /// The error for a schema URI that nothing registered answers to, with the closest bundled `$id`; `nil` when it is known.
    static func unknownURI(_ uri: String, in registry: SchemaRegistry, printer: DiagnosticPrinter) -> String? {
        guard !registry.contains(uri) else { return nil }
        let hint = Suggestion.closest(to: uri, among: BundledSchemas.files.map(\.id)).map { "; did you mean \($0)?" }
            ?? " (give a schema file, the $id of a bundled schema, or one under --ref-dir)"
        return printer.line(severity: .error, message: "unknown schema URI \(uri)\(hint)")
    }

    /// One line for a schema that cannot be loaded.
    static func describe(_ error: SchemaLoadError, _ printer: DiagnosticPrinter) -> String {
        switch error {
        case .unreadable(let path, let reason):
            return printer.line(severity: .error, message: "cannot read \(path): \(reason)")
        case .invalidJSON(let path, let parseError):
            return printer.line(file: path, position: parseError.position, severity: .error, message: parseError.message)
        }
    }
}

/// A compiled schema and the warning lines about it (loops, shared `$id`s).
struct CompiledSchema {
    let validator: Validator
    let warnings: [String]
}

/// Why a schema could not be set up: lines ready to print; the command exits with status 3.
struct SetupFailure: Error {
    let lines: [String]
}
