import CLITestSupport
import Foundation
import JSONCore
import XCTest

/// `run` interactively and on surveys it cannot run, and what `routes` and `graph` say of those,
/// through the built binary (issue 33: items 5 and 9).
final class InteractiveRunMessagesTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }
    private let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "5"]

    private func occurrences(of text: String, in output: String) -> Int { output.components(separatedBy: text).count - 1 }

    func testARefusedAnswerListsTheChoicesOnceThenPromptsAgain() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"type": "assessment", "identifier": "pick", "steps": [
             {"type": "choiceQuestion", "identifier": "size", "title": "Size?", "baseType": "integer", "singleChoice": true,
              "choices": [{"value": 1, "text": "Small"}, {"value": 2, "text": "Large"}]},
             {"type": "completion", "identifier": "done"}]}
            """#, to: "pick.json", in: folder)
        let run = try Binary.run(["run", survey, "--interactive", "--report", "json"] + now, stdin: "9\n2\n\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(occurrences(of: "  1. Small\n", in: run.stderr), 2, "shown with the step, then once with the refusal: \(run.stderr)")
        XCTAssertEqual(occurrences(of: "[size] Size?", in: run.stderr), 1, "the step is not shown again")
        XCTAssertTrue(run.stderr.contains("  ! \"9\" is not a choice number\n  1. Small\n  2. Large\nreturn = next"), run.stderr)
        XCTAssertEqual(try JSONDocument(text: run.stdout).value["answers"], ["size": 2])
    }

    func testHiddenBackUsesThePromptsWordAndEndOfInputStartsItsOwnLine() throws {
        let run = try Binary.run(["run", path("examples/surveys/mood-loop.json"), "--interactive"] + now, stdin: "b\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("  ! step \"intro\" does not show the back button\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("goBackward"), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("> \nerror: input ended before the survey did\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("> error:"), run.stderr)
    }

    func testARootWithoutTypeIsNamedAndRoutesSaysWhatRunNeeds() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"identifier": "untyped", "steps": [
             {"type": "instruction", "identifier": "hello"},
             {"type": "completion", "identifier": "done"}]}
            """#, to: "untyped.json", in: folder)
        let problem = "the root has no \"type\"; a survey's root is an object with \"type\": \"assessment\", an \"identifier\" and \"steps\""
        for extra in [[], ["--allow-lint-errors"]] {
            let run = try Binary.run(["run", survey, "--answers", path("examples/scripts/mood-loop/low-then-fine.json")] + extra)
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stderr, "\(survey): error: \(problem)\n", "the same refusal, whatever the options")
        }
        let routes = try Binary.run(["routes", survey])
        XCTAssertEqual(routes.status, 0)
        XCTAssertEqual(routes.stderr, "\(survey): warning: the survey fails lint (1 error; see 'assess lint \(survey)'); 'assess run' refuses it: \(problem)\n")
        XCTAssertFalse(routes.stderr.contains("--allow-type"), routes.stderr)
        XCTAssertEqual(try Binary.run(["graph", survey, "-f", "dot"]).stderr, routes.stderr, "graph says the same")

        let misspelt = try Binary.write(#"{"type": "asessment", "identifier": "typo", "steps": [{"type": "completion", "identifier": "done"}]}"#,
                                        to: "typo.json", in: folder)
        XCTAssertEqual(try Binary.run(["run", misspelt, "--allow-lint-errors", "-i"]).stderr,
                       "\(misspelt): error: the root has unknown type \"asessment\"; did you mean \"assessment\"? an app's own type can be allowed with --allow-type asessment or in assess.json\n")

        // A root that only fails lint: routes' hint is what run accepts.
        let failing = path("examples/surveys/example-survey.json")
        let hint = try Binary.run(["routes", failing]).stderr
        XCTAssertTrue(hint.hasSuffix("'assess run' refuses it without --allow-lint-errors\n"), hint)
        let allowed = try Binary.run(["run", failing, "--allow-lint-errors", "--answers", path("examples/scripts/example-survey")])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
    }

    func testASurveyThatLooksLikeAScriptIsReportedAsASurvey() throws {
        let folder = try Paths.scratch(self)
        // No "type", "identifier" or "steps": the sniffing alone would take it for a shorthand script.
        let survey = try Binary.write(#"{"title": "Sleep", "detail": "A few questions", "shouldHideActions": ["goBackward"]}"#, to: "sleep.json", in: folder)
        let run = try Binary.run(["run", survey, "--answers", path("examples/scripts/mood-loop/low-then-fine.json")])
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stderr.contains("answer script"), run.stderr)
        XCTAssertEqual(run.stderr, "\(survey): error: the root has no \"type\"; a survey's root is an object with \"type\": \"assessment\", an \"identifier\" and \"steps\"\n")
    }
}
