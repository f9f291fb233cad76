import AssessmentModel
import AssessmentLint
import AssessmentRunner
import FoundationEssentials
import JSONCore

/// `assess run`: runs a survey headlessly from answer scripts, or interactively in a terminal.
struct RunCommand: TypedCommand {
    let name = "run"
    let summary = "Run a survey with scripted answers (or interactively) and report the route, buttons and results."
    let discussion = """
        Script: {"steps": [{"identifier": "q1", "answer": 2}, {"identifier": "q2", "action": "skip"}]}
        (actions: skip, goForward, goBackward, cancel) or the shorthand {"q1": 2, "q2": "blue"}.
        Scripts are checked against the survey before the run; every mistake is reported as FILE:LINE:COL.
        The report's "answers" are keyed by stepPath (sections/.../identifier): every question shown,
        null when it ended without an answer. Status lines ("as expected") go to standard error
        whenever standard output carries a report or coverage.
        Without --answers and with a terminal (or --interactive), the survey is played step by step:
        choice numbers as "1 3" or "1,3", your own answer as "other: TEXT" (alone or after numbers);
        return goes on (a required question needs an answer), b back, s skip, q cancel. Steps and
        prompts go to standard error; standard output carries only the report (--format).
        A folder of scripts is a regression suite: each script gets a line ("as expected", or
        "completed (no .expected.json)"); --write-expected writes SCRIPT.expected.json from the run.
        Where the two apps' engines differ, --platform ios (Swift) or android (Kotlin) runs as that
        phone does; without it: keywords match exactly (as iOS), time bounds keep their seconds (as
        Android), a transform's single-step resource takes the transform's identifier (as iOS).

        EXIT STATUS: 0 every run ended as scripted (and as expected), 1 a script or answer error,
                     an expectation mismatch, or a survey failing lint, 2 usage error,
                     3 unreadable input, or an output that exists (without --force) or cannot be written.
        """

    enum Report: String, CaseIterable {
        case json, text
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let fixedTime = try Timestamps.fixed(options.now, environment: io.environment)
        var environment = fixedTime.map { RunEnvironment.fixed(at: $0, seed: options.seed ?? 0) } ?? RunEnvironment.live(seed: options.seed)
        environment.platform = options.platform
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        let bytes: [UInt8]
        switch InputFile(name: options.survey, path: options.survey == "-" ? nil : options.survey).read(io) {
        case .success(let read): bytes = read
        case .failure(let error):
            io.printError(error.description)
            return .inputError
        }
        let survey: SurveyDocument, root: Node
        switch RunSurveyLoader.load(bytes, path: options.survey, settings: options.settings, allowLintErrors: options.allowLintErrors,
                                    platform: options.platform, io: io, printer: printer) {
        case .ready(let document, let resolved): (survey, root) = (document, resolved)
        case .exit(let status): return status
        }
        let expectedWriter = options.writeExpected ? ExpectedWriter(force: options.outputs.force) : nil
        if options.scripts.isEmpty {
            return try runInteractively(root, environment: environment, options: options, expectedWriter: expectedWriter, io: io)
        }
        return try runScripts(survey, root: root, environment: environment, options: options, expectedWriter: expectedWriter,
                              now: fixedTime ?? Date(), io: io)
    }

    /// Runs every answer script (a folder's are a regression suite), then reports and coverage.
    private func runScripts(_ survey: SurveyDocument, root: Node, environment: RunEnvironment, options: Options,
                            expectedWriter: ExpectedWriter?, now: Date, io: CommandIO) throws(UsageError) -> ExitStatus {
        let (files, missing) = InputFile.expand(options.scripts)
        missing.forEach { io.printError($0.description) }
        let scriptFiles = files.filter { !$0.name.hasSuffix(".expected.json") }
        let outputs = options.outputs
        if scriptFiles.count > 1, outputs.resultPath != nil || outputs.archivePath != nil {
            throw UsageError("--result and --archive need a single script")
        }
        if expectedWriter != nil, scriptFiles.contains(where: { $0.path == nil }) {
            throw UsageError("--write-expected writes beside script files; a script read from standard input has none")
        }
        let expectedProblem = expectedWriter.flatMap { writer in scriptFiles.compactMap(\.path).lazy.compactMap(writer.problem(for:)).first }
        if let problem = outputs.problemBeforeRun(record: false) ?? expectedProblem {
            io.printError(problem)
            return .inputError
        }
        let coverage = CoverageCollector.make(options.coverage, document: survey, root: root, file: options.survey, now: now)
        // One script prints its report (unless coverage is asked for); a suite prints every report only when --report asks.
        let printsReports = (scriptFiles.count == 1 && coverage == nil) || options.report != nil
        let runner = ScriptRunner(survey: root, environment: environment, expectPath: options.expect,
                                  statusToStandardError: printsReports || coverage != nil, printer: DiagnosticPrinter(useColor: io.usesColor),
                                  io: io, expectedWriter: expectedWriter)
        var status: ExitStatus = missing.isEmpty ? .ok : .inputError
        var outcomes: [ScriptOutcome] = []
        for file in scriptFiles {
            var outcome = runner.run(file)
            if let session = outcome.session {
                coverage?.add(session)
                outcome.status = outcome.status.worst(outputs.write(session, io: io))
            }
            status = status.worst(outcome.status)
            outcomes.append(outcome)
        }
        if printsReports { print(outcomes, as: options.report ?? .json, io: io) }
        if let coverage { status = status.worst(coverage.finish(io)) }
        return status
    }

