import AssessmentModel

extension RunCommand {
    /// `assess run`'s options.
    struct Options: ParsableOptions {
        static let answers = Option.repeated("--answers", "-a", valueName: "SCRIPT", help: "An answer script, or a folder of them (repeatable); SCRIPT.expected.json beside a script is checked.")
        static let format = Option<Report?>.choice(
            "--format", "-f", aliases: ["--report"], valueName: "FORMAT",
            help: "json (default) or text (a readable transcript); with several scripts or interactively, printed only when given.")
        static let result = Option.value("--result", valueName: "FILE", help: "Write the assessment result JSON (single script or interactive run).")
        static let archive = Option.value("--archive", valueName: "FILE.zip", help: "Write a result archive (assessmentResult.json + metadata.json).")
        static let expect = Option.value("--expect", valueName: "EXPECTED.json", help: "Compare status/path/answers with this file; differences exit 1.")
        static let now = SharedOptions.now.help("Every timestamp of the run is this instant (else SOURCE_DATE_EPOCH, else the clock).")
        static let seed = Option.parsed("--seed", valueName: "N", help: "Fix taskRunUUID (derived from N).",
                                        parse: { UInt64($0) }, invalid: { "--seed must be a non-negative integer, found '\($0)'" })
        static let record = Option.value("--record", valueName: "SCRIPT", help: "Interactive mode: save the session as a script that replays it (also on Ctrl-D or Ctrl-C).")
        static let interactive = Option.flag("--interactive", "-i", help: "Ask for answers on standard input even when it is not a terminal.")
        static let writeExpected = Option.flag("--write-expected", help: "Write each script's outcome as SCRIPT.expected.json beside it (or beside --record's script), to compare with next time.")
        static let force = SharedOptions.force.help("Replace existing output files (--result, --archive, --record, --write-expected).")
        static let allowLintErrors = Option.flag("--allow-lint-errors", help: "Run a survey even though it fails lint at error level.")
        static let platform = SharedOptions.platform.help("Run as that phone's engine where iOS (Swift) and Android (Kotlin) differ: keyword capitals, time-bound seconds, transform identifiers.")
        static let options = [answers.spec, format.spec, result.spec, archive.spec, expect.spec, now.spec, seed.spec, record.spec,
                              interactive.spec, writeExpected.spec, force.spec, allowLintErrors.spec, SharedOptions.allowType.spec,
                              SharedOptions.resources.spec, platform.spec] + CoverageOptions.options
        static let operands = Operands.leading("SURVEY")

        let survey: String, scripts: [String], report: Report?, expect: String?, now: String?, seed: UInt64?
        let interactive: Bool, writeExpected: Bool, allowLintErrors: Bool, platform: EnginePlatform?
        let outputs: RunOutputs, settings: SurveySettingsOptions, coverage: CoverageOptions

        init(_ values: OptionValues) throws(UsageError) {
            survey = try values.single(missing: "no survey given", extra: "give one survey (scripts go after --answers)")
            (report, now, seed) = (try values(Self.format), try values(Self.now), try values(Self.seed))
            scripts = try values(Self.answers)
            outputs = RunOutputs(resultPath: try values(Self.result), archivePath: try values(Self.archive),
                                 recordPath: try values(Self.record), force: try values(Self.force))
            if !scripts.isEmpty, outputs.recordPath != nil {
                throw UsageError("--record saves an interactive session; it cannot be used with --answers")
            }
            (writeExpected, expect) = (try values(Self.writeExpected), try values(Self.expect))
            if writeExpected, expect != nil {
                throw UsageError("--write-expected writes the expected outcome; it cannot be used with --expect")
            }
            (platform, interactive, allowLintErrors) = (try values(Self.platform), try values(Self.interactive), try values(Self.allowLintErrors))
            settings = SurveySettingsOptions(allowedTypes: try values(SharedOptions.allowType), resources: try values(SharedOptions.resources))
            coverage = try CoverageOptions(values)
        }
    }
}
