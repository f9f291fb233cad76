import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// `ui-hint`: misspelt hints and hints listed for another kind of question; no alarm for the hints
/// the apps use or for an app's own.
final class UIHintLintTests: XCTestCase {
    private func lint(_ steps: String) -> [Finding] {
        let text = "{\"type\": \"assessment\", \"identifier\": \"survey\", \"steps\": [\n\(steps)\n]}"
        return Linter().lint(bytes: Array(text.utf8), file: "t.json").findings.filter { $0.ruleID == "ui-hint" }
    }

    private func choice(_ hint: String) -> String {
        #"{"type": "choiceQuestion", "identifier": "c", "baseType": "integer", "uiHint": "\#(hint)", "choices": [{"value": 1, "text": "One"}]}"#
    }

    private func simple(_ input: String, _ hint: String) -> String {
        #"{"type": "simpleQuestion", "identifier": "s", "uiHint": "\#(hint)", "inputItem": {"type": "\#(input)"}}"#
    }

    func testHintsTheFormatAndTheAppsUsePass() {
        XCTAssertEqual(lint([choice("checkbox"), choice("RadioButton"), choice("checkmark"), choice("radio"), choice("popover"),
                             simple("integer", "slider"), simple("number", "likert"), simple("year", "picker"),
                             simple("string", "multipleLine"), simple("string", "textfield"), simple("time", "picker"),
                             choice("allThatJazz")].joined(separator: ",\n")).map(\.message), [])
    }

    func testAMisspeltHintIsNamedWithTheLikelyOne() throws {
        let findings = assertLint(survey(#"{"type": "simpleQuestion", "identifier": "s", "uiHint": 1️⃣"slidr", "inputItem": {"type": "integer"}}"#), [
            FindingSpec("1️⃣", .uiHint, severity: .warning),
        ])
        XCTAssertEqual(findings.first { $0.rule == .uiHint }?.message,
                       "uiHint \"slidr\" of \"s\" is not a hint the apps know, so they show their default control; did you mean \"slider\"?")
    }

    func testAHintListedForAnotherKindOfQuestion() {
        XCTAssertEqual(lint(choice("slider")).map(\.message),
                       ["uiHint \"slider\" is listed for number questions, but \"c\" is a choice question (its hints: checkbox, radioButton)"])
        XCTAssertEqual(lint(simple("string", "likert")).map(\.message),
                       ["uiHint \"likert\" is listed for number questions, but \"s\" is a text question (its hints: textfield, multipleLine)"])
        XCTAssertEqual(lint(simple("integer", "radioButton")).map(\.message),
                       ["uiHint \"radioButton\" is listed for choice questions, but \"s\" is a number question (its hints: textfield, slider, likert, picker)"])
        XCTAssertEqual(lint(simple("number", "multipleLine")).count, 1)
    }
}
