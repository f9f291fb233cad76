import JSONCore
import LanguageServer
import XCTest

final class NavigationTests: XCTestCase {
    private let uri = "untitled:sample.json"

    private func opened() -> ServerHarness {
        var harness = ServerHarness()
        harness.open(uri, sampleSurvey)
        return harness
    }

    func testDefinitionFromARuleTargetAndANextStepIdentifier() {
        var harness = opened()
        let fromRule = harness.at("textDocument/definition", uri, position(of: "\"sad\"", in: sampleSurvey, offset: 2))
        XCTAssertEqual(fromRule["range"].flatMap { LSPPosition($0["start"]) }, position(of: "\"sad\"", in: sampleSurvey, occurrence: 2))
        XCTAssertEqual(fromRule["uri"], .string(uri))
        let fromNext = harness.at("textDocument/definition", uri, position(of: "\"done\"", in: sampleSurvey, offset: 1))
        XCTAssertEqual(fromNext["range"].flatMap { LSPPosition($0["start"]) }, position(of: "\"done\"", in: sampleSurvey, occurrence: 2))
        XCTAssertEqual(harness.at("textDocument/definition", uri, position(of: "How are", in: sampleSurvey)), nil, "a title names no step")
    }

    func testReferencesOfAStep() {
        var harness = opened()
        let references = harness.at("textDocument/references", uri, position(of: "\"done\"", in: sampleSurvey, occurrence: 2, offset: 1),
                                    extra: ["context": ["includeDeclaration": false]])
        XCTAssertEqual(references.arrayValue?.compactMap { LSPPosition($0[path: "range", "start"]) }, [position(of: "\"done\"", in: sampleSurvey)])
        let withDeclaration = harness.at("textDocument/references", uri, position(of: "\"sad\"", in: sampleSurvey, offset: 1),
                                         extra: ["context": ["includeDeclaration": true]])
        XCTAssertEqual(withDeclaration.arrayValue?.count, 2)
    }

    func testRenameEditsTheIdentifierAndEveryReference() {
        var harness = opened()
        let edit = harness.at("textDocument/rename", uri, position(of: "\"sad\"", in: sampleSurvey, occurrence: 2, offset: 1), extra: ["newName": "blue"])
        let edits = edit[path: "changes", uri]?.arrayValue ?? []
        XCTAssertEqual(edits.count, 2)
        XCTAssertEqual(Set(edits.compactMap { $0["newText"]?.stringValue }), ["\"blue\""])
        let prepared = harness.at("textDocument/prepareRename", uri, position(of: "\"sad\"", in: sampleSurvey, offset: 1))
        XCTAssertEqual(prepared["placeholder"], "sad")
        XCTAssertEqual(prepared[path: "range", "start"].flatMap { LSPPosition($0) }, position(of: "\"sad\"", in: sampleSurvey, offset: 1), "inside the quotes")
    }

    func testRenameRefusesACollisionAKeywordAndAPlaceWithoutAStep() {
        var harness = opened()
        let place = position(of: "\"sad\"", in: sampleSurvey, occurrence: 2, offset: 1)
        for (name, words) in [("happy", "already the identifier"), ("exit", "reserved"), ("", "empty")] {
            let response = harness.response("textDocument/rename", [
                "textDocument": ["uri": .string(uri)], "position": ["line": .number(JSONNumber(place.line)), "character": .number(JSONNumber(place.character))],
                "newName": .string(name),
            ])
            XCTAssertEqual(response[path: "error", "code"]?.int, -32803, name)
            XCTAssertTrue(response[path: "error", "message"]?.stringValue?.contains(words) ?? false, "\(name): \(response)")
        }
        let nowhere = harness.response("textDocument/rename", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0], "newName": "x"])
        XCTAssertNotNil(nowhere["error"])
    }

    func testDocumentSymbolsOutlineSectionsAndSteps() {
        var harness = ServerHarness()
        let text = """
        {"type": "assessment", "identifier": "s", "steps": [
          {"type": "section", "identifier": "part1", "steps": [{"type": "instruction", "identifier": "a"}, {"type": "instruction", "identifier": "b"}]},
          {"type": "completion", "identifier": "done"}
        ]}
        """
        harness.open(uri, text)
        let symbols = harness.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]).arrayValue ?? []
        XCTAssertEqual(symbols.compactMap { $0["name"]?.stringValue }, ["part1", "done"])
        XCTAssertEqual(symbols.first?["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["a", "b"])
        XCTAssertEqual(symbols.first?["kind"]?.int, 3, "a section is a namespace")
    }
}
