import CLITestSupport
import Foundation
import JSONCore
import XCTest

/// `assess run` with answer scripts, through the built binary (issue 12: scripts and reports).
final class RunScriptBinaryTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }
    private let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "3"]

    /// Two sections each ask a question `mood`; then `notes` and `last` at the top level.
    static let twins = #"""
        {"type": "assessment", "identifier": "twins", "steps": [
          {"type": "section", "identifier": "morning", "steps": [
            {"type": "simpleQuestion", "identifier": "mood", "title": "Morning mood", "inputItem": {"type": "integer"}}]},
          {"type": "section", "identifier": "evening", "steps": [
            {"type": "simpleQuestion", "identifier": "mood", "title": "Evening mood", "inputItem": {"type": "integer"}}]},
          {"type": "simpleQuestion", "identifier": "notes", "inputItem": {"type": "string"}},
          {"type": "simpleQuestion", "identifier": "last", "inputItem": {"type": "string"}}
        ]}
        """#

    func testASuiteWithReportJSONPrintsExactlyOneArrayAndStatusLinesOnStandardError() throws {
        let suite = try Binary.run(["run", path("examples/surveys/food-choices.json"), "--report", "json", "--answers", path("examples/scripts/food-choices")] + now)
        XCTAssertEqual(suite.status, 0, suite.stderr)
        let reports = try XCTUnwrap(try JSONDocument(text: suite.stdout).value.arrayValue, "standard output is one JSON array and nothing else")
        XCTAssertEqual(reports.count, 2)
        XCTAssertEqual(suite.stderr, ["none", "two-meals"].map { path("examples/scripts/food-choices/\($0).json") + ": as expected\n" }.joined())

        let single = try Binary.run(["run", path("examples/surveys/mood-loop.json"), "--answers", path("examples/scripts/mood-loop/low-then-fine.json")] + now)
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(try JSONDocument(text: single.stdout).value["status"], "completed")
        XCTAssertEqual(single.stderr, path("examples/scripts/mood-loop/low-then-fine.json") + ": as expected\n", "a single script says it matched")
    }

    func testAnswersAreKeyedByStepPathWithNullForQuestionsLeftWithoutAnswer() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(Self.twins, to: "twins.json", in: folder)
        let back = try Binary.write(#"""
            {"steps": [{"identifier": "mood", "answer": 1}, {"identifier": "mood", "answer": 2},
                       {"identifier": "notes", "action": "goBackward"}, {"identifier": "mood", "action": "cancel"}]}
            """#, to: "back.json", in: folder)
        let run = try Binary.run(["run", survey, "--answers", back] + now)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["status"], "cancelled")
        XCTAssertEqual(report["answers"], ["morning/mood": 1, "evening/mood": 2, "notes": .null],
                       "same identifiers in two sections keep both answers; notes was left with goBackward")
        XCTAssertEqual(report["answers"]?.objectValue?.keys, ["morning/mood", "evening/mood", "notes"], "in order of first showing; last was never shown")

        let cancel = try Binary.write(#"{"steps": [{"identifier": "mood", "answer": 1}, {"identifier": "mood", "answer": 2}, {"identifier": "notes", "answer": "x"}, {"identifier": "last", "action": "cancel"}]}"#,
                                      to: "cancel.json", in: folder)
        let cancelled = try JSONDocument(text: try Binary.run(["run", survey, "--answers", cancel] + now).stdout).value
        XCTAssertEqual(cancelled["answers"]?["last"], .null, "a question shown when the run was cancelled")
        XCTAssertEqual(cancelled["answers"]?["notes"], "x")
    }

    func testScriptsAreCheckedBeforeTheRunWithPositions() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(Self.twins, to: "twins.json", in: folder)
        let full = try Binary.write("{\"steps\": [\n  {\"identifier\": \"mood\"},\n  {\"identifier\": \"mod\", \"answr\": 1}\n], \"extra\": 1}\n", to: "full.json", in: folder)
        let run = try Binary.run(["run", survey, "--answers", full])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, """
            \(full):4:4: error: unknown top-level key "extra"; a script in full form has only "steps"
            \(full):2:3: error: steps[0] (mood) needs an "answer" or an "action"
            \(full):3:25: error: steps[1]: unknown key "answr" (did you mean "answer"?)
            \(full):3:18: error: steps[1]: "mod" is not a step of the survey; did you mean "mood"?
            \(full):3:3: error: steps[1] (mod) needs an "answer" or an "action"

            """)
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["status"], "failed")
        XCTAssertEqual(report["path"], [], "nothing ran")

        let shorthand = try Binary.write(#"{"notes": "x", "nots": "y"}"#, to: "short.json", in: folder)
        let typo = try Binary.run(["run", survey, "--answers", shorthand])
        XCTAssertEqual(typo.status, 1)
        XCTAssertEqual(typo.stderr, "\(shorthand):1:16: error: \"nots\" names no question of the survey; did you mean \"notes\"?\n")

        let surveyAsScript = try Binary.run(["run", survey, "--answers", survey])
        XCTAssertEqual(surveyAsScript.status, 1)
        XCTAssertTrue(surveyAsScript.stderr.hasPrefix("\(survey):1:1: error: this is a survey"), surveyAsScript.stderr)

        let broken = try Binary.write("{\"steps\": [\n  {\"identifier\": \"a\",}\n]}", to: "broken.json", in: folder)
        let syntax = try Binary.run(["run", survey, "--answers", broken])
        XCTAssertEqual(syntax.status, 3)
        XCTAssertTrue(syntax.stderr.hasPrefix("\(broken):2:21: error: trailing comma"), syntax.stderr)
    }

    func testAMismatchNamesTheScriptEntryAndItsLine() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(Self.twins, to: "twins.json", in: folder)
        let script = try Binary.write("{\"steps\": [\n  {\"identifier\": \"mood\", \"answer\": 1},\n  {\"identifier\": \"notes\", \"answer\": \"x\"}\n]}", to: "skips.json", in: folder)
        let run = try Binary.run(["run", survey, "--answers", script])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "\(script):3:3: error: script entry steps[1] expected \"notes\" but the survey showed \"mood\"\n")
    }

    func testAFailedRunsTranscriptEndsWithRunFailed() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(Self.twins, to: "twins.json", in: folder)
        let leftover = try Binary.write(#"{"steps": [{"identifier": "mood", "answer": 1}, {"identifier": "mood", "answer": 2}, {"identifier": "notes", "answer": "x"}, {"identifier": "last", "answer": "y"}, {"identifier": "last", "answer": "z"}]}"#,
                                        to: "leftover.json", in: folder)
        let run = try Binary.run(["run", survey, "--report", "text", "--answers", leftover])
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stdout.contains("run completed"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("\nrun failed: the run ended (completed) but the script still has entries, starting with steps[4] \"last\"\n"), run.stdout)
        let badAnswer = try Binary.run(["run", survey, "--report", "text", "--answers", "-"], stdin: #"{"mood": "high"}"#)
        XCTAssertEqual(badAnswer.status, 1)
        XCTAssertTrue(badAnswer.stdout.hasSuffix("\nrun failed: step \"mood\": expected an integer (integer input) but got a string \"high\"\n"), badAnswer.stdout)
    }

    func testForceReplacesOutputsAndLintErrorsNeedTheirOwnFlag() throws {
        let folder = try Paths.scratch(self)
        let result = folder.appendingPathComponent("result.json").path, archive = folder.appendingPathComponent("run.zip").path
        let arguments = ["run", path("examples/surveys/mood-loop.json"), "--answers", path("examples/scripts/mood-loop/low-then-fine.json"),
                         "--result", result, "--archive", archive]
        XCTAssertEqual(try Binary.run(arguments + ["--now", "2026-01-02T03:04:05.000+00:00"]).status, 0)
        let firstResult = try Data(contentsOf: URL(fileURLWithPath: result)), firstArchive = try Data(contentsOf: URL(fileURLWithPath: archive))
        let refused = try Binary.run(arguments + ["--now", "2027-01-01T00:00:00.000+00:00"])
        XCTAssertEqual(refused.status, 3)
        XCTAssertEqual(refused.stderr, "error: \(result) already exists (use --force to replace it)\n")
        XCTAssertEqual(refused.stdout, "", "refused before the run")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: result)), firstResult)
        try FileManager.default.removeItem(atPath: result)
        let archiveRefused = try Binary.run(arguments + ["--now", "2027-01-01T00:00:00.000+00:00"])
        XCTAssertEqual(archiveRefused.stderr, "error: \(archive) already exists (use --force to replace it)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: result), "nothing is written when one output is refused")
        XCTAssertEqual(try Binary.run(arguments + ["--now", "2027-01-01T00:00:00.000+00:00", "--force"]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: archive)), firstArchive, "--force replaced the archive")
        XCTAssertTrue(try String(contentsOfFile: result, encoding: .utf8).contains("2027-01-01"))

        let lint = ["run", path("examples/surveys/example-survey.json"), "--answers", path("examples/scripts/example-survey/skip.json")]
        let lintFails = try Binary.run(lint + ["--force"])
        XCTAssertEqual(lintFails.status, 1, "--force no longer runs a survey that fails lint")
        XCTAssertTrue(lintFails.stderr.hasSuffix("fails lint; fix it or run with --allow-lint-errors\n"), lintFails.stderr)
        XCTAssertEqual(try Binary.run(lint + ["--allow-lint-errors"]).status, 0)
    }
}
