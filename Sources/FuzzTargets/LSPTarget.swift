import JSONCore
import LanguageServer

/// The language server from any client bytes: the framer splits them into frames without losing a
/// framed body, every body gets at most the answers a JSON-RPC peer may send, and a body framed again
/// comes back as itself. The same bytes, as a document with `\n`, `\r\n` or lone `\r` line ends, are then
/// sent in an order the input picks (changes before the open, after the close, requests in between).
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
            try checkAnswers(server.handle(body) + server.flushDiagnostics())
            if server.exitStatus != nil { break }
        }
        try notifications(bytes)
    }

    /// Every answer is a JSON-RPC 2.0 message (a batch's responses one array of them).
    private static func checkAnswers(_ answers: [JSONValue]) throws(FuzzFailure) {
        for answer in answers.flatMap({ $0.arrayValue ?? [$0] }) {
            try FuzzFailure.check(answer["jsonrpc"] == "2.0", "an answer without jsonrpc 2.0: \(answer)")
        }
    }

    /// The input as a document with the line end its length picks, opened, changed, asked about and closed
    /// in an order its bytes pick; positions of the text's lines map to offsets and back.
    private static func notifications(_ bytes: [UInt8]) throws(FuzzFailure) {
        let ends: [[UInt8]] = [[10], [13, 10], [13]]
        let text = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init).joined(separator: ends[bytes.count % 3]).map { $0 }
        let lines = TextLines(text)
        for offset in 0...text.count where offset == text.count || text[offset] & 0xC0 != 0x80 {
            // Inside a `\r\n` is no position of its own; every other offset comes back as itself.
            guard offset == 0 || offset == text.count || !(text[offset - 1] == 13 && text[offset] == 10) else { continue }
            let back = lines.offset(of: lines.position(ofOffset: offset))
            try FuzzFailure.check(back == offset, "offset \(offset) comes back as \(back)")
        }
        let uri: JSONValue = "untitled:fuzz.json"
        let string = JSONValue.string(String(decoding: text, as: UTF8.self))
        let at: JSONValue = ["line": .number(JSONNumber(Int(bytes.last ?? 0) % 8)), "character": .number(JSONNumber(Int(bytes.first ?? 0) % 40))]
        let messages: [JSONValue] = [
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "json", "version": 1, "text": string]]],
            ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": ["textDocument": ["uri": uri, "version": 2],
                                                                               "contentChanges": [["range": ["start": at, "end": at], "text": "\r\"x\"\r\n"]]]],
            ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": string]]]],
            ["jsonrpc": "2.0", "id": 1, "method": "textDocument/completion", "params": ["textDocument": ["uri": uri], "position": at]],
            ["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": ["textDocument": ["uri": uri], "position": at]],
            ["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]],
            ["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]],
        ]
        var server = LanguageServer()
        _ = server.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        for index in 0..<min(bytes.count, 12) {
            try checkAnswers(server.handle(messages[Int(bytes[index]) % messages.count]) + server.flushDiagnostics())
        }
    }
}
