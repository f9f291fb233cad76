import AssessmentModel
import AssessmentLint
import AssessmentRunner
import Dispatch
import FoundationEssentials
import Glibc
import HTTPServer
import JSONCore
import Platform
import SurveyPreview

/// `assess preview`: the survey in a local web page, step by step as a participant sees it, every
/// decision made by the runner.
struct PreviewCommand: TypedCommand {
    let name = "preview"
    let summary = "Preview a survey in the browser as a participant sees it; save the run as an answer script."
    let discussion = """
        Serves http://127.0.0.1:PORT/ (only on this machine) until Ctrl-C; the address is printed on
        standard output. The page shows the current step with the buttons the apps show, the route so
        far, the flow graph with the current step outlined, and the lint findings. Answers are checked
        by the runner; a refused answer shows its message. Saving the survey file reloads the page,
        replaying the answers that still apply; a survey that no longer reads shows why.
        When the run is over, "Save as script" gives the answer script and its .expected.json (replay
        with `assess run SURVEY --answers SCRIPT`), "Download result" the result file and archive.

        EXIT STATUS: 130 stopped with Ctrl-C, 2 usage error, 3 unreadable survey or script, or the port
                     cannot be bound.
        """

    /// `assess preview`'s options.
    struct Options: ParsableOptions {
        static let port = Option.parsed("--port", valueName: "N", help: "The port on 127.0.0.1 to serve on (default 8765; 0 picks a free one).",
                                        parse: { UInt16($0) }, invalid: { "--port must be 0...65535, found '\($0)'" }).map { $0 ?? 8765 }
        static let open = Option.flag("--open", help: "Open the page in the desktop's browser (xdg-open).")
        static let answers = Option.value("--answers", "-a", valueName: "SCRIPT", help: "Start from a script's answers: the run replays them as far as they apply.")
        static let resources = SharedOptions.resources.help("Where transform nodes and images find their files (default: the survey's folder).")
        static let options = [port.spec, open.spec, SharedOptions.platform.spec, answers.spec, SharedOptions.allowType.spec, resources.spec]
        static let operands = Operands.leading("SURVEY")

        let survey: String, port: UInt16, open: Bool, platform: EnginePlatform?, answers: String?
        let settings: SurveySettingsOptions

        init(_ values: OptionValues) throws(UsageError) {
            survey = try values.single(missing: "no survey given", extra: "give one survey file (standard input cannot be watched)")
            guard survey != "-" else { throw UsageError("give one survey file (standard input cannot be watched)") }
            (port, platform) = (try values(Self.port), try values(SharedOptions.platform))
            (open, answers) = (try values(Self.open), try values(Self.answers))
            settings = SurveySettingsOptions(allowedTypes: try values(SharedOptions.allowType), resources: try values(Self.resources))
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let path = options.survey
        guard FileManager.default.isReadableFile(atPath: path) else {
            io.printError("\(path): error: cannot read the file")
            return .inputError
        }
        guard let surveySettings = SurveySettings.load(for: path, options: options.settings, io: io) else { return .inputError }
        var script: AnswerScript?
        if let scriptPath = options.answers {
            switch readScript(scriptPath, io: io) {
            case .script(let parsed): script = parsed
            case .exit(let status): return status
            }
        }
        let platform = options.platform
        let settings = PreviewSettings(path: path, allowedTypes: surveySettings.allowedTypes, resourceFolder: surveySettings.resources.location,
                                       platform: platform, environment: {
                                           var environment = RunEnvironment.live()
                                           environment.platform = platform
                                           return environment
                                       })
        let server: PreviewServer
        do {
            server = try PreviewServer(settings: settings, port: options.port, script: script)
        } catch {
            io.printError("error: \(error)")
            return .inputError
        }
        return serve(server, path: path, open: options.open, io: io)
    }

    /// Serves until Ctrl-C (or until the server stops accepting connections).
    private func serve(_ server: PreviewServer, path: String, open: Bool, io: CommandIO) -> ExitStatus {
        let url = "http://127.0.0.1:\(server.port)/"
        io.print(url)
        io.printError("Previewing \(path) at \(url) (Ctrl-C to stop)")
        if open { self.open(url, io: io) }
        guard let onInterrupt = io.onInterrupt else {
            server.run()
            return .ok
        }
        let exiting = DispatchSemaphore(value: 0)
        onInterrupt { server.stop() }
        server.run()
        // Stopped by Ctrl-C: the interrupt watcher exits with 130 once the server is down; wait for it.
        if server.isStopped { exiting.wait() }
        io.printError("error: the server stopped accepting connections")
        return .inputError
    }

    private func readScript(_ path: String, io: CommandIO) -> ScriptRead {
        switch InputFile(name: path, path: path).read(io) {
        case .failure(let error):
            io.printError(error.description)
            return .exit(.inputError)
        case .success(let bytes):
            let value: JSONValue
            do {
                value = try JSONDocument(bytes: bytes).value
            } catch {
                io.printError("\(path):\(error.position): error: \(error.message)")
                return .exit(.inputError)
            }
            switch AnswerScript.parse(value) {
            case .success(let script): return .script(script)
            case .failure(let problems):
                problems.errors.forEach { io.printError("\(path): error: \($0)") }
                return .exit(.findings)
            }
        }
    }

    /// A script read for `--answers`, or the status to exit with (after saying why).
    private enum ScriptRead {
        case script(AnswerScript)
        case exit(ExitStatus)
    }

    private func open(_ url: String, io: CommandIO) {
        var process = pid_t()
        let words = ["/usr/bin/env", "xdg-open", url]
        let arguments = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&process, "/usr/bin/env", nil, nil, arguments + [nil], environ)
        guard status == 0 else {
            io.printError("note: could not open a browser (\(String(cString: strerror(status)))); open \(url) yourself")
            return
        }
        // Reaped when it ends, so it does not stay a zombie while the preview serves.
        let child = process
        NativeThread.detach(stackSize: 64 << 10) { waitpid(child, nil, 0) }
    }
}
