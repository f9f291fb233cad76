import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// `regExValidator` and `keyboardOptions` of string inputs, as the reference defines them.
final class RegExValidatorLintTests: XCTestCase {
    private func lint(_ inputItem: String) -> [Finding] {
        let text = """
            {"type": "assessment", "identifier": "survey", "steps": [
            {"type": "simpleQuestion", "identifier": "zip", "inputItem": \(inputItem)}
            ]}
            """
        return Linter().lint(bytes: Array(text.utf8), file: "t.json").findings
    }

    func testAValidatorAndKeyboardOptionsAsTheAppsWriteThemLintClean() {
        let findings = lint(#"{"type": "string", "keyboardOptions": {"keyboardType": "numberPad", "autocorrectionType": "no", "spellCheckingType": "no", "autocapitalizationType": "none", "isSecureTextEntry": false}, "regExValidator": {"pattern": "^[0-9]{5}$", "invalidMessage": "Five digits, please."}}"#)
        XCTAssertEqual(findings.map(\.ruleID), [])
    }

    func testAPatternThatIsNotARegularExpressionIsReportedAtThePattern() throws {
        let findings = assertLint(survey(#"{"type": "simpleQuestion", "identifier": "zip", "inputItem": {"type": "string", "regExValidator": {"pattern": 1️⃣"[0-9", "invalidMessage": "Digits only."}}}"#), [
            FindingSpec("1️⃣", .regexValidator, severity: .warning, message: "\"[0-9\" is not a valid regular expression"),
        ], rules: [])
        XCTAssertEqual(findings.first?.pointer.description, "/steps/0/inputItem/regExValidator/pattern")
    }

    func testAValidatorOnANumberInputIsIgnoredByTheApps() {
        let findings = lint(#"{"type": "integer", "regExValidator": {"pattern": "^[0-9]+$", "invalidMessage": "Digits only."}}"#)
        XCTAssertEqual(findings.map(\.ruleID), ["regex-validator"])
        XCTAssertEqual(findings.first?.message, "\"zip\" has a regExValidator on an input of type integer; the apps check only string inputs with it")
    }

    func testTheSchemaChecksTheValidatorAndKeyboardShapes() {
        XCTAssertEqual(lint(#"{"type": "string", "regExValidator": {"pattern": "^a$"}}"#).map(\.ruleID), ["schema"], "invalidMessage is required")
        XCTAssertEqual(lint(#"{"type": "string", "keyboardOptions": {"keyboardType": "numeric"}}"#).map(\.ruleID), ["schema"])
        XCTAssertEqual(lint(#"{"type": "string", "keyboardOptions": {"secure": true}}"#).map(\.ruleID), ["schema"])
    }
}
