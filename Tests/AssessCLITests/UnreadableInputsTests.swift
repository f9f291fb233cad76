import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import AssessCLI
import AssessmentLint

/// One rule for inputs `verify` and `ingest` cannot read (reported, the batch goes on, exit 3), the
/// reasons of bad uploads, and write errors of the output folder in the words of every other write error.
final class UnreadableInputsTests: XCTestCase {
    /// A map, its schema folder and one good archive.
    private func workspace() throws -> (folder: URL, map: String, archive: String) {
        let folder = try Paths.scratch(self)
        try Data(#"{"assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [{"filename": "a.json", "jsonSchema": "urn:test:a"}]}]}"#.utf8)
            .write(to: folder.appendingPathComponent("map.json"))
        try Data(#"{"$id": "urn:test:a", "type": "object"}"#.utf8).write(to: folder.appendingPathComponent("a-schema.json"))
        let bytes = try ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 1_767_323_045)).build([ArchiveInput(filename: "a.json", bytes: Array(#"{"t": 1}"#.utf8))])
        let archive = folder.appendingPathComponent("good.zip")
        try Data(bytes).write(to: archive)
        return (folder, folder.appendingPathComponent("map.json").path, archive.path)
    }

    private func record() -> [String] { ["--assessment", "walk", "--revision", "1"] }

    func testAMistypedPathIsReportedAndExitsThreeInVerifyAndIngest() throws {
        let (folder, map, archive) = try workspace()
        let missing = folder.appendingPathComponent("gooood.zip").path
        let verify = CapturedRun(["verify", "--archive-map", map] + record() + [archive, missing])
        XCTAssertEqual(verify.status, .inputError, verify.stdout + verify.stderr)
        XCTAssertTrue(verify.stdout.contains("\(archive): valid"), "the rest of the batch is verified: \(verify.stdout)")
        XCTAssertTrue(verify.stderr.contains(missing) && verify.stderr.contains("no such file"), verify.stderr)
        let lines = [archive, missing].map { #"{"path": "\#($0)", "recordId": "\#(URL(fileURLWithPath: $0).lastPathComponent)", "assessmentId": "walk", "assessmentRevision": 1, "uploadedOn": "2026-02-01T10:00:00.000Z"}"# }
        let ingest = CapturedRun(["ingest", "--archive-map", map, "-o", folder.appendingPathComponent("out").path, "--manifest", "-"],
                                 stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(ingest.status, .inputError, "the same rule as verify: \(ingest.stdout + ingest.stderr)")
        XCTAssertTrue(ingest.stdout.contains(#""status":"ingested""#), "the rest of the batch is ingested: \(ingest.stdout)")
        XCTAssertTrue(ingest.stdout.contains(#""reasons":["cannot read \#(missing): no such file"]"#), "and nothing is lost: a rejected row: \(ingest.stdout)")
        XCTAssertTrue(ingest.stdout.hasSuffix(#"{"summary":{"total":2,"ingested":1,"invalid":1,"duplicate":0}}"# + "\n"), ingest.stdout)
        let verified = CapturedRun(["verify", "--archive-map", map, "--manifest", "-"], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(verified.status, .inputError, "a manifest's unreadable path too: \(verified.stdout + verified.stderr)")
    }

    func testATruncatedUploadAndAnHTMLPageHaveTheirOwnReasons() throws {
        let (folder, map, archive) = try workspace()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        // Cut after the first local header (30 bytes and the name), as an interrupted upload leaves it.
        let truncated = folder.appendingPathComponent("cut.zip").path
        try bytes.prefix(30 + "a.json".utf8.count).write(to: URL(fileURLWithPath: truncated))
        let page = folder.appendingPathComponent("page.zip").path
        try Data("<html><body><h1>502 Bad Gateway</h1></body></html>\n".utf8).write(to: URL(fileURLWithPath: page))
        for command in ["verify", "ingest"] {
            let options = command == "ingest" ? ["-o", folder.appendingPathComponent("out").path] : ["--format", "json"]
            let run = CapturedRun([command, "--archive-map", map] + options + record() + [truncated, page])
            XCTAssertEqual(run.status, .findings, run.stdout + run.stderr)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines[0].contains("truncated upload: the file starts as a zip archive but ends after 36 bytes"), lines[0])
            XCTAssertTrue(lines[1].contains("not a zip archive (no end of central directory record)"), lines[1])
        }
    }

    func testAnOutputFolderThatCannotBeMadeSaysCannotWrite() throws {
        let (folder, map, archive) = try workspace()
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let run = CapturedRun(["ingest", "--archive-map", map, "-o", file.appendingPathComponent("out").path] + record() + [archive])
        XCTAssertEqual(run.status, .inputError)
        XCTAssertTrue(run.stderr.hasPrefix("error: cannot write \(file.path)/out"), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix(": Not a directory\n"), "the system's reason, as every write error: \(run.stderr)")
        XCTAssertFalse(run.stderr.contains("The operation could not be completed"), run.stderr)
        guard geteuid() != 0 else { return } // root writes into a read-only folder
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        let refused = CapturedRun(["ingest", "--archive-map", map, "-o", locked.appendingPathComponent("new").path] + record() + [archive])
        XCTAssertEqual(refused.stderr, "error: cannot write \(locked.path)/new: Permission denied\n")
    }
}
