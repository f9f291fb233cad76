import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ZipArchive
@testable import AssessCLI
import AssessmentLint

final class RunCommandTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }
    private let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "42"]

    func testExampleScriptsRunAsARegressionSuite() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: path("examples/scripts")).sorted()
        XCTAssertEqual(folders, ["breathing-test", "example-survey", "food-choices", "mood-loop", "sleep-sections"])
        for survey in folders {
            let scripts = try FileManager.default.contentsOfDirectory(atPath: path("examples/scripts/\(survey)"))
            let expected = scripts.filter { $0.hasSuffix(".expected.json") }.count
            XCTAssertEqual(expected * 2, scripts.count, "\(survey): every script has an expected outcome")
            let run = CapturedRun(["run", path("examples/surveys/\(survey).json"), "--allow-lint-errors", "--answers", path("examples/scripts/\(survey)")])
            XCTAssertEqual(run.status, .ok, run.stderr)
            if expected > 1 {
                XCTAssertEqual(run.stderr, "")
                XCTAssertEqual(run.stdout.split(separator: "\n").filter { $0.hasSuffix(": as expected") }.count, expected, run.stdout)
            } else {
                XCTAssertEqual(try JSONDocument(text: run.stdout).value["status"], "completed", "a single script prints its report")
                XCTAssertTrue(run.stderr.hasSuffix(".json: as expected\n"), "and says on standard error that it matched: \(run.stderr)")
            }
        }
    }

    func testASuiteWithReportJSONPrintsOneArrayOfReports() throws {
        let run = CapturedRun(["run", path("examples/surveys/food-choices.json"), "--report", "json", "--answers", path("examples/scripts/food-choices")] + now)
        XCTAssertEqual(run.status, .ok, run.stderr)
        let reports = try XCTUnwrap(try JSONDocument(text: run.stdout).value.arrayValue, "standard output is exactly one JSON array")
        XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.hasSuffix(": as expected") }.count, 2, "status lines go to standard error")
        XCTAssertEqual(reports.map { $0["script"]?.stringValue.map { URL(fileURLWithPath: $0).lastPathComponent } }, ["none.json", "two-meals.json"])
        XCTAssertEqual(reports.map { $0["path"] }, [["meals", "completion"], ["meals", "fruit", "weight", "completion"]])
    }

    func testAMalformedScriptStillGivesAJSONReport() throws {
        let run = CapturedRun(["run", path("examples/surveys/mood-loop.json"), "--answers", "-"], stdin: #"{"steps": [{"identifier": "mood", "action": "jump"}]}"#)
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stderr.contains("unknown action \"jump\""), run.stderr)
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["status"], "failed")
        XCTAssertEqual(report["path"], [])
        XCTAssertEqual(report["error"], "steps[0]: unknown action \"jump\" (skip, goForward, goBackward or cancel)")
    }

    func testJSONReportAndReproducibleResult() throws {
        let folder = try Paths.scratch(self)
        let result = folder.appendingPathComponent("result.json").path
        let arguments = ["run", path("examples/surveys/sleep-sections.json"), "--answers", path("examples/scripts/sleep-sections/good-night.json"), "--result", result] + now
        let run = CapturedRun(arguments)
        XCTAssertEqual(run.status, .ok, run.stderr)
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["status"], "completed")
        XCTAssertEqual(report["steps"]?[0]?["hiddenActions"], ["goBackward", "pause", "skip"])
        XCTAssertEqual(report["steps"]?[0]?["buttonTitles"], ["goForward": "Start"])
        let first = try Data(contentsOf: URL(fileURLWithPath: result))
        XCTAssertEqual(CapturedRun(arguments + ["--force"]).status, .ok)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: result)), first, "--now and --seed make the result byte-for-byte reproducible")
        let written = try JSONDocument(bytes: Array(first)).value
        XCTAssertEqual(written["startDate"], "2026-01-02T03:04:05.000+00:00")
        XCTAssertEqual(written, report["result"])
    }

    func testTextTranscriptShowsAnswersAndRules() {
        let run = CapturedRun(["run", path("examples/surveys/example-survey.json"), "--allow-lint-errors", "--report", "text", "--answers", path("examples/scripts/example-survey/decimal.json")] + now)
        XCTAssertEqual(run.status, .ok)
        XCTAssertTrue(run.stdout.contains("2. choiceQ1 (choiceQuestion): Choose which question to answer\n    answer: 3\n    rule 3 fired (eq 3) → simpleQ3\n3. simpleQ3"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("run completed\n"))
    }

    func testExpectationMismatchExitsOneWithTheDifference() throws {
        let folder = try Paths.scratch(self)
        let expected = folder.appendingPathComponent("expected.json")
        try Data(#"{"status": "completed", "path": ["overview"], "answers": {"choiceQ1": 1}}"#.utf8).write(to: expected)
        let run = CapturedRun(["run", path("examples/surveys/example-survey.json"), "--allow-lint-errors", "--expect", expected.path, "--answers", path("examples/scripts/example-survey/decimal.json")])
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stderr.contains("answers.choiceQ1: expected 1, got 3"), run.stderr)
        XCTAssertTrue(run.stderr.contains("path: expected"), run.stderr)
    }

    func testBadAnswersStopTheRunButTheReportIsStillJSON() throws {
        let run = CapturedRun(["run", path("examples/surveys/example-survey.json"), "--allow-lint-errors", "--answers", "-"], stdin: #"{"choiceQ1": 3, "simpleQ3": 9}"#)
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stderr.contains("step \"simpleQ3\": 9 is above the maximum 5"), run.stderr)
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["status"], "failed")
        XCTAssertEqual(report["error"], "step \"simpleQ3\": 9 is above the maximum 5")
    }

    func testSurveysFailingLintAreRefusedWithoutForce() {
        let run = CapturedRun(["run", path("examples/surveys/example-survey.json"), "--answers", path("examples/scripts/example-survey/skip.json")])
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stderr.contains("[duplicate-choice-value]"), run.stderr)
        XCTAssertTrue(run.stderr.contains("fails lint; fix it or run with --allow-lint-errors"))
    }

    func testInteractiveModeThroughPipedInputAndRecordReplays() throws {
        let folder = try Paths.scratch(self)
        let script = folder.appendingPathComponent("recorded.json").path
        let input = ["", "5", "b", "", "1", "1990", ""].joined(separator: "\n") + "\n"
        let run = CapturedRun(["run", path("examples/surveys/mood-loop.json"), "--interactive", "--record", script] + now, stdin: input)
        XCTAssertEqual(run.status, .ok, run.stderr + run.stdout)
        XCTAssertTrue(run.stderr.contains("[mood] How is your mood right now?"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Type an integer, at least 1, at most 5."), run.stderr)
        XCTAssertTrue(run.stderr.contains("1. Yes, continue"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Run completed."), run.stderr)
        let replay = CapturedRun(["run", path("examples/surveys/mood-loop.json"), "--answers", script] + now)
        XCTAssertEqual(replay.status, .ok, replay.stderr)
        let report = try JSONDocument(text: replay.stdout).value
        XCTAssertEqual(report["answers"], ["mood": 5, "confirm": true, "birthYear": 1990])
        XCTAssertEqual(report["path"], ["intro", "mood", "confirm", "mood", "confirm", "birthYear", "completion"])
    }

    func testInteractiveRetriesBadInput() {
        let input = ["", "nine", "9", "3", "1", "", ""].joined(separator: "\n") + "\n"
        let run = CapturedRun(["run", path("examples/surveys/mood-loop.json"), "--interactive"] + now, stdin: input)
        XCTAssertEqual(run.status, .ok, run.stderr)
        XCTAssertTrue(run.stderr.contains("! step \"mood\": expected an integer"), run.stderr)
        XCTAssertTrue(run.stderr.contains("! step \"mood\": 9 is above the maximum 5"), run.stderr)
    }

    func testInteractiveSelectorsOtherAndBackOnTheFirstStep() throws {
        let food = CapturedRun(["run", path("examples/surveys/food-choices.json"), "--interactive"] + now, stdin: "2,5,4\n1\n70\n\n")
        XCTAssertEqual(food.status, .ok, food.stderr)
        XCTAssertTrue(food.stderr.contains("4. All of them"), food.stderr)
        XCTAssertFalse(food.stderr.contains("b = "), "goBackward is hidden on every step of this survey")
        let folder = try Paths.scratch(self)
        let script = folder.appendingPathComponent("recorded.json").path
        let input = ["b", "", "s", "s", "mauve", "y", "b", "1,3", "1", "", ""].joined(separator: "\n") + "\n"
        let example = CapturedRun(["run", path("examples/surveys/example-survey.json"), "--allow-lint-errors", "--interactive", "--record", script] + now, stdin: input)
        XCTAssertEqual(example.status, .ok, example.stderr)
        XCTAssertTrue(example.stderr.contains("s = Skip me"), example.stderr)
        XCTAssertTrue(example.stderr.contains("Previous answer: mauve (press return"), "the previous answer as it was typed")
        let replay = CapturedRun(["run", path("examples/surveys/example-survey.json"), "--allow-lint-errors", "--answers", script] + now)
        let report = try JSONDocument(text: replay.stdout).value
        XCTAssertEqual(report["path"], ["overview", "choiceQ1", "followupQ", "multipleChoice", "favoriteFood", "multipleChoice", "favoriteFood", "pizza", "completion"],
                       "back on the first step was refused; a skipped choiceQ1 goes to followupQ")
        XCTAssertEqual(report["answers"]?["multipleChoice"], ["blue", "green"])
        let recorded = try JSONDocument(bytes: Array(Data(contentsOf: URL(fileURLWithPath: script)))).value
        XCTAssertTrue(example.stderr.contains("  ! step \"overview\" does not show the back button\n"), example.stderr)
        XCTAssertEqual(recorded["steps"]?[0], ["identifier": "overview", "action": "goForward"], "the refused Back is not recorded (issue 23)")
    }

    func testUsage() {
        XCTAssertEqual(CapturedRun(["run"]).status, .usage)
        XCTAssertEqual(CapturedRun(["run", path("examples/surveys/mood-loop.json")]).status, .usage, "no script and no terminal")
        XCTAssertEqual(CapturedRun(["run", path("examples/surveys/mood-loop.json"), "--seed", "x", "--answers", "-"]).status, .usage)
        XCTAssertEqual(CapturedRun(["run", "/no/such.json", "--answers", "-"]).status, .inputError)
    }
}
