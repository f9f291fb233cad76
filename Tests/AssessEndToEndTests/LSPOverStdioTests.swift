import CLITestSupport
import XCTest

/// The built `assess lsp` speaks framed JSON-RPC over standard input and output.
final class LSPOverStdioTests: XCTestCase {
    private func frame(_ message: String) -> String { "Content-Length: \(message.utf8.count)\r\n\r\n\(message)" }


    func testTheBinaryAnswersOverStdioAndExitsCleanlyAfterShutdown() throws {
        let text = #"{\"type\": \"assessment\", \"identifier\": \"s\", \"steps\": [{\"type\": \"instruction\", \"identifier\": \"a\", \"nextStepIdentifier\": \"b\"}]}"#
        let input = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:a.json","languageId":"json","version":1,"text":"\#(text)"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ].map(frame).joined()
        let run = try Binary.run(["lsp"], stdin: "junk\r\n\r\n" + input)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains(#""id":1,"result":{"capabilities""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""code":"unknown-target""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""id":2,"result":null"#))
        XCTAssertTrue(run.stderr.contains("skipped a message without Content-Length"), run.stderr)
        let abrupt = try Binary.run(["lsp"], stdin: frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        XCTAssertEqual(abrupt.status, 1, "input ended without shutdown")
        let usage = try Binary.run(["lsp", "--exclude", "unknown-targt"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("did you mean unknown-target?"), usage.stderr)
    }
}
