import FoundationEssentials
import Platform
import JSONCore
import AssessmentModel
#if canImport(Glibc)
import Glibc
#endif

/// Runs a `LanguageServer` over standard input and output: one thread reads and frames the client's
/// bytes, another answers in order, publishing the diagnostics of changed documents once typing pauses.
public enum StdioSession {
    /// How long diagnostics wait after the last change.
    public static let debounce: TimeInterval = 0.2

    /// Serves until `exit` or the end of input; returns the exit status (0 after `shutdown`, else 1).
    public static func run(options: ServerOptions, input: Int32 = 0, output: Int32 = 1, log: @escaping @Sendable (String) -> Void) -> Int32 {
        // A client that goes away must not kill the server mid-write: writes fail instead.
        signal(SIGPIPE, SIG_IGN)
        let inbox = Inbox()
        NativeThread.detach {
            var framer = MessageFramer()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                framer.append(buffer[0..<count])
                while let frame = framer.next() {
                    switch frame {
                    case .message(let body): inbox.push(body)
                    case .malformedHeader(let header): log("assess lsp: skipped a message without Content-Length: \(header.prefix(200))")
                    }
                }
            }
            inbox.close()
        }
        // Deeply nested surveys are analysed recursively in places: a large stack keeps them safe.
        return LargeStackThread.run {
            serve(options: options, inbox: inbox) { messages in
                for message in messages { FileDescriptor.writeAll(output, MessageFramer.frame(JSONWriter.compact.bytes(message))) }
            }
        }
    }

    private static func serve(options: ServerOptions, inbox: Inbox, send: ([JSONValue]) -> Void) -> Int32 {
        var server = LanguageServer(options: options)
        var lastChange = Date()
        while true {
            let deadline = server.pendingDiagnostics.isEmpty ? nil : lastChange.addingTimeInterval(debounce)
            switch inbox.pop(until: deadline) {
            case .timeout:
                send(server.flushDiagnostics())
            case .closed:
                return server.shutdownRequested ? 0 : 1
            case .message(let body):
                guard let message = try? JSONDocument(bytes: body).value else {
                    send(server.handle(body))
                    continue
                }
                if let id = message["id"], message["method"] != nil, inbox.takeCancelled(id.description) {
                    send([JSONRPC.response(id: id, error: .init(.requestCancelled, "cancelled"))])
                    continue
                }
                let pending = server.pendingDiagnostics
                send(server.handle(message))
                if server.pendingDiagnostics != pending || message["method"]?.stringValue == "textDocument/didChange" { lastChange = Date() }
                if let status = server.exitStatus { return status }
            }
        }
    }

}

/// Message bodies waiting to be answered, and the ids of requests cancelled before their turn.
final class Inbox: @unchecked Sendable {
    enum Item { case message([UInt8]), closed, timeout }

    private let condition = Condition()
    private var bodies: [[UInt8]] = []
    private var head = 0
    private var closed = false
    private var cancelled: Set<String> = []

    func push(_ body: [UInt8]) {
        // A cancellation takes effect even while earlier requests are being answered.
        if body.count < 4096, String(decoding: body, as: UTF8.self).contains("$/cancelRequest"),
           let value = try? JSONDocument(bytes: body).value, value["method"]?.stringValue == "$/cancelRequest",
           let id = value["params"]?["id"] {
            condition.lock()
            cancelled.insert(id.description)
            condition.unlock()
        }
        condition.lock()
        bodies.append(body)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    /// Whether the request with this id was cancelled (forgetting it).
    func takeCancelled(_ id: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(id) != nil
    }

    /// The next body, waiting at most until `deadline`.
    func pop(until deadline: Date?) -> Item {
        condition.lock()
        defer { condition.unlock() }
        while head == bodies.count {
            if closed { return .closed }
            if let deadline {
                if !condition.wait(until: deadline) { return .timeout }
            } else {
                condition.wait()
            }
        }
        let body = bodies[head]
        head += 1
        if head > 1024, head * 2 > bodies.count {
            bodies.removeFirst(head)
            head = 0
        }
        return .message(body)
    }
}

