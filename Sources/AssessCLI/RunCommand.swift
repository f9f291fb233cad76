import AssessmentModel
import AssessmentRunner
import Foundation
import JSONCore
import ResultArchive
import ZipArchive

/// `assess run`: runs a survey headlessly from answer scripts, or interactively in a terminal.
struct RunCommand: Command {
    let spec = CommandSpec(
        name: "run",
        summary: "Run a survey with scripted answers (or interactively) and report the route, buttons and results.",
        synopsis: "SURVEY [--answers SCRIPT|DIR]... [--report json|text] [--result FILE] [--archive FILE.zip] [--expect EXPECTED.json] [--now ISO8601] [--seed N] [--record SCRIPT] [--interactive] [--force]",
        options: [
            .value("--answers", "-a", valueName: "SCRIPT", help: "An answer script, or a folder of them (repeatable); SCRIPT.expected.json beside a script is checked."),
            .value("--report", valueName: "FORMAT", help: "json (default) or text (a readable transcript); with several scripts, printed only when given."),
            .value("--result", valueName: "FILE", help: "Write the assessment result JSON (single script or interactive run)."),
            .value("--archive", valueName: "FILE.zip", help: "Write a result archive (assessmentResult.json + metadata.json)."),
            .value("--expect", valueName: "EXPECTED.json", help: "Compare status/path/answers with this file; differences exit 1."),
            .value("--now", valueName: "ISO8601", help: "Every timestamp of the run is this instant (else SOURCE_DATE_EPOCH, else the clock)."),
            .value("--seed", valueName: "N", help: "Fix taskRunUUID (derived from N)."),
            .value("--record", valueName: "SCRIPT", help: "Interactive mode: save the session as a script that replays it."),
            .flag("--interactive", "-i", help: "Ask for answers on standard input even when it is not a terminal."),
            .flag("--force", help: "Run a survey that fails lint at error level; replace an existing --archive."),
            .value("--allow-type", valueName: "NAME", help: "An app's own node type, run as a non-question step (repeatable; also assess.json)."),
            .value("--resources", valueName: "DIR", help: "Where transform nodes find their resource files (default: the survey's folder)."),
        ] + CoverageCollector.options,
        discussion: """
            Script: {"steps": [{"identifier": "q1", "answer": 2}, {"identifier": "q2", "action": "skip"}]}
            (actions: skip, goForward, goBackward, cancel) or the shorthand {"q1": 2, "q2": "blue"}.
            Without --answers and with a terminal (or --interactive), the survey is played step by step.

            EXIT STATUS: 0 every run ended as scripted (and as expected), 1 a script or answer error,
                         an expectation mismatch, or a survey failing lint, 2 usage error, 3 unreadable input.
            """)

