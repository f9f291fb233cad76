import AssessmentModel
import FileIO
import AssessmentLint
import FoundationEssentials
import JSONCore
import SurveyFlow

/// `assess graph`: every route through a survey as a picture (SVG of our own layout) or as text/data.
struct GraphCommand: TypedCommand {
    let name = "graph"
    let summary = "Draw the flow of a survey: steps, rules, jumps, sections and ends (svg, dot, mermaid or json)."
    let discussion = """
        Edges: each survey rule (labelled with its operator and value, e.g. "= 3", "skip" for a rule
        matching a skipped question), nextStepIdentifier, the next sibling ("else" after rules), section
        leaving and "beginning" loops. Red dashed: unreachable steps and dead edges (no answer takes
        them); orange: steps from which the survey can never end. Transform nodes are drawn as the
        steps of their resource files, as the survey runs.

        EXIT STATUS: 0 written, 1 a transform's resource cannot be loaded, 2 usage error,
                     3 unreadable survey, coverage report or output.
        """

    enum Format: String, CaseIterable {
        case svg, dot, mermaid, json
    }

    /// `assess graph`'s options.
    struct Options: ParsableOptions {
        static let format = SharedOptions.format("svg (default), dot (Graphviz), mermaid (Markdown) or json (the graph as data).", default: Format.svg)
        static let output = SharedOptions.output("Write to FILE instead of standard output.")
        static let force = SharedOptions.force.help("Replace FILE if it exists.")
        static let coverage = Option.value("--coverage", valueName: "REPORT.json", help: "Colour by coverage: a report from 'assess run --coverage --coverage-report json'.")
        static let now = SharedOptions.now.help("The date that decides year and date bounds when looking for answers (default: now).")
        static let options = [format.spec, output.spec, force.spec, coverage.spec, SharedOptions.resources.spec, now.spec]
        static let operands = Operands.leading("SURVEY")

        let survey: String, format: Format, output: String?, force: Bool, coverage: String?, now: String?
        let settings: SurveySettingsOptions

        init(_ values: OptionValues) throws(UsageError) {
            survey = try values.single(missing: "no survey given", extra: "give one survey")
            (format, output, force) = (try values(Self.format), try values(Self.output), try values(Self.force))
            (coverage, now) = (try values(Self.coverage), try values(Self.now))
            settings = SurveySettingsOptions(resources: try values(SharedOptions.resources))
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let path = options.survey
        let now = try Timestamps.fixed(options.now, environment: io.environment) ?? Date()
        guard let (survey, bytes) = SurveyInput.load(path, io: io),
              let settings = SurveySettings.load(for: path == "-" ? nil : path, options: options.settings, io: io) else { return .inputError }
        SurveyInput.warnIfFailingLint(Linter(allowedTypes: settings.allowedTypes, resources: settings.resources).lint(bytes: bytes, file: path).findings,
                                      root: survey.assessment, settings: settings, path: path, io: io)
        guard let root = SurveyInput.resolvedRoot(of: survey, path: path, settings: settings, io: io) else { return .findings }
        var coverage: CoverageState?
        if let reportPath = options.coverage {
            guard let state = Self.coverage(from: reportPath, io: io) else { return .inputError }
            coverage = state
        }
        let document = survey
        let writer = GraphWriter(graph: FlowGraph(survey: root, now: now), locate: { document.position(of: $0) }, coverage: coverage)
        let text: String
        switch options.format {
        case .svg: text = writer.svg
        case .dot: text = writer.dot
        case .mermaid: text = writer.mermaid
        case .json: text = JSONWriter.pretty.string(writer.json) + "\n"
        }
        return SurveyInput.write(text, to: options.output, force: options.force, io: io)
    }

    /// The coverage a JSON report from `assess run --coverage` records, or `nil` after printing why it cannot be read.
    private static func coverage(from reportPath: String, io: CommandIO) -> CoverageState? {
        let data: [UInt8]
        switch InputFile(name: reportPath, path: reportPath).read(io) {
        case .success(let bytes): data = bytes
        case .failure(let error):
            io.printError(error.description)
            return nil
        }
        guard let report = try? JSONDocument(bytes: data), let state = CoverageReport.state(fromJSON: report.value) else {
            io.printError("\(reportPath): error: cannot read a JSON coverage report (from 'assess run --coverage --coverage-report json')")
            return nil
        }
        return state
    }
}

/// Reading a survey and writing a command's text output, shared by `graph` and `routes`.
enum SurveyInput {
    /// The decoded survey and its bytes, or `nil` after printing why it cannot be read (`file:line:col` for JSON errors).
    static func load(_ path: String, io: CommandIO) -> (document: SurveyDocument, bytes: [UInt8])? {
        let bytes: [UInt8]
        switch InputFile(name: path, path: path == "-" ? nil : path).read(io) {
        case .success(let read): bytes = read
        case .failure(let error):
            io.printError(error.description)
            return nil
        }
        do {
            return (try SurveyDocument(bytes: bytes), bytes)
        } catch {
            switch error {
            case .syntax(let parse): io.printError("\(path):\(parse.position): error: \(parse.message)")
            case .notAnObject(let found): io.printError("\(path):1:1: error: a survey must be a JSON object, found \(found.withArticle)")
            }
            return nil
        }
    }

    /// Warns when the survey fails lint at error level or has a root `run` cannot run: what `graph` and
    /// `routes` show of it may not be what the apps do. Says what `run` would need, as `run` decides it.
    static func warnIfFailingLint(_ findings: [Finding], root: Node, settings: SurveySettings, path: String, io: CommandIO) {
        let errors = findings.filter { $0.severity == .error }.count
        let problem = RunSurveyLoader.rootProblem(root, allowedTypes: settings.allowedTypes)
        guard errors > 0 || problem != nil else { return }
        let lint = errors > 0 ? "the survey fails lint (\(errors) error\(errors == 1 ? "" : "s"); see 'assess lint \(path)'); " : ""
        let run = problem.map { "'assess run' refuses it: \($0)" } ?? "'assess run' refuses it without --allow-lint-errors"
        io.printError("\(path): warning: \(lint)\(run)")
    }

    /// The survey as it runs: every `transform` node replaced by its resource file. `nil` after
    /// printing each transform that cannot be loaded.
    /// With a `platform`, transforms and navigation targets are read as that engine reads them.
    static func resolvedRoot(of document: SurveyDocument, path: String, settings: SurveySettings, io: CommandIO,
                             platform: EnginePlatform? = nil) -> Node? {
        var failures: [(node: Node, error: TransformError)] = []
        var root = document.assessment.resolvingTransforms(from: settings.resources, failures: &failures, platform: platform)
        if let platform { root = root.readingTargets(as: platform) }
        for failure in failures {
            io.printError("\(path): error: \(failure.node.kind) \"\(failure.node.identifier)\": \(failure.error)")
        }
        return failures.isEmpty ? root : nil
    }

    /// Writes `text` to `path` (atomically; an existing file only with `force`) or to standard output.
    static func write(_ text: String, to path: String?, force: Bool, io: CommandIO) -> ExitStatus {
        guard let path else {
            io.writeOutput(text)
            return .ok
        }
        if let problem = OutputFile.problem(writing: path, force: force) {
            io.printError(problem)
            return .inputError
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: path, overwrite: force)
        } catch {
            io.printError("error: \(FlagHints.describe(error))")
            return .inputError
        }
        return .ok
    }
}
