import AssessmentModel
import AssessmentLint
import AssessmentRunner
import Foundation
import JSONCore

/// `assess run`: runs a survey headlessly from answer scripts, or interactively in a terminal.
struct RunCommand: Command {
    let spec = CommandSpec(
        name: "run",
        summary: "Run a survey with scripted answers (or interactively) and report the route, buttons and results.",
        synopsis: "SURVEY [--answers SCRIPT|DIR]... [--format json|text] [--result FILE] [--archive FILE.zip] [--expect EXPECTED.json] [--now ISO8601] [--seed N] [--record SCRIPT] [--interactive] [--write-expected] [--force] [--allow-lint-errors] [--platform ios|android]",
        options: [
            .value("--answers", "-a", valueName: "SCRIPT", help: "An answer script, or a folder of them (repeatable); SCRIPT.expected.json beside a script is checked."),
            SharedOptions.format("json (default) or text (a readable transcript); with several scripts or interactively, printed only when given.", aliases: ["--report"]),
            .value("--result", valueName: "FILE", help: "Write the assessment result JSON (single script or interactive run)."),
            .value("--archive", valueName: "FILE.zip", help: "Write a result archive (assessmentResult.json + metadata.json)."),
            .value("--expect", valueName: "EXPECTED.json", help: "Compare status/path/answers with this file; differences exit 1."),
            .value("--now", valueName: "ISO8601", help: "Every timestamp of the run is this instant (else SOURCE_DATE_EPOCH, else the clock)."),
            .value("--seed", valueName: "N", help: "Fix taskRunUUID (derived from N)."),
            .value("--record", valueName: "SCRIPT", help: "Interactive mode: save the session as a script that replays it (also on Ctrl-D or Ctrl-C)."),
            .flag("--interactive", "-i", help: "Ask for answers on standard input even when it is not a terminal."),
            .flag("--write-expected", help: "Write each script's outcome as SCRIPT.expected.json beside it (or beside --record's script), to compare with next time."),
            .flag("--force", help: "Replace existing output files (--result, --archive, --record, --write-expected)."),
            .flag("--allow-lint-errors", help: "Run a survey even though it fails lint at error level."),
            .value("--allow-type", valueName: "NAME", help: "An app's own node type, run as a non-question step (repeatable; also assess.json)."),
            .value("--resources", valueName: "DIR", help: "Where transform nodes find their resource files (default: the survey's folder)."),
            .value("--platform", valueName: "ios|android", help: "Run as that phone's engine where iOS (Swift) and Android (Kotlin) differ: keyword capitals, time-bound seconds, transform identifiers."),
        ] + CoverageCollector.options,
        discussion: """
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
            """)

    enum Report: String, CaseIterable {
        case json, text
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let surveyPath = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "no survey given" : "give one survey (scripts go after --answers)")
        }
        let report = try arguments.choice("--format", default: Report.json)
        let fixedTime = try Timestamps.fixed(arguments.value("--now"), environment: io.environment)
        var seed: UInt64?
        if let text = arguments.value("--seed") {
            guard let value = UInt64(text) else { throw UsageError("--seed must be a non-negative integer, found '\(text)'") }
            seed = value
        }
        let scripts = arguments.all("--answers")
        if !scripts.isEmpty, arguments.value("--record") != nil {
            throw UsageError("--record saves an interactive session; it cannot be used with --answers")
        }
        let expectedWriter = arguments.flag("--write-expected") ? ExpectedWriter(force: arguments.flag("--force")) : nil
        if expectedWriter != nil, arguments.value("--expect") != nil {
            throw UsageError("--write-expected writes the expected outcome; it cannot be used with --expect")
        }
        var platform: EnginePlatform?
        if let text = arguments.value("--platform") {
            guard let value = EnginePlatform(rawValue: text) else { throw UsageError("--platform must be ios or android, found '\(text)'") }
            platform = value
        }
        var environment = fixedTime.map { RunEnvironment.fixed(at: $0, seed: seed ?? 0) } ?? RunEnvironment.live(seed: seed)
        environment.platform = platform
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        let bytes: [UInt8]
        switch InputFile(name: surveyPath, path: surveyPath == "-" ? nil : surveyPath).read(io) {
        case .success(let read): bytes = read
        case .failure(let error):
            io.printError(error.description)
            return .inputError
        }
        let survey: SurveyDocument, root: Node
        switch RunSurveyLoader.load(bytes, path: surveyPath, arguments: arguments, platform: platform, io: io, printer: printer) {
        case .ready(let document, let resolved): (survey, root) = (document, resolved)
        case .exit(let status): return status
        }
        let outputs = RunOutputs(arguments)
        if scripts.isEmpty {
            guard io.inputIsTerminal || arguments.flag("--interactive") else {
                throw UsageError("no --answers script, and standard input is not a terminal (use --interactive to answer from a pipe)")
            }
            if expectedWriter != nil, arguments.value("--record") == nil {
                throw UsageError("--write-expected writes beside answer scripts: give --answers, or --record SCRIPT in an interactive run")
            }
            if let problem = outputs.problemBeforeRun(record: true) ?? arguments.value("--record").flatMap({ expectedWriter?.problem(for: $0) }) {
                io.printError(problem)
                return .inputError
            }
            return runInteractively(root, environment: environment, report: report, arguments: arguments, outputs: outputs,
                                    expectedWriter: expectedWriter, io: io)
        }
        let (files, missing) = InputFile.expand(scripts)
        missing.forEach { io.printError($0.description) }
        let scriptFiles = files.filter { !$0.name.hasSuffix(".expected.json") }
        if scriptFiles.count > 1, arguments.value("--result") != nil || arguments.value("--archive") != nil {
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
        let coverage = try CoverageCollector.make(arguments, document: survey, root: root, file: surveyPath, now: fixedTime ?? Date())
        // One script prints its report (unless coverage is asked for); a suite prints every report only when --report asks.
        let printsReports = (scriptFiles.count == 1 && coverage == nil) || arguments.value("--format") != nil
        let runner = ScriptRunner(survey: root, environment: environment, expectPath: arguments.value("--expect"),
                                  statusToStandardError: printsReports || coverage != nil, printer: printer, io: io, expectedWriter: expectedWriter)
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
        if printsReports { print(outcomes, as: report, io: io) }
        if let coverage { status = status.worst(coverage.finish(io)) }
        return status
    }

    private func runInteractively(_ survey: Node, environment: RunEnvironment, report format: Report, arguments: ParsedArguments,
                                  outputs: RunOutputs, expectedWriter: ExpectedWriter?, io: CommandIO) -> ExitStatus {
        let recorder = arguments.value("--record").map { ScriptRecorder(path: $0, overwrite: arguments.flag("--force")) }
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
                io.printError("error: \(error)")
                status = status.worst(.inputError)
            }
        }
        let report = RunReport(session: played.session, failure: failure)
        let runner = ScriptRunner(survey: survey, environment: environment, expectPath: arguments.value("--expect"),
                                  statusToStandardError: true, printer: DiagnosticPrinter(useColor: io.usesColor), io: io)
        if let expectedWriter, let recorder, !played.inputEnded, status == .ok {
            status = status.worst(expectedWriter.write(report, name: recorder.path, scriptPath: recorder.path, io: io, say: { io.printError($0) }))
        } else {
            status = status.worst(runner.checkExpectation(report, name: "interactive run", scriptPath: nil, quietWithout: true))
        }
        if arguments.value("--format") != nil {
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
