import AssessmentModel
import AssessmentSchemas
import JSONCore
import LanguageServer
import XCTest

final class DiagnosticsTests: XCTestCase {
    private let uri = "untitled:sample.json"

    func testADiagnosticCarriesRangeCodeLinkAndNotes() {
        var harness = ServerHarness()
        let text = """
        {"type": "assessment", "identifier": "s", "steps": [
          {"type": "instruction", "identifier": "a", "title": "😀 hi", "nextStepIdentifier": "nowhere"},
          {"type": "instruction", "identifier": "a"}
        ]}
        """
        let diagnostics = harness.open(uri, text)
        let target = diagnostics.first { $0["code"] == "unknown-target" }
        XCTAssertEqual(target?[path: "range", "start"].flatMap { LSPPosition($0) }, position(of: "\"nowhere\"", in: text))
        XCTAssertEqual(target?[path: "range", "end"].flatMap { LSPPosition($0) }, position(of: "\"nowhere\"", in: text, offset: 9), "UTF-16 columns after the emoji")
        XCTAssertEqual(target?["severity"]?.int, 1)
        XCTAssertNil(target?["codeDescription"], "no rule link until a URL is set")
        let duplicate = diagnostics.first { $0["code"] == "duplicate-identifier" }
        let related = duplicate?["relatedInformation"]?.arrayValue?.first
        XCTAssertEqual(related?["message"], "first used here")
        XCTAssertEqual(related?[path: "location", "range", "start"].flatMap { LSPPosition($0) }, position(of: "\"a\"", in: text))
    }

    func testChangesAreDebouncedUntilFlushedAndIncrementalEditsApply() {
        var harness = ServerHarness()
        harness.open(uri, sampleSurvey)
        let at = position(of: "\"done\"", in: sampleSurvey, offset: 1)
        let sent = harness.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": ["line": .number(JSONNumber(at.line)), "character": .number(JSONNumber(at.character))],
                                          "end": ["line": .number(JSONNumber(at.line)), "character": .number(JSONNumber(at.character + 4))]],
                                "text": "dome"]],
        ])
        XCTAssertEqual(sent, [], "nothing is published while typing")
        XCTAssertEqual(harness.server.pendingDiagnostics, [uri])
        let published = harness.server.flushDiagnostics()
        XCTAssertEqual(published.count, 1)
        XCTAssertEqual(published.first?[path: "params", "version"]?.int, 2)
        let codes = published.first?[path: "params", "diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        XCTAssertTrue(codes.contains("unknown-target"), "\(codes)")
        XCTAssertEqual(harness.server.pendingDiagnostics, [])
    }

    func testOtherJSONGetsNothingOrItsKnownSchema() {
        var harness = ServerHarness()
        XCTAssertEqual(harness.open("untitled:package.json", #"{"name": "x", "identifier": 3}"#), [], "not a survey, no known schema")
        XCTAssertEqual(harness.open("untitled:broken.json", #"{"name": "x",, }"#), [], "broken JSON that is no survey is the editor's JSON server's")
        let metadata = #"{"$schema": "\#(BundledSchemas.archiveMetadataURI)", "files": 3}"#
        XCTAssertEqual(Set(harness.open("untitled:metadata.json", metadata).compactMap { $0["code"]?.stringValue }), ["schema"])
    }

    func testExcludedRulesAndAllowedTypesApplyAsInLint() {
        var options = ServerOptions()
        options.excludedRules = ["unreachable-step"]
        options.allowedTypes = ["tapping"]
        var harness = ServerHarness(options: options)
        let text = sampleSurvey.replacingOccurrences(of: "\"type\": \"instruction\", \"identifier\": \"orphan\"", with: "\"type\": \"tapping\", \"identifier\": \"orphan\"")
        let codes = harness.open(uri, text).compactMap { $0["code"]?.stringValue }
        XCTAssertFalse(codes.contains("unreachable-step"))
        XCTAssertFalse(codes.contains("unknown-node-type"))
        var plain = ServerHarness()
        XCTAssertEqual(Set(plain.open(uri, text).compactMap { $0["code"]?.stringValue }), ["unreachable-step", "unknown-node-type"])
    }
}

final class WorkspaceSchemaTests: XCTestCase {
    func testJSONNamingASchemaFileOfTheWorkspaceIsValidatedAgainstIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = #"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}"#
        try Data(schema.utf8).write(to: folder.appendingPathComponent("person.schema.json"))
        var harness = ServerHarness()
        let uri = folder.appendingPathComponent("person.json").absoluteString
        let wrong = harness.open(uri, #"{"$schema": "person.schema.json", "name": 3}"#)
        XCTAssertEqual(wrong.compactMap { $0["code"]?.stringValue }, ["schema"])
        XCTAssertEqual(wrong.first?[path: "range", "start", "character"]?.int, 42, "at the name's value")
        XCTAssertEqual(harness.open(folder.appendingPathComponent("ok.json").absoluteString, #"{"$schema": "person.schema.json", "name": "Ada"}"#), [])
        XCTAssertEqual(harness.open(folder.appendingPathComponent("other.json").absoluteString, #"{"$schema": "missing.schema.json", "name": 3}"#), [],
                       "a schema that is not there is no reason to complain about the file")
    }
}