    enum Report: String, CaseIterable {
        case json, text
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let surveyPath = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "no survey given" : "give one survey (scripts go after --answers)")
        }
        let report = try arguments.choice("--report", default: Report.json)
        let fixedTime = try Timestamps.fixed(arguments.value("--now"), environment: io.environment)
        var seed: UInt64?
        if let text = arguments.value("--seed") {
            guard let value = UInt64(text) else { throw UsageError("--seed must be a non-negative integer, found '\(text)'") }
            seed = value
        }
        let environment = fixedTime.map { RunEnvironment.fixed(at: $0, seed: seed ?? 0) } ?? RunEnvironment.live(seed: seed)
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard case .success(let bytes) = InputFile(name: surveyPath, path: surveyPath == "-" ? nil : surveyPath).read(io) else {
            io.printError("\(surveyPath): error: cannot read the survey")
            return .inputError
        }
        let survey: SurveyDocument, root: Node
        switch RunSurveyLoader.load(bytes, path: surveyPath, arguments: arguments, io: io, printer: printer) {
        case .ready(let document, let resolved): (survey, root) = (document, resolved)
        case .exit(let status): return status
        }
        let scripts = arguments.all("--answers")
        if scripts.isEmpty {
            guard io.inputIsTerminal || arguments.flag("--interactive") else {
                throw UsageError("no --answers script, and standard input is not a terminal (use --interactive to answer from a pipe)")
            }
            return InteractiveRun(survey: root, environment: environment, io: io)
                .play(recordTo: arguments.value("--record"), outputs: outputs(arguments, io: io))
        }
        let (files, missing) = InputFile.expand(scripts)
        missing.forEach { io.printError($0.description) }
        let scriptFiles = files.filter { !$0.name.hasSuffix(".expected.json") }
        if scriptFiles.count > 1, arguments.value("--result") != nil || arguments.value("--archive") != nil {
            throw UsageError("--result and --archive need a single script")
        }
        var status: ExitStatus = missing.isEmpty ? .ok : .inputError
        var outcomes: [ScriptOutcome] = []
        let coverage = try CoverageCollector.make(arguments, document: survey, file: surveyPath, now: fixedTime ?? Date())
        for file in scriptFiles {
            let outcome = runScript(file, survey: root, environment: environment, suite: scriptFiles.count > 1,
                                    arguments: arguments, io: io, coverage: coverage)
            status = status.worst(outcome.status)
            outcomes.append(outcome)
        }
        // One script prints its report (unless coverage is asked for); a suite prints one line per script,
        // and every report only when --report asks.
        if (outcomes.count == 1 && coverage == nil) || arguments.value("--report") != nil {
            print(outcomes, as: report, io: io)
        }
        if let coverage { status = status.worst(coverage.finish(io)) }
        return status
    }

    /// What one script did, for the command's output.
    private struct ScriptOutcome {
        let name: String
        let status: ExitStatus
        let json: JSONValue
        let text: String
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

    private func runScript(_ file: InputFile, survey: Node, environment: RunEnvironment, suite: Bool,
                           arguments: ParsedArguments, io: CommandIO, coverage: CoverageCollector?) -> ScriptOutcome {
        func failed(_ message: String, _ status: ExitStatus) -> ScriptOutcome {
            io.printError("\(file.name): error: \(message)")
            return ScriptOutcome(name: file.name, status: status, json: RunReport.failedJSON(message), text: "error: \(message)\n")
        }
        guard case .success(let bytes) = file.read(io), let document = try? JSONDocument(bytes: bytes) else {
            return failed("cannot read the script as JSON", .inputError)
        }
        let script: AnswerScript
        switch AnswerScript.parse(document.value) {
        case .success(let parsed): script = parsed
        case .failure(let error): return failed(error.description, .findings)
        }
        let run = ScriptedRun(survey: survey, script: script, environment: environment)
        coverage?.add(run.session)
        let report = RunReport(run)
        var status: ExitStatus = run.failure == nil ? .ok : .findings
        if let failure = run.failure { io.printError("\(file.name): error: \(failure)") }
        var expectedPath = arguments.value("--expect")
        if expectedPath == nil, let path = file.path, path.hasSuffix(".json") {
            let sibling = String(path.dropLast(5)) + ".expected.json"
            if FileManager.default.fileExists(atPath: sibling) { expectedPath = sibling }
        }
        if let expectedPath {
            if let data = FileManager.default.contents(atPath: expectedPath), let expected = try? JSONDocument(bytes: Array(data)) {
                let differences = report.differences(from: expected.value)
                if differences.isEmpty {
                    if suite { io.print("\(file.name): as expected") }
                } else {
                    status = status.worst(.findings)
                    io.printError("\(file.name): differs from \(expectedPath):")
                    differences.forEach { io.printError("  " + $0) }
                }
            } else {
                io.printError("\(expectedPath): error: cannot read the expected outcome as JSON")
                status = status.worst(.inputError)
            }
        }
        status = status.worst(outputs(arguments, io: io)(run.session))
        return ScriptOutcome(name: file.name, status: status, json: report.json, text: report.text)
    }

    /// Writes `--result` and `--archive` for a finished session.
    private func outputs(_ arguments: ParsedArguments, io: CommandIO) -> (RunSession) -> ExitStatus {
        let resultPath = arguments.value("--result"), archivePath = arguments.value("--archive"), force = arguments.flag("--force")
        return { session in
            let result = JSONWriter.pretty.bytes(session.result)
            if let resultPath {
                do {
                    try AtomicFile.write(result, to: resultPath, overwrite: true)
                } catch {
                    io.printError("\(resultPath): error: \(error)")
                    return .inputError
                }
            }
            if let archivePath {
                let builder = ArchiveBuilder(timestamp: Timestamp.date(session.result["endDate"]?.stringValue ?? "") ?? Date())
                do {
                    try builder.write([ArchiveInput(filename: "assessmentResult.json", bytes: result, contentType: "application/json",
                                                    identifier: session.navigator.assessment.identifier)],
                                      to: archivePath, overwrite: force)
                } catch {
                    io.printError("\(archivePath): error: \(error)")
                    return .inputError
                }
            }
            return .ok
        }
    }
}
