import AssessmentLint
import JSONSchema
import FileIO
import ResultArchive

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

    /// The option that applies a remedy: `--allow-type NAME`, `--ref-dir`, `--catalog`.
    static func option(for remedy: Remedy) -> String {
        switch remedy {
        case .allowType(let type): return "--allow-type" + (type.map { " " + $0 } ?? "")
        case .provideSchema: return "--ref-dir DIR or --schema"
        case .schemaFolder: return "--ref-dir"
        case .schemaCatalog: return "--catalog"
        case .catalogEntry: return "a --catalog entry"
        }
    }

    /// A finding's message with each remedy named by its option.
    static func message(_ finding: Finding) -> String {
        finding.text.rendered(naming: option)
    }

    /// A check's summary with each remedy named by its option.
    static func summary(_ check: any LintCheck) -> String {
        check.summaryText.rendered(naming: option)
    }

    /// The option behind a setting that verify's notes mention: `--file-alias`, `--required warning`, `--assessment`.
    static func option(for setting: VerifySetting) -> String {
        switch setting {
        case .fileAlias: return "--file-alias"
        case .requiredWarning: return "--required warning"
        case .assessment: return "--assessment"
        }
    }

    /// The names verify's notes and problems use on the command line.
    static let settingNames = SettingNames(setting: { option(for: $0) }, remedy: { option(for: $0) })

    /// Any hinted text (a verify problem's, a schema error's) with each remedy named by its option.
    static func text(_ text: HintedText) -> String {
        text.rendered(naming: option)
    }
}
