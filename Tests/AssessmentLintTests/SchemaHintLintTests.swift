import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// Schema findings on a member's value name the member and, where one value is meant, offer it as a fix.
final class SchemaHintLintTests: XCTestCase {
    private func survey(_ steps: String) -> [UInt8] {
        Array("{\"type\": \"assessment\", \"identifier\": \"survey\", \"steps\": [\n\(steps)\n]}".utf8)
    }

    private func schemaFindings(_ text: [UInt8]) -> [Finding] {
        Linter().lint(bytes: text, file: "t.json").findings.filter { $0.rule == .schema }
    }

    func testMeantValuesAreNamedAndFixed() {
        let cases: [(step: String, message: String, fix: String)] = [
            (#"{"type": "choiceQuestion", "identifier": "q", "baseType": "int", "choices": [{"value": 1, "text": "One"}]}"#,
             #"step "q": "baseType": value must be one of "string", "number", "integer", "boolean", "null", "array", or "object"; did you mean "integer"? (enum)"#,
             #"replace with "integer""#),
            (#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1, "text": "One"}], "surveyRules": [{"matchingAnswer": 1, "ruleOperator": "equals", "skipToIdentifier": "exit"}]}"#,
             #"step "q": "ruleOperator": value must be one of "eq", "ne", "lt", "gt", "le", or "ge"; did you mean "eq"? (enum)"#,
             #"replace with "eq""#),
            (#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1, "text": "One"}], "surveyRules": [{"matchingAnswer": 1, "ruleOperator": "GreaterThan", "skipToIdentifier": "exit"}]}"#,
             #"step "q": "ruleOperator": value must be one of "eq", "ne", "lt", "gt", "le", or "ge"; did you mean "gt"? (enum)"#,
             #"replace with "gt""#),
            (#"{"type": "simpleQuestion", "identifier": "h", "inputItem": {"type": "integer", "formatOptions": {"maximumValue": "24"}}}"#,
             #"step "h": "maximumValue": expected a number but found a string; did you mean 24? (type)"#, "replace with 24"),
            (#"{"type": "countdown", "identifier": "c", "duration": " 5.5"}"#,
             #"step "c": "duration": expected a number but found a string; did you mean 5.5? (type)"#, "replace with 5.5"),
            (#"{"type": "choiceQuestion", "identifier": "q", "singleChoice": "false", "choices": [{"value": 1, "text": "One"}]}"#,
             #"step "q": "singleChoice": expected a boolean but found a string; did you mean false? (type)"#, "replace with false"),
        ]
        for (step, message, fix) in cases {
            let text = survey(step)
            let found = schemaFindings(text)
            XCTAssertEqual(found.map(\.message), [message])
            XCTAssertEqual(found.first?.fixes.map(\.title), [fix])
            XCTAssertEqual(schemaFindings(applying(found.first?.fixes.first, to: text)), [], "the fix clears: \(step)")
        }
    }

    func testNoValueMeantNamesTheMemberWithoutAFix() {
        let found = schemaFindings(survey(#"{"type": "simpleQuestion", "identifier": "h", "inputItem": {"type": "integer", "formatOptions": {"maximumValue": "ten"}}}"#))
        XCTAssertEqual(found.map(\.message), [#"step "h": "maximumValue": expected a number but found a string (type)"#])
        XCTAssertEqual(found.first?.fixes, [])
        let ambiguous = schemaFindings(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "nu", "choices": [{"value": 1, "text": "One"}]}"#))
        XCTAssertEqual(ambiguous.first?.fixes, [], "\"nu\" begins both null and number")
    }

    func testOtherSchemaMessagesAreUnchanged() {
        let found = schemaFindings(survey(#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1}]}"#))
        XCTAssertEqual(found.map(\.message), [#"step "q": missing required property "text" (required)"#])
    }

    func testMeantValues() {
        XCTAssertEqual(SchemaHint.meant("bool", among: ["string", "boolean"]), "boolean")
        XCTAssertEqual(SchemaHint.meant("<=", among: ["eq", "le"]), "le")
        XCTAssertNil(SchemaHint.meant("x", among: ["string", "boolean"]))
        XCTAssertEqual(SchemaHint.meant("3", as: [.integer]).map { JSONWriter.compact.string($0) }, "3")
        XCTAssertNil(SchemaHint.meant("3.5", as: [.integer]), "not an integer")
        XCTAssertNil(SchemaHint.meant("3", as: [.string, .boolean]))
    }
}
