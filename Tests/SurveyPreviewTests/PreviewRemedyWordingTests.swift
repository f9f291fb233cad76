import Foundation
import JSONCore
import XCTest
@testable import SurveyPreview

/// The preview's findings name the `assess.json` setting that applies a remedy, never a command-line option.
final class PreviewRemedyWordingTests: XCTestCase {
    func testAnUnknownTypeNamesTheAssessJSONSetting() throws {
        let folder = try PreviewTest.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        try #"{"type": "assessment", "identifier": "s", "steps": [{"type": "tapping", "identifier": "a"}, {"type": "completion", "identifier": "done"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let app = PreviewApp(settings: PreviewTest.settings(path), port: PreviewTest.port)
        let state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
        let messages = state["findings"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
        XCTAssertTrue(messages.contains { $0.hasSuffix(#"an app's own type can be allowed with "allowTypes": ["tapping"] in assess.json)"#) }, "\(messages)")
        for message in messages {
            XCTAssertNil(message.range(of: "--[a-z]", options: .regularExpression), message)
        }
    }
}
