import JSONCore
import LanguageServer
import XCTest

/// A wrong-typed choice value gets its quick fix from the lint finding's fix-it, as a matchingAnswer does.
final class ChoiceValueFixTests: XCTestCase {
    private let uri = "untitled:choice.json"

    func testAStringChoiceValueInAnIntegerQuestionIsFixedToTheNumber() {
        let text = """
            {"type": "assessment", "identifier": "sizes", "steps": [
             {"type": "choiceQuestion", "identifier": "size", "baseType": "integer", "singleChoice": true,
              "choices": [{"value": "1", "text": "S"}, {"value": 2, "text": "M"}]},
             {"type": "completion", "identifier": "done"}]}
            """
        var harness = ServerHarness()
        let diagnostics = harness.open(uri, text)
        let mismatch = diagnostics.first { $0["code"] == "value-type-mismatch" }
        XCTAssertEqual(mismatch?["message"]?.stringValue?.hasSuffix("; write 1"), true, "\(String(describing: mismatch))")
        let actions = harness.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": mismatch?["range"] ?? nil, "context": ["diagnostics": .array(diagnostics)],
        ]).arrayValue ?? []
        XCTAssertEqual(actions.count, 1)
        XCTAssertEqual(actions.first?["title"], "replace with 1 [value-type-mismatch]")
        let edits = actions.first?[path: "edit", "changes", uri]?.arrayValue ?? []
        XCTAssertEqual(edits.first?["newText"], "1")
        XCTAssertEqual(edits.first?[path: "range", "start"].flatMap { LSPPosition($0) }, position(of: "\"1\"", in: text))
        XCTAssertEqual(edits.first?[path: "range", "end"].flatMap { LSPPosition($0) }, position(of: "\"1\"", in: text, offset: 3))
    }
}
