import Foundation
import XCTest
import JSONCore
@testable import LanguageServer

/// `unknown-property` in an editor: the diagnostic at the member name, its did-you-mean as a quick fix, and
/// the members an `assess.json` allows left alone.
final class UnknownPropertyQuickFixTests: XCTestCase {
    private let text = #"{"type": "assessment", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "titel": "Hi", "score": 3}]}"#

    func testTheQuickFixRenamesTheMember() {
        var harness = ServerHarness()
        let uri = "untitled:keys.json"
        let diagnostics = harness.open(uri, text).filter { $0["code"] == "unknown-property" }
        XCTAssertEqual(diagnostics.count, 2)
        let titel = diagnostics.first { $0["message"]?.stringValue?.contains("titel") ?? false }
        XCTAssertEqual(titel?[path: "range", "start"].flatMap { LSPPosition($0) }, position(of: "\"titel\"", in: text))
        let actions = harness.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": titel?["range"] ?? nil, "context": ["diagnostics": .array(diagnostics)],
        ]).arrayValue ?? []
        let edits = actions.first?[path: "edit", "changes", uri]?.arrayValue ?? []
        XCTAssertEqual(edits.first?["newText"], "\"title\"")
    }

    func testAllowPropertiesInAssessJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"allowProperties": ["instruction.score"]}"#.utf8).write(to: folder.appendingPathComponent("assess.json"))
        var harness = ServerHarness()
        let diagnostics = harness.open(folder.appendingPathComponent("keys.json").absoluteString, text).filter { $0["code"] == "unknown-property" }
        XCTAssertEqual(diagnostics.compactMap { $0["message"]?.stringValue }.count, 1)
        XCTAssertTrue(diagnostics.first?["message"]?.stringValue?.contains("titel") ?? false)
    }
}
