import CLITestSupport
import Foundation
import JSONCore
import XCTest

/// The built binary validates, lints and runs from standard input with the exit statuses the manual gives.
final class BuiltBinaryTests: XCTestCase {
    func testBuiltBinaryValidatesAndExits() throws {
        guard let assess = Paths.executable else { throw XCTSkip("the assess executable was not built next to the tests") }
        let run = try ProcessRun(assess, ["validate", "--schema", Paths.fixture("validate/person.schema.json"), "-"],
                                 stdin: #"{"name": "A", "born": "2000-01-01"}"#)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "<stdin>:1:10: error: string is 1 character long; at least 2 required at /name (/properties/name/minLength)\n")
        XCTAssertEqual(run.stderr, "")
        let deep = try ProcessRun(assess, ["validate", "--schema", Paths.fixture("validate/person.schema.json"), "-"],
                                  stdin: String(repeating: "[", count: 9_000) + String(repeating: "]", count: 9_000))
        XCTAssertEqual(deep.status, 1, "deep nesting is validated without a stack overflow")
    }

    func testBuiltBinaryLintsTheExampleSurvey() throws {
        guard let assess = Paths.executable else { throw XCTSkip("the assess executable was not built next to the tests") }
        let survey = Paths.repository.appendingPathComponent("examples/surveys/example-survey.json").path
        let run = try ProcessRun(assess, ["lint", survey], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(run.stdout.split(separator: "\n").map { String($0.dropFirst(survey.count)) }, [
            ":48:30: error: rule of \"choiceQ1\" matches 4, which is none of its choices (1, 2, 3, 3); it can never fire, so \"simpleQ4\" is never reached this way [unmatchable-answer]",
            ":68:21: error: choices \"Likert Scale\" and \"Decimal Scale\" of \"choiceQ1\" both have the value 3; the answer cannot tell them apart [duplicate-choice-value]",
            ":64:21: note: first choice with value 3",
            ":113:5: error: step \"simpleQ4\" can never be shown: no rule, nextStepIdentifier or preceding step leads to it [unreachable-step]",
        ])
        let clean = try ProcessRun(assess, ["lint", Paths.repository.appendingPathComponent("examples/surveys/food-choices.json").path])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
    }

    func testBuiltBinaryRunsAScriptFromStandardInput() throws {
        guard let assess = Paths.executable else { throw XCTSkip("the assess executable was not built next to the tests") }
        let survey = Paths.repository.appendingPathComponent("examples/surveys/food-choices.json").path
        let run = try ProcessRun(assess, ["run", survey, "--answers", "-", "--now", "2026-01-02T03:04:05Z", "--seed", "3"],
                                 stdin: #"{"meals": [], "fruit": 1, "weight": 70.5}"#)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["path"], ["meals", "completion"], "the rule on the empty answer skips to completion")
        XCTAssertEqual(report["status"], "completed")
        let usage = try ProcessRun(assess, ["run"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.hasPrefix("error: no survey given"), usage.stderr)
    }
}
