import CLITestSupport
import Foundation
import XCTest
import AssessmentLint

/// `assess lint` with members no engine reads: a warning (an error with `--strict`), allowed by
/// `--allow-property` or `allowProperties` in `assess.json`.
final class UnknownPropertyCommandTests: XCTestCase {
    func testAllowedPropertiesFromTheCommandLineAndAssessJSON() throws {
        let folder = try Paths.scratch(self)
        let survey = folder.appendingPathComponent("keys.json")
        try Data(#"{"type": "assessment", "identifier": "s", "steps": [{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "One", "points": 2}]}]}"#.utf8).write(to: survey)
        let warned = CapturedRun(["lint", survey.path])
        XCTAssertEqual(warned.status, .ok, "a warning")
        XCTAssertEqual(warned.stdout, "\(survey.path):1:162: warning: \"points\" is not a member of a choice of choiceQuestion \"q\" (iOS ignores it and Android's default decoder refuses the file) [unknown-property]\n")
        XCTAssertEqual(CapturedRun(["lint", "--strict", survey.path]).status, .findings)
        XCTAssertEqual(CapturedRun(["lint", "--strict", "--allow-property", "choice.points", survey.path]).stdout, "")
        XCTAssertEqual(CapturedRun(["lint", "--strict", "--allow-property", "surveyRule.points", survey.path]).status, .findings, "another kind")

        try Data(#"{"allowProperties": ["points"]}"#.utf8).write(to: folder.appendingPathComponent("assess.json"))
        XCTAssertEqual(CapturedRun(["lint", "--strict", survey.path]).status, .ok)
        try Data(#"{"allowProperties": "points"}"#.utf8).write(to: folder.appendingPathComponent("assess.json"))
        let broken = CapturedRun(["lint", survey.path])
        XCTAssertEqual(broken.status, .inputError)
        XCTAssertTrue(broken.stderr.contains("assess.json: \"allowProperties\" must be an array of member names"), broken.stderr)
    }
}
