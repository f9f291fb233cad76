import AssessmentRunner
import HTTPServer

/// The preview served on 127.0.0.1: a ``PreviewApp`` behind an ``HTTPServer``.
public final class PreviewServer: Sendable {
    /// The app answering requests.
    public let app: PreviewApp
    private let server: HTTPServer

    /// Reads the survey and binds 127.0.0.1:`port` (0: a free port); `script` is replayed as far as it applies.
    public init(settings: PreviewSettings, port: UInt16, script: AnswerScript? = nil) throws(HTTPServerError) {
        // The app checks Host and Origin against the port actually bound, known only once bound.
        let box = AppBox()
        server = try HTTPServer(port: port) { request in
            box.app?.handle(request) ?? .text(503, "starting")
        }
        app = PreviewApp(settings: settings, port: server.port, script: script)
        box.app = app
    }

    /// The port bound.
    public var port: UInt16 { server.port }

    /// Serves until ``stop()`` (blocking).
    public func run() { server.run() }

    /// Serves on a background thread.
    public func start() { server.start() }

    /// Stops serving and closes every connection.
    public func stop() { server.stop() }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { server.isStopped }
}

/// Holds the app for the handler made before it.
private final class AppBox: @unchecked Sendable {
    var app: PreviewApp?
}
