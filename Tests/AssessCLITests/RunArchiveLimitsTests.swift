import CLITestSupport
import Foundation
import XCTest
import JSONCore
@testable import AssessCLI
import AssessmentLint

/// `run --archive` writes only archives `verify` accepts; a run stopped by the step cap writes none.
final class RunArchiveLimitsTests: XCTestCase {
    private let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "7", "--allow-lint-errors"]
    private let survey = #"""
        {"type": "assessment", "identifier": "loop", "steps": [
          {"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"},
           "surveyRules": [{"ruleOperator": "eq", "matchingAnswer": 0, "skipToIdentifier": "end"}]},
          {"type": "instruction", "identifier": "b", "nextStepIdentifier": "q"},
          {"type": "completion", "identifier": "end"}]}
        """#

    private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testARunThatHitsTheStepCapIsFailedAndWritesNoArchive() throws {
        let folder = try Paths.scratch(self)
        let endless = try write(#"""
            {"type": "assessment", "identifier": "endless", "steps": [
              {"type": "instruction", "identifier": "a"}, {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"}]}
            """#, "endless.json", in: folder)
        let script = try write(#"{"steps": []}"#, "none.json", in: folder)
        let archive = folder.appendingPathComponent("loop.zip").path
        let result = folder.appendingPathComponent("loop.json").path
        let run = CapturedRun(["run", endless, "--answers", script, "--archive", archive, "--result", result] + now)
        XCTAssertEqual(run.status, .findings, run.stderr)
        XCTAssertTrue(run.stderr.contains("the run showed 10000 steps without ending"), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: no result or archive written: the run failed"), run.stderr)
        XCTAssertEqual(try JSONDocument(text: run.stdout).value["status"], "failed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: archive), "no 10,000-step archive")
        XCTAssertFalse(FileManager.default.fileExists(atPath: result), "no 10,000-step result")
    }

    func testTheLongestRunBelowTheCapMakesAnArchiveVerifyAccepts() throws {
        let folder = try Paths.scratch(self)
        let surveyPath = try write(survey, "loop.json", in: folder)
        // 4,998 rounds of q then b, then q answered 0: 9,998 steps, just under the cap.
        let rounds = Array(repeating: #"{"identifier": "q", "answer": 1}, {"identifier": "b", "action": "goForward"}"#, count: 4_998).joined(separator: ", ")
        let script = try write(#"{"steps": [\#(rounds), {"identifier": "q", "answer": 0}]}"#, "long.json", in: folder)
        let archive = folder.appendingPathComponent("long.zip").path
        let run = CapturedRun(["run", surveyPath, "--answers", script, "--archive", archive] + now)
        XCTAssertEqual(run.status, .ok, run.stderr)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)
        XCTAssertGreaterThan(size, 10_000)
        let verify = CapturedRun(["verify", "--survey", surveyPath, archive])
        XCTAssertEqual(verify.status, .ok, verify.stdout + verify.stderr)
    }
}
