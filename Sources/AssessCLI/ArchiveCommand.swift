import AssessVersion
import FoundationEssentials
import JSONCore
import AssessmentModel
import AssessmentLint
import AssessmentSchemas
import ResultArchive

/// `assess archive`: builds a result archive (zip with metadata.json) from a result and other files.
struct ArchiveCommand: TypedCommand {
    let name = "archive"
    let summary = "Build a result archive: assessmentResult.json, other files and a metadata.json manifest."
    let discussion = """
        The archive is written to a temporary file beside OUT.zip, flushed, then renamed into place:
        an interrupted run never leaves a partial archive. The same inputs and --now (or
        SOURCE_DATE_EPOCH) give a byte-identical zip.

        EXIT STATUS: 0 written, 1 the result is not an assessment result (of --survey),
                     2 usage error, 3 unreadable input or invalid JSON,
                     or OUT.zip exists (without --force) or cannot be written.
        """

    /// `assess archive`'s options.
    struct Options: ParsableOptions {
        static let result = Option.required("--result", aliases: ["-r"], valueName: "RESULT.json",
                                            help: "The assessment result (checked against AssessmentResult.json); stored as assessmentResult.json.")
        static let survey = Option.value("--survey", valueName: "SURVEY.json", help: "Also check that the result is a result of this survey.")
        static let file = Option.repeated("--file", aliases: ["-f"], valueName: "FILE[:TYPE]", help: "Another file to include, with an optional content type (repeatable).")
        static let output = Option.required("--output", "-o", valueName: "OUT.zip", help: "Where to write the archive.", missing: "missing -o OUT.zip")
        static let appName = Option.value("--app-name", valueName: "NAME", help: "metadata.json appName (default: assess).")
        static let appVersion = Option.value("--app-version", valueName: "VERSION", help: "metadata.json appVersion.")
        static let deviceInfo = Option.value("--device-info", valueName: "TEXT", help: "metadata.json deviceInfo.")
        static let deviceType = Option.value("--device-type", valueName: "ID", help: "metadata.json deviceTypeIdentifier.")
        static let now = SharedOptions.now.help("Timestamp for every entry; else SOURCE_DATE_EPOCH, else the current time.")
        static let force = SharedOptions.force.help("Replace OUT.zip if it exists.")
        static let options = [result.spec, survey.spec, file.spec, output.spec, appName.spec, appVersion.spec, deviceInfo.spec,
                              deviceType.spec, now.spec, force.spec]
        static let operands = Operands.none

        let result: String, output: String, survey: String?, files: [String], now: String?, force: Bool
        let source: ArchiveSource

        init(_ values: OptionValues) throws(UsageError) {
            (result, output) = (try values(Self.result), try values(Self.output))
            guard values.operands.isEmpty else { throw UsageError("unexpected argument '\(values.operands[0])'") }
            (survey, files, now, force) = (try values(Self.survey), try values(Self.file), try values(Self.now), try values(Self.force))
            source = ArchiveSource(
                appName: try values(Self.appName) ?? "assess", appVersion: try values(Self.appVersion) ?? AssessVersion.current,
                deviceInfo: try values(Self.deviceInfo) ?? "assess command-line tool", deviceTypeIdentifier: try values(Self.deviceType) ?? "cli")
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let timestamp = try Timestamps.fixed(options.now, environment: io.environment) ?? Date()
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        if let problem = OutputFile.problem(writing: options.output, force: options.force) {
            io.printError(problem)
            return .inputError
        }
        var survey: JSONValue?
        if let surveyPath = options.survey {
            guard let read = JSONInput.read(surveyPath, io: io, printer: printer) else { return .inputError }
            survey = read.document.value
        }
        let inputs: [ArchiveInput]
        switch Self.inputs(options, survey: survey, printer: printer, io: io) {
        case .success(let read): inputs = read
        case .failure(let failure): return failure.status
        }
        do {
            try ArchiveBuilder(source: options.source, timestamp: timestamp).write(inputs, to: options.output, overwrite: options.force)
        } catch {
            io.printError("error: \(error)")
            return .inputError
        }
        io.print("wrote \(options.output) (\(inputs.count + 1) files)")
        return .ok
    }

    /// Why the archive's inputs cannot be gathered (already printed).
    struct InputsFailure: Error {
        let status: ExitStatus
    }

    /// The checked result and the `--file`s, or the status after printing why not.
    private static func inputs(_ options: Options, survey: JSONValue?, printer: DiagnosticPrinter, io: CommandIO) -> Result<[ArchiveInput], InputsFailure> {
        guard let read = JSONInput.read(options.result, io: io, printer: printer) else { return .failure(InputsFailure(status: .inputError)) }
        let result = read.document
        let problems = ResultCheck(survey: survey).problems(result.value)
        guard problems.isEmpty else {
            for problem in problems {
                io.printError(printer.line(file: options.result, position: result.sourceMap?.position(of: problem.pointer), severity: .error, message: problem.description))
            }
            return .failure(InputsFailure(status: .findings))
        }
        var inputs = [ArchiveInput(filename: ResultCheck.filename, bytes: read.bytes, contentType: "application/json",
                                   jsonSchema: SageSchemas.assessmentResultObjectURI, identifier: result.value["identifier"]?.stringValue)]
        for option in options.files {
            let (path, contentType) = splitContentType(option)
            switch InputFile(name: path, path: path).read(io) {
            case .failure(let error):
                io.printError(error.description)
                return .failure(InputsFailure(status: .inputError))
            case .success(let bytes):
                inputs.append(ArchiveInput(filename: URL(fileURLWithPath: path).lastPathComponent, bytes: bytes, contentType: contentType))
            }
        }
        return .success(inputs)
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
