import AssessmentModel
import AssessmentLint
import AssessmentRunner
import FoundationEssentials
import Platform
import HTTPServer
import JSONCore

/// The preview as an HTTP handler: the page's own assets, its JSON API over one ``PreviewSession``,
/// the survey and its resources, and nothing else. Safe to call from several connections at once.
public final class PreviewApp: @unchecked Sendable {
    private let settings: PreviewSettings
    private let security: PreviewSecurity
    private let lock = Lock()
    private var session: PreviewSession
    private var revision = 1
    private var stamp: FileStamp?

    /// A preview of the survey in `settings`, answering requests for 127.0.0.1:`port`; `script` is
    /// replayed as far as it applies.
    public init(settings: PreviewSettings, port: UInt16, script: AnswerScript? = nil) {
        self.settings = settings
        security = PreviewSecurity(port: port)
        stamp = FileStamp(path: settings.path)
        session = PreviewSession(survey: PreviewSurvey(settings: settings), environment: settings.environment, replaying: script)
    }

    /// Answers one request.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response = route(request)
        response.headers += PreviewSecurity.headers
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = security.refusal(request) { return .text(refusal.status, refusal.message) }
        let path = request.path
        if let asset = PageAssets.asset(at: path) {
            guard request.method != "POST" else { return .text(405, "method POST not allowed") }
            return HTTPResponse(status: 200, headers: [("Content-Type", asset.type)], body: Array(asset.text.utf8))
        }
        if path.hasPrefix("/resources/") { return resource(String(path.dropFirst("/resources/".count)), request) }
        let writes = ["/api/action", "/api/restart"]
        guard writes.contains(path) == (request.method == "POST") else {
            return .text(405, "method \(request.method) not allowed on \(path)")
        }
        return lock.withLock { api(path, request) }
    }

    private func api(_ path: String, _ request: HTTPRequest) -> HTTPResponse {
        reloadIfChanged()
        let base = URL(fileURLWithPath: settings.path).deletingPathExtension().lastPathComponent
        switch path {
        case "/api/state": return json(state)
        case "/api/revision": return json(["revision": .number(JSONNumber(revision))])
        case "/api/action": return perform(request.body)
        case "/api/restart":
            session.restart()
            return json(state)
        case "/api/graph.svg":
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml")], body: Array(session.survey.svg.utf8))
        case "/survey.json":
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: session.survey.bytes)
        case "/api/script":
            guard session.isOver else { return .text(409, "the run is not over: finish it to save it as a script") }
            return download(session.script, name: "\(base)-run.json")
        case "/api/expected":
            guard session.isOver, let expected = session.expected else { return .text(409, "the run is not over") }
            return download(expected, name: "\(base)-run.expected.json")
        case "/api/result":
            guard session.isOver, let result = session.result else { return .text(409, "the run is not over") }
            return download(result, name: "\(base)-result.json")
        case "/api/archive":
            do {
                guard let bytes = try session.archive() else { return .text(409, "the run is not over (or failed): no archive") }
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/zip"), ("Content-Disposition", #"attachment; filename="\#(base)-archive.zip""#)],
                                    body: bytes)
            } catch {
                return .text(500, "cannot build the archive: \(error)")
            }
        default:
            return .text(404, "not found")
        }
    }

    private func perform(_ body: [UInt8]) -> HTTPResponse {
        guard let value = try? JSONDocument(bytes: body).value else { return .text(400, "the body is not JSON") }
        guard let run = session.run, let step = run.currentStep else { return .text(409, "the run is over; restart it") }
        if let shown = value["stepPath"]?.stringValue, shown != session.run.flatMap({ $0.location.map($0.navigator.stepPath(of:)) }) {
            return json(state, status: 409)
        }
        let action: RunAction
        do {
            action = try FormAnswer.action(value, step: step)
        } catch {
            return .text(400, error.description)
        }
        try? session.perform(action)
        return json(state)
    }

    /// The page's whole state: the step, route, refusal, findings and what can be downloaded.
    var state: JSONValue {
        var object = JSONObject([
            .init(key: "revision", value: .number(JSONNumber(revision))),
            .init(key: "survey", value: .string(URL(fileURLWithPath: settings.path).lastPathComponent)),
            .init(key: "platform", value: settings.platform.map { .string($0.rawValue) } ?? .null),
        ])
        let survey = session.survey
        object["problem"] = survey.problem.map(JSONValue.string) ?? .null
        object["findings"] = .array(survey.findings.map { finding in
            .object(JSONObject([.init(key: "severity", value: .string(finding.severity.rawValue)), .init(key: "rule", value: .string(finding.rule.rawValue)),
                                .init(key: "line", value: .number(JSONNumber(finding.range.start.line))),
                                .init(key: "column", value: .number(JSONNumber(finding.range.start.column))),
                                .init(key: "message", value: .string(Self.message(finding)))]))
        })
        guard let run = session.run else { return .object(object) }
        object["status"] = .string(run.status.rawValue)
        object["title"] = run.navigator.assessment.title.map(JSONValue.string) ?? .string(run.navigator.assessment.identifier)
        if let location = run.location, let info = run.navigator.info(at: location) {
            object["step"] = StepView(node: info.node, stepPath: info.stepPath, buttons: info.buttons, answer: run.currentAnswer).json
            object["graphBox"] = survey.box(of: location).map { .array($0.compactMap { JSONNumber($0).map(JSONValue.number) }) } ?? .null
        }
        object["message"] = session.message.map(JSONValue.string) ?? run.failure.map { .string($0.description) } ?? .null
        object["route"] = .array(run.shown.map { shown in
            ["identifier": .string(shown.identifier), "stepPath": .string(shown.stepPath), "direction": .string(shown.direction == .forward ? "forward" : "backward")]
        })
        object["warnings"] = .array(run.warnings.map { .string($0.description) })
        object["canSave"] = .bool(session.isOver)
        object["canDownloadResult"] = .bool(session.isOver && run.status != .failed)
        return .object(object)
    }

    /// Reads the survey again when its file changed since the last look, keeping the answers that still apply.
    private func reloadIfChanged() {
        let now = FileStamp(path: settings.path)
        guard now != stamp else { return }
        stamp = now
        revision += 1
        session.reload(PreviewSurvey(settings: settings))
    }

    private func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: JSONWriter.compact.bytes(value))
    }

    private func download(_ value: JSONValue, name: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Disposition", #"attachment; filename="\#(name)""#)],
                     body: Array((JSONWriter.pretty.string(value) + "\n").utf8))
    }

    private func resource(_ encoded: String, _ request: HTTPRequest) -> HTTPResponse {
        guard request.method != "POST" else { return .text(405, "method POST not allowed") }
        guard let name = PreviewSecurity.resourceName(encoded) else { return .text(404, "not found") }
        let url = URL(fileURLWithPath: settings.resourceFolder).appendingPathComponent(name)
        guard FileStatus.isFolder(url.path) == false,
              let data = FileManager.default.contents(atPath: url.path) else { return .text(404, "not found") }
        let type = name.lowercased().hasSuffix(".svg") ? "image/svg+xml" : name.lowercased().hasSuffix(".json") ? "application/json" : "application/octet-stream"
        // An SVG resource is an image: shown in <img>, never as a page of this origin (the sandbox keeps its scripts off).
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Content-Disposition", "inline"), ("Content-Security-Policy", "sandbox")],
                            body: Array(data))
    }
}

/// A file's size and modification time, to notice it was saved.
struct FileStamp: Equatable {
    let size: UInt64
    let modified: Date?

    init?(path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        size = (attributes[.size] as? any BinaryInteger).map { UInt64(truncatingIfNeeded: $0) } ?? 0
        modified = attributes[.modificationDate] as? Date
    }
}

extension PreviewApp {
    /// A finding's message as the page shows it: each remedy named by its `assess.json` setting (the preview
    /// reads the survey's `assess.json`), else in the library's words.
    static func message(_ finding: Finding) -> String {
        finding.text.rendered { $0.configSetting ?? $0.description }
    }
}
