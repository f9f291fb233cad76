import JSONCore
import LanguageServer
import XCTest

/// What an editor user meets in the first minute: which documents are the server's, completion edits,
/// quick fixes from a line's start, rule links and settings changed while the server runs.
final class EditorClientTests: XCTestCase {
    private let uri = "untitled:survey.json"

    func testOnlySurveysGetDiagnosticsCompletionsAndHovers() {
        var harness = ServerHarness()
        let package = #"{"name": "x", "type": "module", "scripts": {"test": "x"}}"#
        XCTAssertEqual(harness.open("untitled:package.json", package), [])
        let completion = harness.at("textDocument/completion", "untitled:package.json", position(of: "\"module", in: package, offset: 2))
        XCTAssertEqual(completion["items"]?.arrayValue?.count, 0, "no node types for a package.json \"type\"")
        let keys = harness.at("textDocument/completion", "untitled:package.json", position(of: "\"scripts\"", in: package, offset: 1))
        XCTAssertEqual(keys["items"]?.arrayValue?.count, 0, "no survey member names")
        XCTAssertEqual(harness.at("textDocument/hover", "untitled:package.json", position(of: "module", in: package)), .null)
        let settings = "{\n  // comment\n  \"editor.tabSize\": 2,\n}\n"
        XCTAssertEqual(harness.open("untitled:settings.json", settings, languageId: "jsonc"), [], "JSONC is never checked as strict JSON")
        XCTAssertEqual(harness.open("untitled:tsconfig.json", #"{"compilerOptions": {"strict": true},}"#), [], "broken JSON that is no survey: the editor's JSON server's")
        let survey = harness.open(uri, #"{"type": "assessment", "identifier": "s", "steps": [,]}"#)
        XCTAssertEqual(survey.compactMap { $0["code"]?.stringValue }, ["json-syntax"], "a broken survey is still recognised from its text")
    }

    func testSyntaxErrorsCanBeLeftToTheEditorsJSONServer() {
        var harness = ServerHarness(initializationOptions: ["syntaxErrors": false])
        XCTAssertEqual(harness.open(uri, #"{"type": "assessment", "identifier": "s", "steps": [,]}"#), [])
        let codes = harness.open("untitled:b.json", #"{"type": "assessment", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "b"}]}"#)
        XCTAssertEqual(codes.compactMap { $0["code"]?.stringValue }, ["unknown-target"], "logic findings still come")
    }

    private let targetSurvey = """
    {"type": "assessment", "identifier": "s", "steps": [
      {"type": "instruction", "identifier": "intro", "nextStepIdentifier": "followupQ"},
      {"type": "instruction", "identifier": "followupQ"},
      {"type": "completion", "identifier": "done"}
    ]}
    """

    func testACompletionReplacesTheWholeString() throws {
        var plain = ServerHarness()
        plain.open(uri, targetSurvey)
        let cursor = position(of: "\"followupQ\"", in: targetSurvey, offset: 5)
        let items = plain.at("textDocument/completion", uri, cursor)["items"]?.arrayValue ?? []
        let done = try XCTUnwrap(items.first { $0["label"] == "done" })
        XCTAssertEqual(done[path: "textEdit", "range", "start"].flatMap { LSPPosition($0) }, position(of: "\"followupQ\"", in: targetSurvey))
        XCTAssertEqual(done[path: "textEdit", "range", "end"].flatMap { LSPPosition($0) }, position(of: "\"followupQ\"", in: targetSurvey, offset: 11),
                       "through the closing quote, so \"foll|owupQ\" does not become \"done\"owupQ\"")
        var modern = ServerHarness(capabilities: ["textDocument": ["completion": ["completionItem": ["insertReplaceSupport": true]]]])
        modern.open(uri, targetSurvey)
        let edit = try XCTUnwrap(modern.at("textDocument/completion", uri, cursor)["items"]?.arrayValue?.first?["textEdit"])
        XCTAssertNil(edit["range"])
        XCTAssertEqual(edit[path: "insert", "end"].flatMap { LSPPosition($0) }, cursor)
        XCTAssertEqual(edit[path: "replace", "end"].flatMap { LSPPosition($0) }, position(of: "\"followupQ\"", in: targetSurvey, offset: 11))
        let after = plain.at("textDocument/completion", uri, position(of: "\"followupQ\"", in: targetSurvey, offset: 11))
        XCTAssertEqual(after["items"]?.arrayValue?.count, 0, "nothing after a closing quote")
    }

    func testAQuickFixFromTheStartOfTheLineComesFromTheContextDiagnostics() {
        var harness = ServerHarness()
        let text = targetSurvey.replacingOccurrences(of: "\"nextStepIdentifier\": \"followupQ\"", with: "\"nextStepIdentifier\": \"folowupQ\"")
        let diagnostics = harness.open(uri, text)
        let unknown = diagnostics.filter { $0["code"] == "unknown-target" }
        XCTAssertEqual(unknown.count, 1)
        let lineStart: JSONValue = ["line": .number(JSONNumber(position(of: "folowupQ", in: text).line)), "character": 0]
        func actions(_ context: JSONValue) -> [JSONValue] {
            harness.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": ["start": lineStart, "end": lineStart], "context": context]).arrayValue ?? []
        }
        XCTAssertEqual(actions(["diagnostics": .array(unknown)]).count, 1, "the line's diagnostics name the finding")
        XCTAssertEqual(actions(["diagnostics": []]).count, 0, "neither the range nor the context names it")
        XCTAssertEqual(actions(["diagnostics": .array(unknown), "only": ["refactor"]]).count, 0, "only other kinds asked")
    }

    func testRuleLinksOnlyOnceAURLIsSet() {
        let text = #"{"type": "assessment", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "b"}]}"#
        var unset = ServerHarness()
        XCTAssertNil(unset.open(uri, text).first?["codeDescription"], "no placeholder link")
        var set = ServerHarness(initializationOptions: ["ruleDocsURL": "https://docs.example.org/rules.html"])
        XCTAssertEqual(set.open(uri, text).first?[path: "codeDescription", "href"], "https://docs.example.org/rules.html#unknown-target")
    }

    func testSettingsChangedWhileRunningApplyAtOnce() {
        var harness = ServerHarness()
        let before = harness.open(uri, sampleSurvey).compactMap { $0["code"]?.stringValue }
        XCTAssertTrue(before.contains("unreachable-step"), "\(before)")
        let sent = harness.notify("workspace/didChangeConfiguration", ["settings": ["assess": ["exclude": ["unreachable-step"], "ruleDocsURL": "https://x.example/r"]]])
        let published = sent.first { $0["method"] == "textDocument/publishDiagnostics" }?[path: "params", "diagnostics"]?.arrayValue ?? []
        XCTAssertFalse(published.contains { $0["code"] == "unreachable-step" }, "\(published)")
        XCTAssertEqual(harness.server.options.ruleDocsURL, "https://x.example/r")
        XCTAssertEqual(harness.notify("workspace/didChangeConfiguration", ["settings": [:]]), [], "settings of other servers change nothing")
        let again = harness.notify("workspace/didChangeConfiguration", ["settings": ["assess": ["exclude": []]]])
        XCTAssertTrue((again.first?[path: "params", "diagnostics"]?.arrayValue ?? []).contains { $0["code"] == "unreachable-step" }, "an exclusion removed")
    }
}
