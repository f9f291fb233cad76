import JSONCore
import LanguageServer
import XCTest

/// LSP 3.17 and JSON-RPC 2.0 where clients differ: new empty files, the end of a session, batches,
/// changes to documents never opened, and the three line ends.
final class ProtocolHygieneTests: XCTestCase {
    private let uri = "untitled:survey.json"

    func testAnEmptyNewFileGetsNoError() throws {
        var harness = ServerHarness()
        XCTAssertEqual(harness.open("untitled:new.json", ""), [])
        XCTAssertEqual(harness.open("untitled:blank.json", "  \n"), [])
        // Even beside an assess.json, which makes any JSON with a type a survey.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-lsp-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("assess.json"))
        XCTAssertEqual(harness.open(folder.appendingPathComponent("new.json").absoluteString, ""), [])
    }

    func testRequestsAfterShutdownAreInvalid() {
        var harness = ServerHarness()
        harness.open(uri, sampleSurvey)
        XCTAssertEqual(harness.response("shutdown", nil)["result"], .null)
        XCTAssertEqual(harness.response("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])[path: "error", "code"]?.int, -32600)
        XCTAssertEqual(harness.response("shutdown", nil)[path: "error", "code"]?.int, -32600)
        XCTAssertEqual(harness.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]]), [], "notifications but exit are dropped")
        harness.notify("exit", nil)
        XCTAssertEqual(harness.server.exitStatus, 0)
    }

    func testABatchGetsOneArrayOfResponses() {
        var harness = ServerHarness()
        harness.open(uri, sampleSurvey)
        let batch = #"[{"jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "untitled:survey.json"}}}, {"jsonrpc": "2.0", "method": "initialized", "params": {}}, 5, {"jsonrpc": "2.0", "id": 8, "method": "nope"}]"#
        let sent = harness.server.handle(Array(batch.utf8))
        XCTAssertEqual(sent.count, 1)
        let responses = sent.first?.arrayValue ?? []
        XCTAssertEqual(responses.map { $0["id"] }, [7, .null, 8], "a response per request and per invalid element, none for the notification")
        XCTAssertEqual(responses[1][path: "error", "code"]?.int, -32600)
        XCTAssertEqual(responses[2][path: "error", "code"]?.int, -32601)
        XCTAssertEqual(harness.server.handle(Array("[]".utf8)).first?[path: "error", "code"]?.int, -32600, "an empty batch is one invalid request")
        XCTAssertEqual(harness.server.handle(Array("[[]]".utf8)).first?.arrayValue?.first?[path: "error", "code"]?.int, -32600, "no batch in a batch")
        XCTAssertEqual(harness.server.handle(Array(#"[{"jsonrpc": "2.0", "method": "initialized"}]"#.utf8)), [], "notifications only: no response")
    }

    func testAChangeToADocumentNeverOpenedIsIgnored() {
        var harness = ServerHarness()
        let sent = harness.notify("textDocument/didChange", ["textDocument": ["uri": "untitled:ghost.json", "version": 2],
                                                              "contentChanges": [["text": #"{"type": "assessment", "steps": [{"type": "bogus"}]}"#]]])
        XCTAssertEqual(sent, [])
        XCTAssertEqual(harness.server.pendingDiagnostics, [], "no phantom document")
        XCTAssertEqual(harness.server.flushDiagnostics(), [])
    }

    func testTextLinesCountEveryLineEnd() {
        let lines = TextLines(Array("a\nb\r\nc\rd😀e".utf8))
        XCTAssertEqual(lines.lineCount, 4)
        XCTAssertEqual(lines.position(ofOffset: 2), LSPPosition(line: 1, character: 0))
        XCTAssertEqual(lines.position(ofOffset: 5), LSPPosition(line: 2, character: 0))
        XCTAssertEqual(lines.position(ofOffset: 7), LSPPosition(line: 3, character: 0))
        XCTAssertEqual(lines.offset(of: LSPPosition(line: 2, character: 0)), 5)
        XCTAssertEqual(lines.offset(of: LSPPosition(line: 2, character: 9)), 6, "past the end of a line: before its lone \\r")
        XCTAssertEqual(lines.offset(of: LSPPosition(line: 1, character: 9)), 3, "before its \\r\\n")
        XCTAssertEqual(lines.offset(of: LSPPosition(line: 3, character: 3)), 12, "after the emoji's two UTF-16 units")
    }

    func testDiagnosticsAndIncrementalEditsWithEachLineEnd() {
        for end in ["\n", "\r\n", "\r"] {
            var harness = ServerHarness()
            let text = [#"{"type": "assessment", "identifier": "s", "steps": ["#,
                        #"  {"type": "instruction", "identifier": "a", "nextStepIdentifier": "b"},"#,
                        #"  {"type": "instruction", "identifier": "c"}"#, "]}"].joined(separator: end)
            let diagnostic = harness.open(uri, text).first { $0["code"] == "unknown-target" }
            XCTAssertEqual(diagnostic?[path: "range", "start"].flatMap { LSPPosition($0) }, LSPPosition(line: 1, character: 67), "line end \(end.debugDescription)")
            // Rename "c" to "b" on line 2 by an incremental edit: the unknown target is gone only if the edit lands there.
            let column = 41
            harness.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(uri), "version": 2],
                "contentChanges": [["range": ["start": ["line": 2, "character": .number(JSONNumber(column))], "end": ["line": 2, "character": .number(JSONNumber(column + 1))]], "text": "b"]],
            ])
            let codes = harness.server.flushDiagnostics().first?[path: "params", "diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? ["none sent"]
            XCTAssertFalse(codes.contains("unknown-target") || codes.contains("json-syntax"), "line end \(end.debugDescription): \(codes)")
        }
    }
}
