import CLITestSupport
import Foundation
import XCTest
import AssessmentLint

/// `assess run` refuses nodes neither phone engine can decode, even with `--allow-lint-errors`, naming the
/// step, the member and the line; problems the engines tolerate still run with that flag.
final class UndecodableStepsTests: XCTestCase {
    private func survey(_ steps: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("survey.json").path
        try Data("""
            {"type": "assessment", "identifier": "s", "steps": [
              {"type": "instruction", "identifier": "intro"},
              \(steps)
            ]}
            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testASimpleQuestionWithoutInputItemIsRefused() throws {
        let path = try survey(#"{"type": "simpleQuestion", "identifier": "age", "title": "Age?"}"#, in: try Paths.scratch(self))
        let run = CapturedRun(["run", path, "--allow-lint-errors", "--answers", "-"], stdin: #"{"age": "anything"}"#)
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stderr.contains(#"survey.json:3:3: error: step "age" is a simpleQuestion without "inputItem"; neither phone engine can decode it; it cannot run, not even with --allow-lint-errors"#), run.stderr)
        XCTAssertEqual(run.stdout, "", "no report: the survey never ran")
    }

    func testChoiceAndMultipleInputQuestionsWithoutTheirItemsAreRefused() throws {
        let path = try survey("""
            {"type": "choiceQuestion", "identifier": "color", "baseType": "string"},
              {"type": "multipleInputQuestion", "identifier": "both"}
            """, in: try Paths.scratch(self))
        let run = CapturedRun(["run", path, "--allow-lint-errors", "--answers", "-"], stdin: "{}")
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stderr.contains(#"step "color" is a choiceQuestion without "choices""#), run.stderr)
        XCTAssertTrue(run.stderr.contains(#"step "both" is a multipleInputQuestion without "inputItems""#), run.stderr)
    }

    func testProblemsTheEnginesTolerateStillRunWithTheFlag() throws {
        // An unknown button name fails nothing on the phones; a duplicate choice value is a lint error the engines load.
        let path = try survey("""
            {"type": "choiceQuestion", "identifier": "color", "baseType": "integer",
               "choices": [{"value": 1, "text": "red"}, {"value": 1, "text": "blue"}]}
            """, in: try Paths.scratch(self))
        XCTAssertEqual(CapturedRun(["run", path, "--answers", "-"], stdin: #"{"color": 1}"#).status, .findings, "refused without the flag")
        let run = CapturedRun(["run", path, "--allow-lint-errors", "--answers", "-"], stdin: #"{"color": 1}"#)
        XCTAssertEqual(run.status, .ok, run.stderr)
    }
}
