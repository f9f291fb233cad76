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
}
