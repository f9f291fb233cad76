import XCTest
@testable import FuzzTargets

/// Inputs nested as deep as the parser allows go through the fuzz targets on the test runner's
/// ordinary stack (a debug build, without the `assess` binary's 512 MB thread): compiling, parsing
/// and freeing do not recurse per level, and evaluation stops at its depth limit.
final class DeepInputTests: XCTestCase {
    private func nested(_ open: String, _ inner: String, _ close: String, _ depth: Int) -> [UInt8] {
        Array((String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)).utf8)
    }

    private func run(_ target: FuzzTarget, _ parts: [UInt8]...) {
        XCTAssertNoThrow(try target.run(Array(parts.joined(separator: [0]))))
    }

    func testParserTakesTheDeepestDocuments() {
        run(.parser, nested("[", "", "]", 9_999))
        run(.parser, nested(#"{"a":"#, "1", "}", 9_999))
        run(.parser, nested("[", "", "]", 20_000))
    }

    func testSchemaTargetTakesDeepSchemasAndInstances() {
        run(.schema, nested(#"{"not":"#, "{}", "}", 9_990), Array("null".utf8))
        run(.schema, nested(#"{"items":"#, #"{"type":"string"}"#, "}", 1_500), nested("[", "1", "]", 1_500))
        run(.schema, nested(#"{"properties":{"a":"#, "false", "}}", 4_000), nested(#"{"a":"#, "1", "}", 4_000))
    }

    func testLintAndRunnerTakeDeepSections() {
        let survey = #"{"type":"assessment","identifier":"deep","steps":["#
            + String(repeating: #"{"type":"section","identifier":"s","steps":["#, count: 2_000)
            + #"{"type":"instruction","identifier":"i"}"# + String(repeating: "]}", count: 2_000) + "]}"
        run(.lint, Array(survey.utf8))
        run(.runner, Array(survey.utf8), Array("[]".utf8))
    }
}
