import JSONCore
import LanguageServer
import XCTest

final class CompletionHoverTests: XCTestCase {
    private let uri = "untitled:sample.json"

    /// The labels offered at the end of `prefix`, after the whole survey was open once and then cut there.
    private func labels(after prefix: String, rest: String = "") -> [String] {
        var harness = ServerHarness()
        harness.open(uri, sampleSurvey)
        let text = prefix + rest
        harness.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(text)]]])
        let lastLine = prefix.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        let end = LSPPosition(line: prefix.filter { $0 == "\n" }.count, character: lastLine.utf16.count)
        let result = harness.at("textDocument/completion", uri, end)
        return result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    }

    private func prefix(through marker: String) -> String {
        String(sampleSurvey[..<sampleSurvey.range(of: marker)!.upperBound])
    }

    func testTargetsAreSiblingsReachableFirstThenKeywords() {
        let found = labels(after: prefix(through: "\"skipToIdentifier\": \""))
        XCTAssertEqual(found, ["happy", "sad", "done", "orphan", "exit", "nextSection", "beginning"], "orphan is unreachable, so after the others")
        let next = labels(after: prefix(through: "\"identifier\": \"happy\", \"title\": \"Great\", \"nextStepIdentifier\": \"d"))
        XCTAssertEqual(next.first, "mood", "every sibling but the step itself")
        XCTAssertFalse(next.contains("happy"))
    }

    func testNodeTypesInputTypesHintsAndPropertyNames() {
        XCTAssertTrue(labels(after: "{\"type\": \"assessment\", \"identifier\": \"s\", \"steps\": [{\"type\": \"ins").contains("instruction"))
        let inputs = labels(after: "{\"type\": \"assessment\", \"steps\": [{\"type\": \"simpleQuestion\", \"inputItem\": {\"type\": \"")
        XCTAssertTrue(inputs.contains("integer") && inputs.contains("string"))
        XCTAssertFalse(inputs.contains("instruction"))
        let hints = labels(after: "{\"type\": \"assessment\", \"steps\": [{\"type\": \"choiceQuestion\", \"identifier\": \"q\", \"uiHint\": \"")
        XCTAssertEqual(Array(hints.prefix(2)), ["checkbox", "radioButton"], "the hints listed for choice questions first")
        let keys = labels(after: "{\"type\": \"assessment\", \"steps\": [{\"type\": \"choiceQuestion\", \"")
        XCTAssertTrue(keys.contains("choices") && keys.contains("singleChoice") && keys.contains("surveyRules"))
        XCTAssertFalse(keys.contains("inputItem"), "a choice question has no inputItem")
        let ruleKeys = labels(after: "{\"type\": \"assessment\", \"steps\": [{\"type\": \"choiceQuestion\", \"surveyRules\": [{\"")
        XCTAssertEqual(ruleKeys, ["skipToIdentifier", "matchingAnswer", "ruleOperator"])
    }

    func testHoverShowsTheStepAndWhereItLeads() {
        var harness = ServerHarness()
        harness.open(uri, sampleSurvey)
        let mood = harness.at("textDocument/hover", uri, position(of: "\"mood\"", in: sampleSurvey, offset: 1))[path: "contents", "value"]?.stringValue ?? ""
        XCTAssertTrue(mood.contains("choiceQuestion") && mood.contains("How are you?"), mood)
        XCTAssertTrue(mood.contains("Goes to:") && mood.contains("`sad`") && mood.contains("`happy`"), mood)
        let sad = harness.at("textDocument/hover", uri, position(of: "\"sad\"", in: sampleSurvey, offset: 1))[path: "contents", "value"]?.stringValue ?? ""
        XCTAssertTrue(sad.contains("Reached from: `mood`"), sad)
        let orphan = harness.at("textDocument/hover", uri, position(of: "\"orphan\"", in: sampleSurvey, offset: 1))[path: "contents", "value"]?.stringValue ?? ""
        XCTAssertTrue(orphan.contains("Never shown"), orphan)
        let rule = harness.at("textDocument/hover", uri, position(of: "\"matchingAnswer\"", in: sampleSurvey))[path: "contents", "value"]?.stringValue ?? ""
        XCTAssertTrue(rule.contains("if the answer equals 1, go to \"sad\""), rule)
    }

    func testADidYouMeanIsOneQuickFixEdit() {
        var harness = ServerHarness()
        let text = sampleSurvey.replacingOccurrences(of: "\"nextStepIdentifier\": \"done\"", with: "\"nextStepIdentifier\": \"dne\"")
        let diagnostics = harness.open(uri, text)
        let unknown = diagnostics.first { $0["code"] == "unknown-target" }
        XCTAssertNotNil(unknown)
        let actions = harness.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": unknown?["range"] ?? nil, "context": ["diagnostics": .array(diagnostics)],
        ]).arrayValue ?? []
        XCTAssertEqual(actions.count, 1)
        let edits = actions.first?[path: "edit", "changes", uri]?.arrayValue ?? []
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["newText"], "\"done\"")
        XCTAssertEqual(edits.first?[path: "range", "start"].flatMap { LSPPosition($0) }, position(of: "\"dne\"", in: text))
        XCTAssertEqual(edits.first?[path: "range", "end"].flatMap { LSPPosition($0) }, position(of: "\"dne\"", in: text, offset: 5))
    }
}
