/// Options that several commands share, so each concept has one spelling and one short flag in every
/// command: `--format`/`-f` the report or drawing format, `--output`/`-o` a file to write, `--ref-dir`/`-r`
/// schema folders, `--schema`/`-s`. A command passes
/// its older spellings as `aliases` (still accepted, listed in help). New shared options belong here.
enum SharedOptions {
    /// `--format FORMAT`, `-f`: how the command prints its report (or draws).
    static func format(_ help: String, aliases: [String] = []) -> OptionSpec {
        .value("--format", "-f", aliases: aliases, valueName: "FORMAT", help: help)
    }

    /// `--output FILE`, `-o`: a file the command writes instead of standard output.
    static func output(_ help: String, valueName: String = "FILE") -> OptionSpec {
        .value("--output", "-o", valueName: valueName, help: help)
    }

    /// `--ref-dir DIR`, `-r`: folders of schemas for `$ref` and schema URIs.
    static func refDir(_ help: String = "Load every .json schema under DIR for $ref (repeatable).") -> OptionSpec {
        .value("--ref-dir", "-r", valueName: "DIR", help: help)
    }

    /// `--schema SCHEMA`, `-s`.
    static func schema(_ help: String) -> OptionSpec {
        .value("--schema", "-s", valueName: "SCHEMA", help: help)
    }

    /// `--catalog FILE`: schema URIs answered by local files.
    static let catalog = OptionSpec.value("--catalog", valueName: "FILE", help: "A JSON object of schema URI → local schema file (relative to FILE's folder), for URIs no $id answers to.")

    /// The options of Sage's archive-map lookup that `verify` and `ingest` share (after `--archive-map`
    /// and `--manifest`): aliases, tolerated errors, the required-file policy, the error cap and the
    /// record metadata of archives without a manifest line.
    static let archiveMapLookup: [OptionSpec] = [
        .value("--file-alias", valueName: "NAME=MAPPED", help: "Look a file up under another name, e.g. microphone.json=microphone_levels.json (repeatable)."),
        .value("--tolerated", valueName: "FILE", help: "Known errors to ignore (JSON: {\"tolerated\": [{\"file\", \"keyword\", \"pointer\", \"clientInfo\", \"appId\"}]}); still counted."),
        .value("--required", valueName: "POLICY", help: "A missing isRequired file is an error (default) or a warning (as Sage's job, which never reads it)."),
        .value("--max-errors", valueName: "N", help: "Errors kept per file (default 10, as Sage)."),
        .value("--assessment", valueName: "ID", help: "The Bridge assessment identifier of archives without a manifest line."),
        .value("--revision", valueName: "N", help: "Their assessment revision."),
        .value("--app", valueName: "ID", help: "Their Bridge app identifier (the map's apps[].appId)."),
    ]
}
