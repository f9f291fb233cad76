import Foundation
import JSONCore
import LanguageServer

/// `assess lsp` request latency on a generated survey (FlowBenchmark's: sections of 100 steps, rules,
/// loops): each request as bytes in and out, the worst of 20 rounds, with the document's analysis
/// recomputed after an edit before the first request of each round (as in an editor while typing). A
/// keystroke is an incremental edit (a space typed or deleted) followed by the diagnostics it brings.
enum LSPBenchmark {
    static func run(steps: Int) {
        let text = FlowBenchmark.survey(steps: steps)
        let uri = "untitled:bench.json"
        var server = LanguageServer()
        var id = 0
        func send(_ message: JSONValue) -> Int {
            id += 1
            return server.handle(JSONWriter.compact.bytes(message)).map { JSONWriter.compact.bytes($0).count }.reduce(0, +)
        }
        _ = send(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
        let clock = ContinuousClock()
        var worst: [String: Duration] = [:]
        var worstCPU: [String: Double] = [:]
        func measure(_ name: String, _ body: () -> Void) {
            let start = clock.now, cpu = LintScalingBenchmark.threadCPUMilliseconds()
            body()
            worst[name] = max(worst[name] ?? .zero, clock.now - start)
            worstCPU[name] = max(worstCPU[name] ?? 0, LintScalingBenchmark.threadCPUMilliseconds() - cpu)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // A place on a target of the middle section (a rule's skipToIdentifier), and one in a step's uiHint-less question.
        let targetLine = lines.firstIndex { $0.contains("\"skipToIdentifier\": \"s5q") } ?? 0
        let character = (lines[targetLine].range(of: "\"skipToIdentifier\": \"s5q").map { lines[targetLine].utf16.distance(from: lines[targetLine].startIndex, to: $0.upperBound) } ?? 0)
        let position: JSONValue = ["line": .number(JSONNumber(targetLine)), "character": .number(JSONNumber(character))]
        let document: JSONValue = ["uri": .string(uri)]
        measure("didOpen + diagnostics") {
            _ = send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": ["textDocument": ["uri": .string(uri), "languageId": "json", "version": 1, "text": .string(text)]]])
        }
        for round in 0..<20 {
            let typed = round % 2 == 0
            let change: JSONValue = ["range": ["start": ["line": 0, "character": 1], "end": ["line": 0, "character": typed ? 1 : 2]], "text": typed ? " " : ""]
            measure("keystroke: edit, re-lint, diagnostics") {
                _ = send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                          "params": ["textDocument": ["uri": .string(uri), "version": .number(JSONNumber(round + 2))], "contentChanges": [change]]])
                _ = server.flushDiagnostics()
            }
            measure("hover (first: flow graph)") { _ = send(["jsonrpc": "2.0", "id": .number(JSONNumber(id)), "method": "textDocument/hover", "params": ["textDocument": document, "position": position]]) }
            for method in ["hover", "completion", "definition", "references", "rename", "documentSymbol", "codeAction"] {
                var params: JSONObject = JSONObject([.init(key: "textDocument", value: document), .init(key: "position", value: position)])
                if method == "rename" { params["newName"] = "renamed" }
                if method == "references" { params["context"] = ["includeDeclaration": true] }
                if method == "codeAction" { params["range"] = ["start": position, "end": position] }
                measure(method) { _ = send(["jsonrpc": "2.0", "id": .number(JSONNumber(id)), "method": .string("textDocument/\(method)"), "params": .object(params)]) }
            }
        }
        let order = ["didOpen + diagnostics", "keystroke: edit, re-lint, diagnostics", "hover (first: flow graph)", "hover", "completion", "definition",
                     "references", "rename", "documentSymbol", "codeAction"]
        print("assess lsp on a \(steps)-step survey (\(text.utf8.count) bytes), worst of 20 rounds (wall clock; CPU time):")
        for name in order {
            let duration = worst[name] ?? .zero
            let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            let bound = name.hasPrefix("keystroke") ? 50.0 : 100.0
            print("  " + name.padding(toLength: 38, withPad: " ", startingAt: 0) + String(format: "%7.1f ms; %7.1f ms CPU", ms, worstCPU[name] ?? 0) + (ms > bound ? String(format: "  (over %.0f ms)", bound) : ""))
        }
    }
}
