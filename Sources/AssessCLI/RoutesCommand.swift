import AssessmentModel
import FileIO
import AssessmentLint
import FoundationEssentials
import JSONCore
import SurveyFlow

/// `assess routes`: the distinct routes through a survey with answers that produce them, as scripts.
struct RoutesCommand: TypedCommand {
    let name = "routes"
    let summary = "List routes through a survey with the answers that take them; write them as answer scripts."
    let discussion = """
        Each question's answers are split by the rule that fires first (or none, or a skip) using the
        runner's own answer checks and comparisons; one witness answer stands for each part. By default
        the routes are few and together take every reachable edge, so
          assess run SURVEY --answers DIR --coverage
        after --write-scripts DIR reports 100% of the edges. Dead rules (no answer fires them) are
        listed with the lint rule that reports them.

        Transform nodes are replaced by their resource files, as `assess run` does.

        EXIT STATUS: 0 listed (also when --max-routes stopped the list), 1 no route ends the survey
                     or a transform's resource cannot be loaded, 2 usage error,
                     3 unreadable survey or unwritable scripts.
        """

    enum Format: String, CaseIterable {
        case text, json
    }

    /// `assess routes`' options.
    struct Options: ParsableOptions {
        static let maxRoutes = Option.parsed("--max-routes", valueName: "N", help: "Stop after N routes (default 1000), with a note.",
                                             parse: { Int($0).flatMap { $0 > 0 ? $0 : nil } },
                                             invalid: { "--max-routes must be a positive integer, found '\($0)'" }).map { $0 ?? 1000 }
        static let all = Option.flag("--all", help: "Every distinct route (loops at most once) instead of a set that takes every edge.")
        static let writeScripts = Option.value("--write-scripts", valueName: "DIR", help: "Write route-NNN.json answer scripts and route-NNN.expected.json outcomes to DIR.")
        static let force = SharedOptions.force.help("Replace the route scripts already in DIR (every route-NNN.json and .expected.json there).")
        static let format = SharedOptions.format("text (default) or json.", default: Format.text)
        static let now = SharedOptions.now.help("The date that decides year and date bounds for answers (default: now).")
        static let options = [maxRoutes.spec, all.spec, writeScripts.spec, force.spec, format.spec, SharedOptions.resources.spec, now.spec]
        static let operands = Operands.leading("SURVEY")

        let survey: String, maxRoutes: Int, all: Bool, writeScripts: String?, force: Bool, format: Format, now: String?
        let settings: SurveySettingsOptions

        init(_ values: OptionValues) throws(UsageError) {
            survey = try values.single(missing: "no survey given", extra: "give one survey")
            (format, maxRoutes, now) = (try values(Self.format), try values(Self.maxRoutes), try values(Self.now))
            (all, writeScripts, force) = (try values(Self.all), try values(Self.writeScripts), try values(Self.force))
            settings = SurveySettingsOptions(resources: try values(SharedOptions.resources))
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let path = options.survey
        let now = try Timestamps.fixed(options.now, environment: io.environment) ?? Date()
        if let problem = options.writeScripts.flatMap(OutputFile.problem(writingInto:)) {
            io.printError(problem)
            return .inputError
        }
        guard let (survey, bytes) = SurveyInput.load(path, io: io),
              let settings = SurveySettings.load(for: path == "-" ? nil : path, options: options.settings, io: io) else { return .inputError }
        let findings = Linter(allowedTypes: settings.allowedTypes, resources: settings.resources).lint(bytes: bytes, file: path).findings
        SurveyInput.warnIfFailingLint(findings, root: survey.assessment, settings: settings, path: path, io: io)
        guard let root = SurveyInput.resolvedRoot(of: survey, path: path, settings: settings, io: io) else { return .findings }
        let planner = RoutePlanner(graph: FlowGraph(survey: root, now: now))
        let set = options.all ? planner.all(maxRoutes: options.maxRoutes) : planner.edgeCovering(maxRoutes: options.maxRoutes)
        var report = RoutesReport(set: set, planner: planner, dead: DeadRule.all(in: planner.graph, survey: survey, findings: findings, file: path),
                                  maxRoutes: options.maxRoutes)
        var status = Self.writeScripts(set, planner: planner, options: options, noting: &report, io: io)
        if !report.endsSurvey {
            io.printError("\(path): error: no route of answers ever ends the survey (see `assess lint` for the loop)")
            status = status.worst(.findings)
        }
        switch options.format {
        case .text: report.textLines.forEach(io.print)
        case .json: io.writeOutput(JSONWriter.pretty.string(report.json) + "\n")
        }
        return status
    }

    /// Writes the route scripts when `--write-scripts` asks, saying so in the report; `.inputError` after printing why not.
    private static func writeScripts(_ set: RouteSet, planner: RoutePlanner, options: Options, noting report: inout RoutesReport,
                                     io: CommandIO) -> ExitStatus {
        guard let folder = options.writeScripts else { return .ok }
        switch writeScripts(set, planner: planner, to: folder, force: options.force) {
        case .success(let count):
            report.written = "wrote \(count) script\(count == 1 ? "" : "s") and their .expected.json to \(folder)"
            return .ok
        case .failure(let failure):
            io.printError("\(folder): error: \(failure.message)")
            return .inputError
        }
    }
}
