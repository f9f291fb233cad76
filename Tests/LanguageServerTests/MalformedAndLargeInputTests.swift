import JSONCore
import LanguageServer
import SeededRandom
import SeededTesting
import XCTest

/// The server answers lifecycle errors, unknown methods, documents never opened, random bytes and half-typed JSON, and a
/// ten-thousand-step survey, and keeps serving.
final class MalformedAndLargeInputTests: XCTestCase {
    func testLifecycleErrorsAndUnknownMethods() {
        var server = LanguageServer()
        let early = server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": [:]])
        XCTAssertEqual(early.first?[path: "error", "code"]?.int, -32002, "before initialize")
        var harness = ServerHarness()
        XCTAssertEqual(harness.response("workspace/unknownThing", [:])[path: "error", "code"]?.int, -32601)
        XCTAssertEqual(harness.response("textDocument/hover", [:])[path: "error", "code"]?.int, -32602, "missing params")
        XCTAssertEqual(harness.server.handle(Array("not json".utf8)).first?[path: "error", "code"]?.int, -32700)
        XCTAssertEqual(harness.server.handle(Array("[1]".utf8)).first?.arrayValue?.first?[path: "error", "code"]?.int, -32600, "a batch of one invalid request")
        XCTAssertEqual(harness.response("shutdown", nil)["result"], .null)
        harness.notify("exit", nil)
        XCTAssertEqual(harness.server.exitStatus, 0)
        var abrupt = ServerHarness()
        abrupt.notify("exit", nil)
        XCTAssertEqual(abrupt.server.exitStatus, 1, "exit without shutdown")
    }

    func testRequestsForDocumentsNeverOpened() throws {
        var harness = ServerHarness()
        let missing = harness.at("textDocument/definition", "file:///no/such/survey.json", LSPPosition(line: 3, character: 4))
        XCTAssertEqual(missing, .null)
        XCTAssertEqual(harness.request("textDocument/documentSymbol", ["textDocument": ["uri": "untitled:never"]]), [])
        // A file on disk that was never opened is read from disk.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("assess-lsp-\(UUID().uuidString).json")
        try Data(sampleSurvey.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let symbols = harness.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(url.absoluteString)]])
        XCTAssertEqual(symbols.arrayValue?.count, 5)
    }

    func testRandomBytesAndHalfTypedJSONNeverBreakTheServer() {
        var random = seededGenerator(20)
        var harness = ServerHarness()
        let uri = "untitled:fuzz.json"
        let text = Array(sampleSurvey.utf8)
        for round in 0..<300 {
            // A prefix of the survey with a few bytes replaced by random ones (invalid UTF-8 included).
            var bytes = Array(text.prefix(Int.random(in: 0...text.count, using: &random)))
            for _ in 0..<Int.random(in: 0...3, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let content = String(decoding: bytes, as: UTF8.self)
            harness.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .number(JSONNumber(round))],
                                                      "contentChanges": [["text": .string(content)]]])
            _ = harness.server.flushDiagnostics()
            let place = LSPPosition(line: Int.random(in: 0...12, using: &random), character: Int.random(in: 0...120, using: &random))
            for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references"] {
                let response = harness.response(method, ["textDocument": ["uri": .string(uri)],
                                                         "position": ["line": .number(JSONNumber(place.line)), "character": .number(JSONNumber(place.character))],
                                                         "context": ["includeDeclaration": true]])
                XCTAssertTrue(response["result"] != nil || response["error"] != nil, "\(method) answered")
            }
            // Raw bytes straight into the framer and the server.
            var framer = MessageFramer()
            let junk = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            framer.append(MessageFramer.frame(junk))
            if case .message(let body) = framer.next() { _ = harness.server.handle(body) }
        }
    }

    func testATenThousandStepSurvey() {
        var steps = (0..<10_000).map { #"{"type": "instruction", "identifier": "s\#($0)", "nextStepIdentifier": "s\#($0 + 1)"}"# }
        steps.append(#"{"type": "completion", "identifier": "s10000"}"#)
        let text = "{\"type\": \"assessment\", \"identifier\": \"big\", \"steps\": [\n" + steps.joined(separator: ",\n") + "\n]}"
        var harness = ServerHarness()
        XCTAssertEqual(harness.open("untitled:big.json", text), [], "a clean survey")
        XCTAssertEqual(harness.request("textDocument/documentSymbol", ["textDocument": ["uri": "untitled:big.json"]]).arrayValue?.count, 10_001)
        let definition = harness.at("textDocument/definition", "untitled:big.json", LSPPosition(line: 5000, character: 70))
        XCTAssertEqual(definition[path: "range", "start", "line"]?.int, 5001)
    }
}
