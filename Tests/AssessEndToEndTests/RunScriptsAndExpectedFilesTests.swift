import CLITestSupport
import Foundation
import JSONCore
import XCTest

/// `assess run` as a new user meets it, through the built binary (issue 23: items 1, 2, 3, 10, 13).
final class RunScriptsAndExpectedFilesTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }
    private let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "4"]
    private var moodLoop: String { path("examples/surveys/mood-loop.json") }

    /// A folder with the mood-loop script twice: one with its expected file, one without.
    private func suite() throws -> URL {
        let folder = try Paths.scratch(self)
        let script = try String(contentsOfFile: path("examples/scripts/mood-loop/low-then-fine.json"), encoding: .utf8)
        _ = try Binary.write(script, to: "a.json", in: folder)
        _ = try Binary.write(script, to: "b.json", in: folder)
        _ = try Binary.write(try String(contentsOfFile: path("examples/scripts/mood-loop/low-then-fine.expected.json"), encoding: .utf8),
                             to: "a.expected.json", in: folder)
        return folder
    }

    func testEveryScriptOfAFolderGetsItsLine() throws {
        let folder = try suite()
        let run = try Binary.run(["run", moodLoop, "--answers", folder.path] + now)
        XCTAssertEqual(run.status, 0, run.stderr)
        let a = folder.appendingPathComponent("a.json").path, b = folder.appendingPathComponent("b.json").path
        XCTAssertEqual(run.stdout, "\(a): as expected\n\(b): completed (no .expected.json)\n")
        XCTAssertEqual(run.stderr, "")

        // A single script without an expected file says so too (on standard error: standard output is its report).
        let single = try Binary.run(["run", moodLoop, "--answers", b] + now)
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(try JSONDocument(text: single.stdout).value["status"], "completed")
        XCTAssertEqual(single.stderr, "\(b): completed (no .expected.json)\n")
    }

    func testWriteExpectedMakesTheRegressionCheckAndRefusesToReplaceWithoutForce() throws {
        let folder = try suite()
        let a = folder.appendingPathComponent("a.json").path, b = folder.appendingPathComponent("b.json").path
        let aExpected = folder.appendingPathComponent("a.expected.json").path, bExpected = folder.appendingPathComponent("b.expected.json").path
        let before = try String(contentsOfFile: aExpected, encoding: .utf8)

        let refused = try Binary.run(["run", moodLoop, "--answers", folder.path, "--write-expected"] + now)
        XCTAssertEqual(refused.status, 3)
        XCTAssertEqual(refused.stderr, "error: \(aExpected) already exists (use --force to replace it)\n")
        XCTAssertEqual(refused.stdout, "", "refused before any run")
        XCTAssertFalse(FileManager.default.fileExists(atPath: bExpected), "nothing written when one file is refused")
        XCTAssertEqual(try String(contentsOfFile: aExpected, encoding: .utf8), before)

        let written = try Binary.run(["run", moodLoop, "--answers", folder.path, "--write-expected", "--force"] + now)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "\(a): wrote \(aExpected)\n\(b): wrote \(bExpected)\n")
        let expected = try JSONDocument(bytes: Array(Data(contentsOf: URL(fileURLWithPath: bExpected)))).value
        XCTAssertEqual(expected, ["status": "completed", "path": ["intro", "mood", "support", "confirm", "mood", "confirm", "birthYear", "completion"],
                                  "answers": ["mood": 4, "confirm": true, "birthYear": 1975]])

        let checked = try Binary.run(["run", moodLoop, "--answers", folder.path] + now)
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertEqual(checked.stdout, "\(a): as expected\n\(b): as expected\n")

        // The written file is a real check: change the script and it differs.
        _ = try Binary.write(#"{"mood": 5, "confirm": true, "birthYear": 1975}"#, to: "b.json", in: folder)
        let differs = try Binary.run(["run", moodLoop, "--answers", b] + now)
        XCTAssertEqual(differs.status, 1)
        XCTAssertTrue(differs.stderr.contains("\(b): differs from \(bExpected):\n"), differs.stderr)

        XCTAssertEqual(try Binary.run(["run", moodLoop, "--answers", b, "--write-expected", "--expect", aExpected]).status, 2)
    }

    func testAFailedRunWritesNoExpectedFile() throws {
        let folder = try Paths.scratch(self)
        let script = try Binary.write(#"{"mood": 9}"#, to: "too-high.json", in: folder)
        let run = try Binary.run(["run", moodLoop, "--answers", script, "--write-expected"] + now)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasSuffix("\(script): failed, so no too-high.expected.json was written\n"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("too-high.expected.json").path))
        let stdin = try Binary.run(["run", moodLoop, "--answers", "-", "--write-expected"], stdin: #"{"mood": 3}"#)
        XCTAssertEqual(stdin.status, 2, "a script from standard input has no folder to write beside")
    }

    func testWriteExpectedBesideARecordedSession() throws {
        let folder = try Paths.scratch(self)
        let record = folder.appendingPathComponent("by-hand.json").path
        let input = ["", "5", "1", "1990", ""].joined(separator: "\n") + "\n"
        let run = try Binary.run(["run", moodLoop, "--interactive", "--record", record, "--write-expected"] + now, stdin: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        let expectedPath = folder.appendingPathComponent("by-hand.expected.json").path
        XCTAssertTrue(run.stderr.hasSuffix("saved the session to \(record)\n\(record): wrote \(expectedPath)\n"), run.stderr)
        let replay = try Binary.run(["run", moodLoop, "--answers", record] + now)
        XCTAssertEqual(replay.status, 0, replay.stderr)
        XCTAssertEqual(replay.stderr, "\(record): as expected\n")

        let noRecord = try Binary.run(["run", moodLoop, "--interactive", "--write-expected"], stdin: input)
        XCTAssertEqual(noRecord.status, 2)
        XCTAssertTrue(noRecord.stderr.hasPrefix("error: --write-expected writes beside answer scripts: give --answers, or --record SCRIPT"), noRecord.stderr)
    }

    func testInteractivePromptsGoToStandardErrorAndStandardOutputIsTheReport() throws {
        let input = ["", "5", "1", "1990", ""].joined(separator: "\n") + "\n"
        let run = try Binary.run(["run", moodLoop, "--interactive", "--format", "json"] + now, stdin: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["answers"], ["mood": 5, "confirm": true, "birthYear": 1990], "standard output is the JSON report alone")
        XCTAssertTrue(run.stderr.contains("[mood] How is your mood right now?"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Type an integer, at least 1, at most 5."), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("Run completed.\n"), run.stderr)
    }

    func testBackWhereItIsHiddenIsRefusedOnTheFirstStepAsOnCompletion() throws {
        let folder = try Paths.scratch(self)
        let record = folder.appendingPathComponent("back.json").path
        let input = ["b", "", "5", "1", "1990", "b", ""].joined(separator: "\n") + "\n"
        let run = try Binary.run(["run", moodLoop, "--interactive", "--record", record] + now, stdin: input)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("  ! step \"intro\" does not show the back button\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("  ! step \"completion\" does not show the back button\n"), run.stderr)
        let script = try JSONDocument(bytes: Array(Data(contentsOf: URL(fileURLWithPath: record)))).value
        XCTAssertEqual(script["steps"]?[0], ["identifier": "intro", "action": "goForward"], "the refused Back is not recorded")
        XCTAssertEqual(script["steps"]?.arrayValue?.count, 5)
    }

    func testSwappedOperandsSayWhichFileIsTheScript() throws {
        let script = path("examples/scripts/mood-loop/low-then-fine.json")
        let swapped = try Binary.run(["run", script, "--answers", moodLoop])
        XCTAssertEqual(swapped.status, 1)
        XCTAssertEqual(swapped.stderr, "\(script): error: this is an answer script, not a survey; give the survey first: assess run SURVEY --answers \(script)\n")

        let folder = try Paths.scratch(self)
        let full = try Binary.write(#"{"steps": [{"identifier": "mood", "answer": 3}, {"identifier": "confirm", "action": "skip"}]}"#, to: "full.json", in: folder)
        let fullForm = try Binary.run(["run", full, "--answers", moodLoop])
        XCTAssertEqual(fullForm.status, 1)
        XCTAssertTrue(fullForm.stderr.hasPrefix("\(full): error: this is an answer script, not a survey"), fullForm.stderr)
    }
}
