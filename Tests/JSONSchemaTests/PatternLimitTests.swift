import XCTest
import JSONCore
@testable import JSONSchema

/// A `pattern` whose repetitions would expand past the regex engine's limit is refused like any
/// invalid regular expression: a schema error at the keyword's line and column.
final class PatternLimitTests: XCTestCase {
    func testAnOverExpandingPatternIsAPositionedSchemaError() throws {
        let text = "{\n  \"properties\": {\n    \"a\": {\"pattern\": \"(?:.*a){0,9000}x\"}\n  }\n}"
        let document = try JSONDocument(text: text, options: .init(recordPositions: true))
        XCTAssertThrowsError(try Validator(schema: document.value, uri: "file:///s/schema.json", sourceMap: document.sourceMap,
                                           sourceName: "schema.json")) { error in
            let schemaError = error as? SchemaError
            guard case .invalidPattern(let pattern, let reason)? = schemaError?.kind else {
                return XCTFail("expected invalidPattern, got \(error)")
            }
            XCTAssertEqual(pattern, "(?:.*a){0,9000}x")
            XCTAssertTrue(reason.contains("too large after expanding its repetitions"), reason)
            XCTAssertEqual(schemaError?.location, "file:///s/schema.json#/properties/a/pattern")
            XCTAssertEqual(schemaError?.position?.line, 3)
        }
    }

    func testACountedSingleCharacterPatternValidatesLongStrings() throws {
        let schema = try Validator(schema: try JSONDocument(text: #"{"pattern": "^(?:a|b){0,9000}$"}"#).value)
        XCTAssertTrue(schema.isValid(.string(String(repeating: "ab", count: 4_500))))
        XCTAssertFalse(schema.isValid(.string(String(repeating: "ab", count: 4_500) + "a")))
        XCTAssertFalse(schema.isValid(.string(String(repeating: "ab", count: 2_000) + "c")))
    }
}
