import JSONCore
import XCTest

/// The editor names the settings the server reads (`assess.json`, the editor's `assess` settings), never a
/// command-line option.
final class RemedyWordingTests: XCTestCase {
    func testAnUnknownTypeNamesTheAllowTypesSettingNotAnOption() {
        var harness = ServerHarness()
        let text = #"""
            {"$schema": "https://example.org/my-survey.json", "type": "assessment", "identifier": "s", "steps": [
              {"type": "tapping", "identifier": "a"},
              {"type": "instrution", "identifier": "b"},
              {"type": "completion", "identifier": "done"}]}
            """#
        let messages = harness.open("untitled:s.json", text).compactMap { $0["message"]?.stringValue }
        let settings = #"assess.json or the editor's "assess" settings)"#
        XCTAssertTrue(messages.contains { $0.hasSuffix(#"an app's own type can be allowed with "allowTypes": ["tapping"] in "# + settings) }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasSuffix(#"if it is an app's own type, allow it with "allowTypes": ["instrution"] in "# + settings) }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasSuffix("(give the schema with a folder holding the schema, or another schema chosen for the survey)") }, "\(messages)")
        for message in messages {
            XCTAssertNil(message.range(of: "--[a-z]", options: .regularExpression), message)
        }
    }
}