    /// Plays the survey step by step on the terminal (or from a pipe with `--interactive`).
    private func runInteractively(_ survey: Node, environment: RunEnvironment, options: Options, expectedWriter: ExpectedWriter?,
                                  io: CommandIO) throws(UsageError) -> ExitStatus {
        guard io.inputIsTerminal || options.interactive else {
            throw UsageError("no --answers script, and standard input is not a terminal (use --interactive to answer from a pipe)")
        }
        if expectedWriter != nil, options.outputs.recordPath == nil {
            throw UsageError("--write-expected writes beside answer scripts: give --answers, or --record SCRIPT in an interactive run")
        }
        let outputs = options.outputs
        if let problem = outputs.problemBeforeRun(record: true) ?? outputs.recordPath.flatMap({ expectedWriter?.problem(for: $0) }) {
            io.printError(problem)
            return .inputError
        }
        let recorder = outputs.recordPath.map { ScriptRecorder(path: $0, overwrite: outputs.force) }
        let played = InteractiveRun(survey: survey, environment: environment, io: io).play(recorder: recorder)
        let failure: RunFailure? = played.inputEnded ? .inputEnded : played.session.failure.map(RunFailure.run)
        var status: ExitStatus = failure == nil ? .ok : .findings
        if let failure { io.printError("error: \(failure)") }
        if let recorder {
            switch recorder.save() {
            case .success(let count):
                io.printError(played.inputEnded ? "saved the \(count) answers and actions so far to \(recorder.path); replay them with --answers"
                                                : "saved the session to \(recorder.path)")
            case .failure(let error):
                io.printError("error: \(FlagHints.describe(error))")
                status = status.worst(.inputError)
            }
        }
        let report = RunReport(session: played.session, failure: failure)
        let runner = ScriptRunner(survey: survey, environment: environment, expectPath: options.expect,
                                  statusToStandardError: true, printer: DiagnosticPrinter(useColor: io.usesColor), io: io)
        if let expectedWriter, let recorder, !played.inputEnded, status == .ok {
            status = status.worst(expectedWriter.write(report, name: recorder.path, scriptPath: recorder.path, io: io, say: { io.printError($0) }))
        } else {
            status = status.worst(runner.checkExpectation(report, name: "interactive run", scriptPath: nil, quietWithout: true))
        }
        if let format = options.report {
            print([ScriptOutcome(name: "interactive run", status: status, json: report.json, text: report.text, session: played.session)],
                  as: format, io: io)
        }
        if failure == nil { status = status.worst(outputs.write(played.session, io: io)) }
        return status
    }

    private func print(_ outcomes: [ScriptOutcome], as format: Report, io: CommandIO) {
        switch (format, outcomes.count) {
        case (.json, 1): io.writeOutput(JSONWriter.pretty.string(outcomes[0].json))
        case (.text, 1): io.writeOutput(outcomes[0].text)
        case (.json, _):
            let reports: [JSONValue] = outcomes.map { outcome in
                .object(JSONObject([.init(key: "script", value: .string(outcome.name))] + (outcome.json.objectValue?.members ?? [])))
            }
            io.writeOutput(JSONWriter.pretty.string(.array(reports)))
        case (.text, _):
            io.writeOutput(outcomes.map { "== \($0.name)\n" + $0.text }.joined(separator: "\n"))
        }
    }
}
