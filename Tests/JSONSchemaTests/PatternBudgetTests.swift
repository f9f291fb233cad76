import XCTest
import JSONCore
@testable import JSONSchema

/// Patterns whose counted groups expand past the linear-time size compile; strings within their
/// matching budget are decided exactly, longer ones fail with `patternUndecided` (never "valid").
final class PatternBudgetTests: XCTestCase {
    private let hostname = #"^(?:[a-z0-9-]+\\.){1,126}[a-z]{2,63}$"#
    private let long = String(repeating: "a", count: 10_000) + ".com"

    func testAPatternExpandingFarCompilesAndDecidesOrdinaryStrings() throws {
        let validator = try Validator(schema: JSONDocument(text: #"{"pattern": "\#(hostname)"}"#).value)
        XCTAssertTrue(validator.isValid("www.example.com"))
        XCTAssertEqual(validator.validate("www..com").map(\.kind), [.pattern(#"^(?:[a-z0-9-]+\.){1,126}[a-z]{2,63}$"#)])
    }

    func testAStringBeyondTheBudgetIsNotAccepted() throws {
        let validator = try Validator(schema: JSONDocument(text: #"{"pattern": "\#(hostname)"}"#).value)
        XCTAssertFalse(validator.isValid(.string(long)))
        let errors = validator.validate(.string(long))
        XCTAssertEqual(errors.map(\.kind), [.patternUndecided(#"^(?:[a-z0-9-]+\.){1,126}[a-z]{2,63}$"#)])
        XCTAssertTrue(errors[0].message.contains("too long to decide"), errors[0].message)
    }

    func testAMemberNameBeyondTheBudgetFailsPatternPropertiesAndIsNotAdditional() throws {
        let schema = try JSONDocument(text: #"{"patternProperties": {"\#(hostname)": {"type": "integer"}}, "additionalProperties": false}"#).value
        let validator = try Validator(schema: schema)
        XCTAssertTrue(validator.isValid(["example.com": 1]))
        XCTAssertFalse(validator.isValid(["example.com": "one"]))
        let instance = JSONValue.object(JSONObject([.init(key: long, value: 1)]))
        XCTAssertFalse(validator.isValid(instance))
        let errors = validator.validate(instance)
        XCTAssertEqual(errors.map(\.kind), [.patternUndecided(#"^(?:[a-z0-9-]+\.){1,126}[a-z]{2,63}$"#)])
        XCTAssertEqual(errors.first?.instanceLocation.description, "/" + long)
        XCTAssertEqual(errors.first?.keywordLocation.description, "/patternProperties")
    }

    func testABackreferencePatternThatRunsOutOfStepsIsUndecided() throws {
        let validator = try Validator(schema: JSONDocument(text: #"{"pattern": "(.*)\\1\\1x"}"#).value)
        let subject = JSONValue.string(String(repeating: "ab", count: 5_000))
        XCTAssertEqual(validator.validate(subject).map(\.kind), [.patternUndecided(#"(.*)\1\1x"#)])
        XCTAssertTrue(validator.isValid("abababx"))
    }
}
