import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ZipArchive
@testable import AssessCLI
import AssessmentLint

final class ArchiveCommandTests: XCTestCase {
    private let result = #"{"type": "assessment", "identifier": "surveyA", "taskRunUUID": "RUN-1", "startDate": "2026-01-02T03:04:05.000+00:00", "stepHistory": []}"#

    private func setUp(_ folder: URL) throws -> String {
        let path = folder.appendingPathComponent("result.json").path
        try Data(result.utf8).write(to: URL(fileURLWithPath: path))
        try Data("t,x\n".utf8).write(to: folder.appendingPathComponent("motion.csv"))
        return path
    }

    func testBuildsAReproducibleArchiveThatVerifies() throws {
        let folder = try Paths.scratch(self)
        let resultPath = try setUp(folder)
        let out = folder.appendingPathComponent("out.zip").path
        let arguments = ["archive", "--result", resultPath, "--file", folder.appendingPathComponent("motion.csv").path + ":text/csv",
                         "--app-name", "Tester", "--now", "2026-01-02T03:04:05.000+00:00", "-o", out]
        let run = CapturedRun(arguments)
        XCTAssertEqual(run.status, .ok, run.stderr)
        XCTAssertEqual(run.stdout, "wrote \(out) (3 files)\n")
        let first = try Data(contentsOf: URL(fileURLWithPath: out))
        let reader = try ZipReader(bytes: Array(first))
        XCTAssertEqual(reader.entries.map(\.name), ["assessmentResult.json", "motion.csv", "metadata.json"])
        let manifest = try JSONDocument(bytes: reader.data(of: reader.entries[2])).value
        XCTAssertEqual(manifest["appName"], "Tester")
        XCTAssertEqual(manifest["files"]?[1]?["contentType"], "text/csv")

        let again = CapturedRun(arguments)
        XCTAssertEqual(again.status, .inputError, "an existing archive is not replaced without --force")
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
        XCTAssertEqual(CapturedRun(arguments + ["--force"]).status, .ok)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), first, "same inputs and --now give identical bytes")

        let verify = CapturedRun(["verify", out])
        XCTAssertEqual(verify.status, .ok)
        XCTAssertEqual(verify.stdout, "\(out): valid\n" + "\(out): note: assessmentResult.json: schema https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/AssessmentResultObject.json is Sage's published schema and is not on disk (checked as a result by its role only)\n", "our result schema checks it; Sage's is named, not substituted")
        XCTAssertEqual(verify.stderr, "note: give --ref-dir with the schemas of a mobile-client-json checkout (e.g. ../shared/sage/schemas) or --catalog; assess never downloads schemas\n", "what to do, once")
        let sage = CapturedRun(["verify", "--ref-dir", try Paths.shared("sage/schemas"), out])
        XCTAssertEqual(sage.stdout, "\(out): valid\n", "the result follows Sage's AssessmentResultObject.json too")
    }

    func testSourceDateEpochFixesTimestamps() throws {
        let folder = try Paths.scratch(self)
        let resultPath = try setUp(folder)
        let a = folder.appendingPathComponent("a.zip").path, b = folder.appendingPathComponent("b.zip").path
        XCTAssertEqual(CapturedRun(["archive", "--result", resultPath, "-o", a], environment: ["SOURCE_DATE_EPOCH": "1767323045"]).status, .ok)
        XCTAssertEqual(CapturedRun(["archive", "--result", resultPath, "-o", b], environment: ["SOURCE_DATE_EPOCH": "1767323045"]).status, .ok)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    func testBadInputsAndUsage() throws {
        let folder = try Paths.scratch(self)
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{nope".utf8).write(to: bad)
        let run = CapturedRun(["archive", "--result", bad.path, "-o", folder.appendingPathComponent("x.zip").path])
        XCTAssertEqual(run.status, .inputError)
        XCTAssertTrue(run.stderr.contains("bad.json:1:2: error:"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.zip").path), "no partial archive")
        XCTAssertEqual(CapturedRun(["archive", "-o", "x.zip"]).status, .usage)
        XCTAssertEqual(CapturedRun(["archive", "--result", bad.path]).status, .usage)
        XCTAssertEqual(CapturedRun(["archive", "--result", bad.path, "-o", "x.zip", "--now", "yesterday"]).status, .usage)
    }
}

final class VerifyCommandTests: XCTestCase {
    private func makeArchive(_ folder: URL, name: String, run: String, extra: [(String, String)] = []) throws -> String {
        let result = folder.appendingPathComponent("result-\(name).json")
        try Data(#"{"type": "assessment", "identifier": "surveyA", "taskRunUUID": "\#(run)", "startDate": "2026-01-02T03:04:05.000+00:00", "stepHistory": []}"#.utf8).write(to: result)
        let path = folder.appendingPathComponent(name).path
        XCTAssertEqual(CapturedRun(["archive", "--result", result.path, "--now", "2026-01-02T03:04:05Z", "-o", path]).status, .ok)
        return path
    }

    func testBatchReportGivesOneLinePerArchiveAndASummary() throws {
        let folder = try Paths.scratch(self)
        let batch = folder.appendingPathComponent("batch")
        try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
        _ = try makeArchive(batch, name: "a.zip", run: "RUN-1")
        _ = try makeArchive(batch, name: "b.zip", run: "RUN-1")
        _ = try makeArchive(batch, name: "c.zip", run: "RUN-2")
        var evil = ZipWriter()
        try evil.add(name: "../../etc/cron.d/x", bytes: [1], modified: Date())
        try Data(evil.finish()).write(to: batch.appendingPathComponent("d.zip"))
        let run = CapturedRun(["verify", "--batch", batch.path, "--report", "json"])
        XCTAssertEqual(run.status, .findings)
        let lines = try run.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(lines.count, 5)
        XCTAssertEqual(lines.prefix(4).map { $0["status"]?.stringValue }, ["valid", "duplicate", "valid", "invalid"])
        XCTAssertEqual(lines[1]["taskRunUUID"], "RUN-1")
        XCTAssertTrue(lines[3]["reasons"]?[0]?.stringValue?.contains("'..' path component") ?? false, "\(lines[3])")
        XCTAssertEqual(lines[4], ["summary": ["total": 4, "valid": 2, "invalid": 1, "duplicate": 1]])
    }

    func testSurveyOptionChecksTheResultBelongsToIt() throws {
        let folder = try Paths.scratch(self)
        let archive = try makeArchive(folder, name: "a.zip", run: "RUN-1")
        let survey = Paths.repository.appendingPathComponent("examples/surveys/example-survey.json").path
        XCTAssertEqual(CapturedRun(["verify", "--survey", survey, archive]).status, .ok)
        let other = Paths.repository.appendingPathComponent("examples/surveys/mood-loop.json").path
        let mismatch = CapturedRun(["verify", "--survey", other, archive])
        XCTAssertEqual(mismatch.status, .findings)
        XCTAssertTrue(mismatch.stdout.contains("the result is for \"surveyA\" but the survey is \"moodDiary\""), mismatch.stdout)
    }

    func testUnreadableInputsAndUsage() {
        XCTAssertEqual(CapturedRun(["verify", "/no/such.zip"]).status, .inputError)
        XCTAssertEqual(CapturedRun(["verify"]).status, .usage)
        XCTAssertEqual(CapturedRun(["verify", "--report", "xml", "a.zip"]).status, .usage)
    }
}
