import AssessVersion
import Foundation
import JSONCore
import AssessmentModel
import AssessmentLint
import AssessmentSchemas
import ResultArchive

/// `assess archive`: builds a result archive (zip with metadata.json) from a result and other files.
struct ArchiveCommand: Command {
    let spec = CommandSpec(
        name: "archive",
        summary: "Build a result archive: assessmentResult.json, other files and a metadata.json manifest.",
        synopsis: "--result RESULT.json [--survey SURVEY.json] [--file FILE[:CONTENT-TYPE]]... [--app-name N] [--app-version V] [--device-info D] [--device-type T] [--now ISO8601] [--force] -o OUT.zip",
        options: [
            .value("--result", aliases: ["-r"], valueName: "RESULT.json", help: "The assessment result (checked against AssessmentResult.json); stored as assessmentResult.json."),
            .value("--survey", valueName: "SURVEY.json", help: "Also check that the result is a result of this survey."),
            .value("--file", aliases: ["-f"], valueName: "FILE[:TYPE]", help: "Another file to include, with an optional content type (repeatable)."),
            SharedOptions.output("Where to write the archive.", valueName: "OUT.zip"),
            .value("--app-name", valueName: "NAME", help: "metadata.json appName (default: assess)."),
            .value("--app-version", valueName: "VERSION", help: "metadata.json appVersion."),
            .value("--device-info", valueName: "TEXT", help: "metadata.json deviceInfo."),
            .value("--device-type", valueName: "ID", help: "metadata.json deviceTypeIdentifier."),
            .value("--now", valueName: "ISO8601", help: "Timestamp for every entry; else SOURCE_DATE_EPOCH, else the current time."),
            .flag("--force", help: "Replace OUT.zip if it exists."),
        ],
        discussion: """
            The archive is written to a temporary file beside OUT.zip, flushed, then renamed into place:
            an interrupted run never leaves a partial archive. The same inputs and --now (or
            SOURCE_DATE_EPOCH) give a byte-identical zip.

            EXIT STATUS: 0 written, 1 the result is not an assessment result (of --survey),
                         2 usage error, 3 unreadable input or invalid JSON,
                         or OUT.zip exists (without --force) or cannot be written.
            """)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard let resultPath = arguments.value("--result") else { throw UsageError("missing --result RESULT.json") }
        guard let output = arguments.value("--output") else { throw UsageError("missing -o OUT.zip") }
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
        let timestamp = try Timestamps.fixed(arguments.value("--now"), environment: io.environment) ?? Date()
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        if let problem = OutputFile.problem(writing: output, force: arguments.flag("--force")) {
            io.printError(problem)
            return .inputError
        }
        var survey: JSONValue?
        if let surveyPath = arguments.value("--survey") {
            guard let read = JSONInput.read(surveyPath, io: io, printer: printer) else { return .inputError }
            survey = read.document.value
        }
        guard let read = JSONInput.read(resultPath, io: io, printer: printer) else { return .inputError }
        let result = read.document
        let problems = ResultCheck(survey: survey).problems(result.value)
        guard problems.isEmpty else {
            for problem in problems {
                io.printError(printer.line(file: resultPath, position: result.sourceMap?.position(of: problem.pointer), severity: .error, message: problem.description))
            }
            return .findings
        }
        var inputs = [ArchiveInput(filename: ResultCheck.filename, bytes: read.bytes, contentType: "application/json",
                                   jsonSchema: SageSchemas.assessmentResultObjectURI, identifier: result.value["identifier"]?.stringValue)]
        for option in arguments.all("--file") {
            let (path, contentType) = Self.splitContentType(option)
            switch InputFile(name: path, path: path).read(io) {
            case .failure(let error):
                io.printError(error.description)
                return .inputError
            case .success(let bytes):
                inputs.append(ArchiveInput(filename: URL(fileURLWithPath: path).lastPathComponent, bytes: bytes, contentType: contentType))
            }
        }
        let source = ArchiveSource(
            appName: arguments.value("--app-name") ?? "assess",
            appVersion: arguments.value("--app-version") ?? AssessVersion.current,
            deviceInfo: arguments.value("--device-info") ?? "assess command-line tool",
            deviceTypeIdentifier: arguments.value("--device-type") ?? "cli")
        do {
            try ArchiveBuilder(source: source, timestamp: timestamp).write(inputs, to: output, overwrite: arguments.flag("--force"))
        } catch {
            io.printError("error: \(error)")
            return .inputError
        }
        io.print("wrote \(output) (\(inputs.count + 1) files)")
        return .ok
    }

    /// `path:type/subtype` → (path, type); a colon without a slash after it belongs to the path.
    static func splitContentType(_ option: String) -> (String, String?) {
        guard let colon = option.lastIndex(of: ":"), option[colon...].contains("/") else { return (option, nil) }
        return (String(option[..<colon]), String(option[option.index(after: colon)...]))
    }
}

/// Fixed timestamps from `--now` or `SOURCE_DATE_EPOCH`, for reproducible output.
enum Timestamps {
    /// The fixed time, `nil` when neither is given.
    static func fixed(_ now: String?, environment: [String: String]) throws(UsageError) -> Date? {
        if let now {
            guard let date = Timestamp.date(now) else {
                throw UsageError("invalid --now '\(now)'; expected ISO 8601 such as 2026-01-02T03:04:05.000+00:00")
            }
            return date
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int(epoch) else { throw UsageError("SOURCE_DATE_EPOCH must be whole seconds, found '\(epoch)'") }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return nil
    }
}
