import AssessmentModel
import FileIO
import AssessmentLint
import AssessmentRunner
import FoundationEssentials
import JSONCore

/// What one script did, for the command's output.
struct ScriptOutcome {
    let name: String
    var status: ExitStatus
    let json: JSONValue
    let text: String
    /// The session, when the script could be run at all.
    let session: RunSession?
}

/// Runs answer scripts over one survey: checks each script first, then runs it and compares the
/// outcome with its expectation.
struct ScriptRunner {
    let survey: Node
    let environment: RunEnvironment
    /// `--expect`, which overrides the `NAME.expected.json` beside each script.
    let expectPath: String?
    /// Whether "as expected" lines go to standard error (standard output carries reports).
    let statusToStandardError: Bool
    let printer: DiagnosticPrinter
    let io: CommandIO
    /// `--write-expected`: each run's outcome is written beside its script instead of compared.
    var expectedWriter: ExpectedWriter? = nil

    func run(_ file: InputFile) -> ScriptOutcome {
        func failed(_ lines: [String], _ message: String, _ status: ExitStatus) -> ScriptOutcome {
            lines.forEach(io.printError)
            return ScriptOutcome(name: file.name, status: status, json: RunReport.failedJSON(message), text: RunReport.failedLine(message) + "\n", session: nil)
        }
        let document: JSONDocument
        switch file.read(io) {
        case .failure(let error): return failed([error.description], "cannot read \(file.name): \(error.reason)", .inputError)
        case .success(let bytes):
            do {
                document = try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
            } catch {
                return failed([printer.line(file: file.name, position: error.position, severity: .error, message: error.message)],
                              "\(file.name):\(error.position): \(error.message)", .inputError)
            }
        }
        let script: AnswerScript
        switch AnswerScript.parse(document.value, survey: survey) {
        case .success(let parsed): script = parsed
        case .failure(let problems):
            let errors = problems.errors
            let lines = errors.map { printer.line(file: file.name, position: position(of: $0.pointer, onKey: $0.onKey, in: document), severity: .error, message: $0.description) }
            let summary = errors.count == 1 ? errors[0].description : "\(errors[0]) (and \(errors.count - 1) more)"
            return failed(lines, summary, .findings)
        }
        let run = ScriptedRun(survey: survey, script: script, environment: environment)
        let report = RunReport(run)
        var status: ExitStatus = run.failure == nil ? .ok : .findings
        if let failure = run.failure {
            io.printError(printer.line(file: file.name, position: run.failingEntry.flatMap { position(of: $0, onKey: false, in: document) },
                                       severity: .error, message: failure.description))
        }
        if let expectedWriter, let path = file.path {
            status = status.worst(expectedWriter.write(report, name: file.name, scriptPath: path, io: io, say: say))
        } else {
            status = status.worst(checkExpectation(report, name: file.name, scriptPath: file.path))
        }
        return ScriptOutcome(name: file.name, status: status, json: report.json, text: report.text, session: run.session)
    }

    /// Compares a report with `--expect`, or with `NAME.expected.json` beside the script; a script
    /// without either still gets its line (`NAME: completed (no .expected.json)`) unless `quietWithout`
    /// or the run failed (its error is its line).
    func checkExpectation(_ report: RunReport, name: String, scriptPath: String?, quietWithout: Bool = false) -> ExitStatus {
        var expectedPath = expectPath
        if expectedPath == nil, let sibling = scriptPath.flatMap(Self.expectedPath(for:)), FileManager.default.fileExists(atPath: sibling) {
            expectedPath = sibling
        }
        guard let expectedPath else {
            if !quietWithout, report.failure == nil { say("\(name): \(report.json["status"]?.stringValue ?? "ended") (no .expected.json)") }
            return .ok
        }
        let expected: JSONDocument
        switch InputFile(name: expectedPath, path: expectedPath).read(io) {
        case .failure(let error):
            io.printError(error.description)
            return .inputError
        case .success(let bytes):
            do {
                expected = try JSONDocument(bytes: bytes)
            } catch {
                io.printError(printer.line(file: expectedPath, position: error.position, severity: .error, message: error.message))
                return .inputError
            }
        }
        let differences = report.differences(from: expected.value)
        guard differences.isEmpty else {
            io.printError("\(name): differs from \(expectedPath):")
            differences.forEach { io.printError("  " + $0) }
            return .findings
        }
        say("\(name): as expected")
        return .ok
    }

    /// A script's status line: on standard error when standard output carries reports.
    func say(_ line: String) {
        if statusToStandardError { io.printError(line) } else { io.print(line) }
    }

    /// `NAME.expected.json` beside `NAME.json`; `nil` for a script whose name does not end in `.json`.
    static func expectedPath(for scriptPath: String) -> String? {
        scriptPath.hasSuffix(".json") ? String(scriptPath.dropLast(5)) + ".expected.json" : nil
    }

    /// Where a script value (or its member name) starts.
    private func position(of pointer: JSONPointer, onKey: Bool, in document: JSONDocument) -> SourcePosition? {
        guard let map = document.sourceMap else { return nil }
        if onKey, let key = map.keyRange(of: pointer) { return key.start }
        return map.position(of: pointer)
    }
}

/// `--write-expected`: writes a run's outcome (`status`, `path`, `answers`) as `NAME.expected.json`
/// beside its script, so the next run of the script is a regression check.
struct ExpectedWriter {
    /// Whether an existing expected file may be replaced.
    let force: Bool

    /// Why the expected file of `scriptPath` cannot be written, found before any run starts.
    func problem(for scriptPath: String) -> String? {
        guard let path = ScriptRunner.expectedPath(for: scriptPath) else {
            return "error: cannot write an expected file for \(scriptPath): its name does not end in .json"
        }
        return OutputFile.problem(writing: path, force: force)
    }

    /// Writes the expected file of a run that did not fail, and says so with `say` (errors go to standard error).
    func write(_ report: RunReport, name: String, scriptPath: String, io: CommandIO, say: (String) -> Void) -> ExitStatus {
        guard let path = ScriptRunner.expectedPath(for: scriptPath) else { return .inputError }
        guard report.failure == nil else {
            say("\(name): failed, so no \(URL(fileURLWithPath: path).lastPathComponent) was written")
            return .findings
        }
        do {
            try AtomicFile.write(Array((JSONWriter.pretty.string(report.expectation) + "\n").utf8), to: path, overwrite: force)
        } catch {
            io.printError("error: \(FlagHints.describe(error))")
            return .inputError
        }
        say("\(name): wrote \(path)")
        return .ok
    }
}
