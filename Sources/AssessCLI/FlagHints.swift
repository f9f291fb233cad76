import JSONSchema
import FileIO

/// The option that answers a library error, added where the CLI renders it: libraries say what went
/// wrong; only the command line knows which of its options fixes it.
enum FlagHints {
    /// A file-writing error, with `--force` when the file exists.
    static func describe(_ error: FileWriteError) -> String {
        guard case .destinationExists = error else { return error.description }
        return error.description + " (use --force to replace it)"
    }

    /// A schema error's message, with `--ref-dir` when a `$ref` names nothing loaded.
    static func message(_ error: SchemaError) -> String {
        guard case .unresolvableReference = error.kind else { return error.message }
        return error.message + " (load it with --ref-dir)"
    }
}
