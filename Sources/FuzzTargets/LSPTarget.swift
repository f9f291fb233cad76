import JSONCore
import LanguageServer

/// The language server from any client bytes: the framer splits them into frames without losing a
/// framed body, every body gets at most the answers a JSON-RPC peer may send, and a body framed again
/// comes back as itself.
enum LSPTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var framer = MessageFramer()
        // Bytes arrive in two reads, split where the input says, as a pipe may deliver them.
        let cut = bytes.first.map { Int($0) % (bytes.count + 1) } ?? 0
        framer.append(bytes[..<cut])
        var frames: [MessageFramer.Frame] = []
        while let frame = framer.next() { frames.append(frame) }
        framer.append(bytes[cut...])
        while let frame = framer.next() { frames.append(frame) }
        var server = LanguageServer()
        for case .message(let body) in frames.prefix(32) {
            var again = MessageFramer()
            again.append(MessageFramer.frame(body))
            try FuzzFailure.check(again.next() == .message(body), "a framed body does not come back as itself")
            for answer in server.handle(body) + server.flushDiagnostics() {
                try FuzzFailure.check(answer["jsonrpc"] == "2.0", "an answer without jsonrpc 2.0: \(answer)")
            }
            if server.exitStatus != nil { break }
        }
    }
}
