import CLITestSupport
import Foundation
import JSONCore
import XCTest

/// `assess run --interactive` through the built binary, answers piped on standard input (issue 12).
final class InteractiveBinaryTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }
    private let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "5"]

    private static func choice(_ identifier: String, single: Bool = false, other: Bool = true) -> String {
        let values = single ? #"[{"value": 1, "text": "Small"}, {"value": 2, "text": "Medium"}, {"value": 3, "text": "Large"}]"#
                            : #"[{"value": "red", "text": "Red"}, {"value": "green", "text": "Green"}, {"value": "blue", "text": "Blue"}]"#
        return #"{"type": "choiceQuestion", "identifier": "\#(identifier)", "title": "\#(identifier)?", "baseType": "\#(single ? "integer" : "string")", "singleChoice": \#(single), "choices": \#(values)\#(other ? #", "other": {"type": "string"}"# : "")}"#
    }

    static let picks = #"{"type": "assessment", "identifier": "picks", "steps": ["#
        + [choice("colors"), choice("more"), choice("mixed"), choice("own"), choice("size", single: true, other: false),
           #"{"type": "simpleQuestion", "identifier": "note", "optional": true, "inputItem": {"type": "string"}}"#,
           #"{"type": "completion", "identifier": "done"}"#].joined(separator: ",\n") + "]}"

    /// The JSON report: all of standard output (the session's own lines go to standard error, issue 23).
    private func report(_ stdout: String) throws -> JSONValue {
        try JSONDocument(text: stdout).value
    }

    func testChoiceNumbersOtherAnswersAndRequiredQuestions() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(Self.picks, to: "picks.json", in: folder)
        let input = ["1 3", "b", "", "1,3", "2 other: teal", "mauve", "n", "mauve", "y", "", "3,1", "9", "2", "", ""]
        let run = try Binary.run(["run", survey, "--interactive", "--report", "json"] + now, stdin: input.joined(separator: "\n") + "\n")
        XCTAssertEqual(run.status, 0, run.stderr + run.stdout)
        XCTAssertEqual(try report(run.stdout)["answers"],
                       ["colors": ["red", "blue"], "more": ["red", "blue"], "mixed": ["green", "teal"], "own": ["mauve"], "size": 2, "note": .null])
        XCTAssertTrue(run.stderr.contains("Previous answer: 1 3 (press return to keep it)"), "shown as the participant typed it")
        XCTAssertTrue(run.stderr.contains("Or type your own answer, alone or after the numbers: 1 3 other: TEXT"), run.stderr)
        XCTAssertTrue(run.stderr.contains("? \"mauve\" is not a choice number. Record it as your own answer? (y/n)"), run.stderr)
        XCTAssertTrue(run.stderr.contains("  ! not recorded\n  1. Red\n  2. Green\n  3. Blue\n"), "a refusal lists the choices")
        XCTAssertTrue(run.stderr.contains("  ! this question needs an answer; type s to skip it\n"), "size is required: return does not move on")
        XCTAssertTrue(run.stderr.contains("  ! this question takes one choice; type a single number\n  1. Small\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("  ! \"9\" is not a choice number\n  1. Small\n"), run.stderr)
    }

    func testSectionTitlesAndWholeYears() throws {
        let sections = try Binary.run(["run", path("examples/surveys/sleep-sections.json"), "--interactive", "--report", "json"] + now,
                                      stdin: ["", "1", "22:30", "0", ""].joined(separator: "\n") + "\n")
        XCTAssertEqual(sections.status, 0, sections.stderr + sections.stdout)
        XCTAssertTrue(sections.stderr.contains("\n== Last night ==\n\n[sleptWell] Did you sleep well?"), sections.stderr)
        XCTAssertTrue(sections.stderr.contains("\n== Habits ==\n"), sections.stderr)
        XCTAssertEqual(try report(sections.stdout)["answers"], ["lastNight/sleptWell": true, "habits/bedtime": "22:30", "habits/caffeine/cups": 0])

        let folder = try Paths.scratch(self)
        let record = folder.appendingPathComponent("year.json").path
        let year = try Binary.run(["run", path("examples/surveys/mood-loop.json"), "--interactive", "--record", record, "--report", "json"] + now,
                                  stdin: ["", "5", "1", "1975.0", ""].joined(separator: "\n") + "\n")
        XCTAssertEqual(year.status, 0, year.stderr + year.stdout)
        let answers = try report(year.stdout)["answers"]
        XCTAssertEqual(answers?["birthYear"]?.numberValue?.lexeme, "1975", "a year typed 1975.0 is stored as 1975")
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertTrue(recorded.contains("\"answer\": 1975\n"), recorded)
    }

    func testEndOfInputSavesTheRecordSoFar() throws {
        let folder = try Paths.scratch(self)
        let record = folder.appendingPathComponent("partial.json").path
        let run = try Binary.run(["run", path("examples/surveys/mood-loop.json"), "--interactive", "--record", record] + now, stdin: "\n4\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasSuffix("> \nerror: input ended before the survey did\nsaved the 2 answers and actions so far to \(record); replay them with --answers\n"), run.stderr)
        XCTAssertEqual(run.stdout, "", "no --format: no report")
        let script = try JSONDocument(bytes: Array(Data(contentsOf: URL(fileURLWithPath: record)))).value
        XCTAssertEqual(script, ["steps": [["identifier": "intro", "action": "goForward"], ["identifier": "mood", "answer": 4]]])
    }

    func testCtrlCSavesTheRecordSoFar() throws {
        let folder = try Paths.scratch(self)
        let record = folder.appendingPathComponent("interrupted.json").path
        let live = try LiveProcess(["run", path("examples/surveys/mood-loop.json"), "--interactive", "--record", record] + now)
        XCTAssertTrue(live.waitForError(containing: "[intro]"))
        live.send("")
        XCTAssertTrue(live.waitForError(containing: "[mood]"))
        live.send("4")
        XCTAssertTrue(live.waitForError(containing: "[confirm]"), live.stderr)
        live.interrupt()
        XCTAssertEqual(try live.finish(closingInput: false), 130, "the interrupt ends the run while input is still open: \(live.stderr)")
        XCTAssertTrue(live.stderr.contains("interrupted: saved the 2 answers and actions so far to \(record)"), live.stderr)
        let script = try JSONDocument(bytes: Array(Data(contentsOf: URL(fileURLWithPath: record)))).value
        XCTAssertEqual(script, ["steps": [["identifier": "intro", "action": "goForward"], ["identifier": "mood", "answer": 4]]])
    }

    func testRecordIsCheckedBeforeTheSession() throws {
        let folder = try Paths.scratch(self)
        let survey = path("examples/surveys/mood-loop.json")
        let missingFolder = folder.appendingPathComponent("no/such/run.json").path
        let run = try Binary.run(["run", survey, "--interactive", "--record", missingFolder], stdin: "\n")
        XCTAssertEqual(run.status, 3)
        XCTAssertEqual(run.stderr, "error: cannot write \(missingFolder): no such folder \(folder.appendingPathComponent("no/such").path)\n")
        XCTAssertEqual(run.stdout, "", "the session never started")

        let existing = try Binary.write("{}", to: "existing.json", in: folder)
        let taken = try Binary.run(["run", survey, "--interactive", "--record", existing], stdin: "\n")
        XCTAssertEqual(taken.status, 3)
        XCTAssertEqual(taken.stderr, "error: \(existing) already exists (use --force to replace it)\n")

        let both = try Binary.run(["run", survey, "--answers", path("examples/scripts/mood-loop/low-then-fine.json"), "--record", existing])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("error: --record saves an interactive session; it cannot be used with --answers\n"), both.stderr)
    }

    func testReportAndExpectWorkInteractively() throws {
        let folder = try Paths.scratch(self)
        let expected = try Binary.write(#"{"status": "completed", "answers": {"mood": 5, "confirm": true, "birthYear": 1990}}"#, to: "expected.json", in: folder)
        let input = ["", "5", "1", "1990", ""].joined(separator: "\n") + "\n"
        let survey = path("examples/surveys/mood-loop.json")
        let matched = try Binary.run(["run", survey, "--interactive", "--expect", expected, "--report", "text"] + now, stdin: input)
        XCTAssertEqual(matched.status, 0, matched.stderr)
        XCTAssertTrue(matched.stderr.hasSuffix("Run completed.\ninteractive run: as expected\n"), matched.stderr)
        XCTAssertTrue(matched.stdout.hasPrefix("1. intro (instruction): "), "standard output is the transcript alone: \(matched.stdout)")
        XCTAssertTrue(matched.stdout.hasSuffix("    answer: 1990\n5. completion (completion): Saved\nrun completed\n"), matched.stdout)
        let differs = try Binary.run(["run", survey, "--interactive", "--expect", expected] + now, stdin: input.replacingOccurrences(of: "1990", with: "1991"))
        XCTAssertEqual(differs.status, 1)
        XCTAssertTrue(differs.stderr.contains("answers.birthYear: expected 1990, got 1991"), differs.stderr)
    }
}
