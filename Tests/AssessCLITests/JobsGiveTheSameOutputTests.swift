import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import AssessCLI
import AssessmentLint

/// `--jobs N` changes how fast, never what: the same bytes on both streams and the same exit status.
final class JobsGiveTheSameOutputTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    /// Valid archives, runs seen twice, corrupt zips, a folder named like an archive, in one folder.
    private func mixedBatch() throws -> String {
        let folder = try Paths.scratch(self)
        let builder = ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 1_767_323_045))
        for index in 0..<60 {
            let run = String(format: "6F2A1A52-0000-4000-8000-%012d", index % 7 == 6 ? index - 3 : index)
            let result = #"{"type": "assessment", "identifier": "a", "startDate": "2026-01-02T03:04:05.000+00:00", "taskRunUUID": "\#(run)", "stepHistory": []}"#
            var bytes = try builder.build([ArchiveInput(filename: "assessmentResult.json", bytes: Array(result.utf8))])
            if index % 11 == 5 { bytes = Array(bytes.prefix(bytes.count / 2)) }
            try Data(bytes).write(to: folder.appendingPathComponent(String(format: "r%03d.zip", index)))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("r030x.zip"), withIntermediateDirectories: true)
        return folder.path
    }

    private func assertSameForEveryJobCount(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> CapturedRun {
        let one = CapturedRun(arguments + ["--jobs", "1"])
        for jobs in ["2", "3", "8"] {
            let many = CapturedRun(arguments + ["--jobs", jobs])
            XCTAssertEqual(many.stdout, one.stdout, "standard output with --jobs \(jobs)", file: file, line: line)
            XCTAssertEqual(many.stderr, one.stderr, "standard error with --jobs \(jobs)", file: file, line: line)
            XCTAssertEqual(many.status, one.status, "exit status with --jobs \(jobs)", file: file, line: line)
        }
        XCTAssertEqual(CapturedRun(arguments).stdout, one.stdout, "the default (all cores) too", file: file, line: line)
        return one
    }

    func testVerifyGivesTheSameReportsInTheSameOrder() throws {
        let batch = try mixedBatch()
        let text = assertSameForEveryJobCount(["verify", batch])
        XCTAssertEqual(text.status, .inputError, "the folder named r030x.zip is unreadable")
        XCTAssertTrue(text.stderr.contains("r030x.zip: is a folder"), text.stderr)
        let json = assertSameForEveryJobCount(["verify", "--report", "json", batch])
        let lines = try json.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(lines.compactMap { $0["archive"]?.stringValue }, (0..<60).map { batch + "/" + String(format: "r%03d.zip", $0) })
        XCTAssertEqual(lines.last?["summary"], ["total": 61, "valid": 49, "invalid": 5, "duplicate": 6],
                       "r038 (truncated) never counts as seen, so r041 repeating its run is valid")
        XCTAssertEqual(lines[13]["status"], "duplicate", "r013 repeats r010's run")
        XCTAssertEqual(lines[5]["status"], "invalid", "r005 is truncated")
    }

    func testLintAndValidateGiveTheSameOutput() throws {
        let lint = assertSameForEveryJobCount(["lint", path("examples/surveys"), path("examples/bad")])
        XCTAssertEqual(lint.status, .findings, "examples/bad has lint errors")
        _ = assertSameForEveryJobCount(["lint", "--format", "json", path("examples")])
        let folder = try Paths.scratch(self)
        let schema = try Binary.write(#"{"type": "object", "required": ["identifier"], "properties": {"steps": {"type": "array", "maxItems": 3}}}"#,
                                      to: "schema.json", in: folder)
        let validate = assertSameForEveryJobCount(["validate", "--schema", schema, path("examples")])
        XCTAssertEqual(validate.status, .findings, "some examples have more than three steps")
        _ = assertSameForEveryJobCount(["validate", "--output", "basic", "--schema", schema, path("examples")])
    }

    func testJobsMustBeAPositiveWholeNumber() {
        for bad in ["0", "-1", "two"] {
            let run = CapturedRun(["verify", "--jobs", bad, "x.zip"])
            XCTAssertEqual(run.status, .usage)
            XCTAssertTrue(run.stderr.contains("--jobs needs a whole number of at least 1, not '\(bad)'"), run.stderr)
        }
    }

    func testTheAllocatorTakesTheBatchMemoryPolicy() {
        #if os(Linux)
        XCTAssertTrue(BatchMemory.keepFreedMemory(), "glibc refuses a mapping threshold past 32 MiB: the policy must stay within what it takes")
        #endif
    }

    /// A batch's state is left to the exit only when the process exits after the command: an in-process
    /// caller (a test, a program linking the CLI) gets it freed as usual.
    func testBatchStateIsLeftToTheExitOnlyForTheProcessOwnStreams() {
        final class State {}
        var inProcess = CommandIO.standard()
        inProcess.processExitsAfterCommand = false
        weak var freed: State?
        do {
            let state = State()
            freed = state
            BatchMemory.leaveToExit(state, io: inProcess)
        }
        XCTAssertNil(freed, "an in-process caller's batch state must be freed when the command returns")
        XCTAssertTrue(CommandIO.standard().processExitsAfterCommand, "the executable's streams say the process exits after the command")
        weak var kept: State?
        do {
            let state = State()
            kept = state
            BatchMemory.leaveToExit(state, io: CommandIO.standard())
        }
        XCTAssertNotNil(kept, "the executable's batch state is left for the exit to reclaim")
    }
}
