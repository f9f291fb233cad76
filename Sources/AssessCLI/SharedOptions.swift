import AssessmentLint
import AssessmentModel
import FoundationEssentials
import OrderedParallel
import ResultArchive

/// Options that several commands share, so each concept has one spelling and one short flag in every
/// command: `--format`/`-f` the report or drawing format, `--output`/`-o` a file to write, `--ref-dir`/`-r`
/// schema folders, `--schema`/`-s`. A command passes its older spellings as `aliases` (still accepted,
/// listed in help) and may word the help its own way (`Option.help`). New shared options belong here.
enum SharedOptions {
    /// `--format FORMAT`, `-f`: how the command prints its report (or draws).
    static func format<Format>(_ help: String, aliases: [String] = [], default defaultValue: Format) -> Option<Format>
    where Format: RawRepresentable & CaseIterable & Sendable, Format.RawValue == String {
        .choice("--format", "-f", aliases: aliases, valueName: "FORMAT", help: help, default: defaultValue)
    }

    /// `--output FILE`, `-o`: a file the command writes instead of standard output.
    static func output(_ help: String, valueName: String = "FILE") -> Option<String?> {
        .value("--output", "-o", valueName: valueName, help: help)
    }

    /// `--schema SCHEMA`, `-s`.
    static func schema(_ help: String) -> Option<String?> {
        .value("--schema", "-s", valueName: "SCHEMA", help: help)
    }

    /// `--ref-dir DIR`, `-r`: folders of schemas for `$ref` and schema URIs.
    static let refDir = Option.repeated("--ref-dir", "-r", valueName: "DIR", help: "Load every .json schema under DIR for $ref (repeatable).")

    /// `--catalog FILE`: schema URIs answered by local files.
    static let catalog = Option.value("--catalog", valueName: "FILE", help: "A JSON object of schema URI → local schema file (relative to FILE's folder), for URIs no $id answers to.")

    /// `--now ISO8601`: the instant a command takes as now (each command says what it decides).
    static let now = Option.value("--now", valueName: "ISO8601", help: "The instant taken as now.")

    /// `--force`: replace what a command would otherwise refuse to overwrite.
    static let force = Option.flag("--force", help: "Replace existing output files.")

    /// `--jobs N`, `-j`: how many inputs a batch command checks at once (default: all cores).
    static let jobs = Option<Int?>.parsed(
        "--jobs", "-j", valueName: "N", help: "Check N inputs at once (default: all cores); the output is the same for every N.",
        parse: { Int($0).flatMap { $0 >= 1 ? $0 : nil } }, invalid: { "--jobs needs a whole number of at least 1, not '\($0)'" }
    ).map { OrderedParallelMap(jobs: $0 ?? OrderedParallelMap.allCores) }

    /// `--allow-type NAME`: an app's own node types.
    static let allowType = Option.repeated("--allow-type", valueName: "NAME", help: "An app's own node type, run as a non-question step (repeatable; also assess.json).")

    /// `--allow-property NAME`: members an app reads.
    static let allowProperty = Option.repeated("--allow-property", valueName: "NAME", help: "A member the app reads, not reported by unknown-property: NAME anywhere, KIND.NAME in one kind of object (repeatable; also \"allowProperties\" in assess.json).")

    /// `--resources DIR`: where transform nodes find their files.
    static let resources = Option.value("--resources", valueName: "DIR", help: "Where transform nodes find their resource files (default: the survey's folder).")

    /// `--exclude RULE`, `-x`: lint rules to skip, each checked against the registry.
    static let exclude = Option.repeated("--exclude", "-x", valueName: "RULE", help: "Skip a rule by id (repeatable); see --list-rules.")
        .map { given throws(UsageError) in try excludedRules(given) }

    /// `--platform ios|android`: the phone engine to run as.
    static let platform = Option<EnginePlatform?>.parsed(
        "--platform", valueName: "ios|android", help: "Run as that phone's engine where iOS (Swift) and Android (Kotlin) differ, as `run` does.",
        parse: EnginePlatform.init(rawValue:), invalid: { "--platform must be ios or android, found '\($0)'" })

    /// The rule ids, each checked against the registry.
    private static func excludedRules(_ given: [String]) throws(UsageError) -> Set<String> {
        let excluded = Set(given)
        let ruleIDs = LintRegistry.all.map(\.id.rawValue)
        for rule in excluded.sorted() where !ruleIDs.contains(rule) {
            let hint = Suggestion.closest(to: rule, among: ruleIDs).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown rule '\(rule)'\(hint); see assess lint --list-rules")
        }
        return excluded
    }
}

/// What the survey-settings options say (`--allow-type`, `--allow-property`, `--resources`); the nearest
/// `assess.json` adds to them.
struct SurveySettingsOptions: Sendable {
    /// `--allow-type` values.
    var allowedTypes: [String] = []
    /// `--allow-property` values.
    var allowedProperties: [String] = []
    /// `--resources`.
    var resources: String?
}

/// `--ref-dir` and `--catalog`: where schemas come from besides the bundled ones.
struct SchemaSources: Sendable {
    /// Folders of schemas.
    var refDirectories: [String] = []
    /// The catalog file.
    var catalog: String?
}
