import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import AssessCLI

/// `assess ingest --on-record-id`, `--explode-arrays` and the per-record layout's names, end to end.
final class IngestPolicyCommandTests: XCTestCase {
    /// A map giving left.json, right.json, walk_motion.json and balance_motion.json one array schema, and its schemas.
    private func workspace() throws -> URL {
        let folder = try Paths.scratch(self)
        let schemas = folder.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        for (name, body) in [("Result", #""type": "object", "required": ["taskRunUUID"]"#), ("Motion", #""type": "array", "items": {"required": ["t"]}"#)] {
            try Data(#"{"$id": "https://example.invalid/ingest/\#(name).json", \#(body)}"#.utf8).write(to: schemas.appendingPathComponent("\(name).json"))
        }
        let motion = ["left", "right", "walk_motion", "balance_motion"].map { #"{"filename": "\#($0).json", "jsonSchema": "https://example.invalid/ingest/Motion.json"}"# }
        let map = #"{"assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [{"filename": "assessmentResult.json", "jsonSchema": "https://example.invalid/ingest/Result.json"}, "#
            + motion.joined(separator: ", ") + "]}]}"
        try Data(map.utf8).write(to: folder.appendingPathComponent("map.json"))
        return folder
    }

    /// Writes an archive of run `run` with `files` (name → sample count) to `folder/name`.
    private func archive(_ name: String, in folder: URL, run: Int, files: [(String, Int)]) throws {
        let uuid = String(format: "6F2A1A52-0000-4000-8000-%012d", run)
        let result = #"{"type": "assessment", "identifier": "walk", "startDate": "2026-01-02T03:04:05.000+00:00", "taskRunUUID": "\#(uuid)", "stepHistory": []}"#
        let inputs = [ArchiveInput(filename: "assessmentResult.json", bytes: Array(result.utf8))] + files.map { file in
            ArchiveInput(filename: file.0, bytes: Array(("[" + (0..<file.1).map { #"{"t": \#($0)}"# }.joined(separator: ",") + "]").utf8))
        }
        try Data(ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 1_767_323_045)).build(inputs)).write(to: folder.appendingPathComponent(name))
    }

    private func base(_ folder: URL) -> [String] {
        ["ingest", "--archive-map", folder.appendingPathComponent("map.json").path, "--ref-dir", folder.appendingPathComponent("schemas").path]
    }

    private func rows(_ output: URL, dataset: String) throws -> [JSONValue] {
        var rows: [JSONValue] = []
        for case let relative as String in FileManager.default.enumerator(atPath: output.path) ?? FileManager.DirectoryEnumerator()
        where relative.hasPrefix("dataset=\(dataset)/") && relative.hasSuffix(".ndjson") {
            for line in try String(contentsOf: output.appendingPathComponent(relative), encoding: .utf8).split(separator: "\n") {
                let row = try JSONDocument(text: String(line)).value
                rows += row.arrayValue ?? [row]
            }
        }
        return rows
    }

    func testTheIssuesReproductionXAndXWalkMotionKeepEveryObject() throws {
        let folder = try workspace()
        try archive("X.zip", in: folder, run: 1, files: [("walk_motion.json", 3), ("balance_motion.json", 4)])
        try archive("X_walk_motion.zip", in: folder, run: 2, files: [("walk_motion.json", 5)])
        let manifest = #"{"path": "X.zip", "recordId": "X", "assessmentId": "walk", "uploadedOn": "2026-02-01T10:00:00.000Z"}"# + "\n"
            + #"{"path": "X_walk_motion.zip", "recordId": "X_walk_motion", "assessmentId": "walk", "uploadedOn": "2026-02-01T10:00:00.000Z"}"# + "\n"
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.jsonl"))
        let output = folder.appendingPathComponent("out")
        let run = CapturedRun(base(folder) + ["--manifest", folder.appendingPathComponent("manifest.jsonl").path, "-o", output.path,
                                              "--layout", "record", "--commit-every", "1"])
        XCTAssertEqual(run.status, .ok, run.stdout + run.stderr)
        let motion = try rows(output, dataset: "Motion")
        XCTAssertEqual(motion.filter { $0["recordid"] == "X" }.count, 7, "X's two motion files, neither replaced")
        XCTAssertEqual(motion.filter { $0["recordid"] == "X_walk_motion" }.count, 5)
    }

    func testLatestKeepsSagesExportWithTheSameBytesForEveryJobCount() throws {
        let folder = try workspace()
        var manifest = ""
        for index in 0..<8 {
            try archive("a\(index).zip", in: folder, run: index % 4, files: [("left.json", 2 + index)])
            // Records 0…3, each exported twice; the second export of record 1 is the older one.
            let exported = index == 5 ? "2026-02-01T00:00:00.000Z" : "2026-02-0\(2 + index)T00:00:00.000Z"
            manifest += #"{"path": "a\#(index).zip", "recordId": "rec\#(index % 4)", "assessmentId": "walk", "exportedOn": "\#(exported)", "uploadedOn": "2026-02-0\#(1 + index % 2)T10:00:00.000Z"}"# + "\n"
        }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.jsonl"))
        let arguments = base(folder) + ["--manifest", folder.appendingPathComponent("manifest.jsonl").path, "--on-record-id", "latest", "--commit-every", "2"]
        let one = CapturedRun(arguments + ["-o", folder.appendingPathComponent("out1").path, "--jobs", "1"])
        let three = CapturedRun(arguments + ["-o", folder.appendingPathComponent("out3").path, "--jobs", "3"])
        XCTAssertEqual(one.status, .ok, one.stdout + one.stderr)
        XCTAssertEqual(three.stdout.replacingOccurrences(of: "out3", with: "out1"), one.stdout)
        let lines = try one.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(lines.map { $0["status"]?.stringValue ?? "summary" },
                       ["ingested", "ingested", "ingested", "ingested", "ingested", "superseded", "ingested", "ingested", "summary"])
        XCTAssertEqual(lines[4]["supersedes"], .string(folder.appendingPathComponent("a0.zip").path))
        XCTAssertEqual(lines.last?["summary"], ["total": 8, "ingested": 7, "invalid": 0, "duplicate": 0, "superseded": 4])
        let motion = try rows(folder.appendingPathComponent("out1"), dataset: "Motion")
        XCTAssertEqual(motion.count, (2 + 4) + (2 + 1) + (2 + 6) + (2 + 7), "records 0, 2, 3 from their second export, record 1 from its first")
        let first = FileManager.default.enumerator(atPath: folder.appendingPathComponent("out1").path)?.allObjects as? [String] ?? []
        for relative in first {
            XCTAssertEqual(FileManager.default.contents(atPath: folder.appendingPathComponent("out1/" + relative).path),
                           FileManager.default.contents(atPath: folder.appendingPathComponent("out3/" + relative).path), relative)
        }
        let rejected = first.filter { $0.hasPrefix("assess_rejected/") && $0.hasSuffix(".ndjson") }
        XCTAssertEqual(rejected.count, 4, "three earlier exports replaced and one older export: each listed")
        let help = CapturedRun(["ingest", "--help"])
        XCTAssertTrue(help.stdout.contains("--on-record-id POLICY") && help.stdout.contains("--explode-arrays"), help.stdout)
        let bad = CapturedRun(base(folder) + ["-o", folder.appendingPathComponent("x").path, "--on-record-id", "last", "a0.zip"])
        XCTAssertEqual(bad.status, .usage)
        XCTAssertTrue(bad.stderr.contains("invalid value 'last' for --on-record-id; expected one of: first, latest"), bad.stderr)
    }

    func testExplodedArraysAreOneSamplePerLine() throws {
        let folder = try workspace()
        try archive("a.zip", in: folder, run: 1, files: [("left.json", 4), ("right.json", 3)])
        let output = folder.appendingPathComponent("out")
        let run = CapturedRun(base(folder) + ["--assessment", "walk", "--revision", "1", "-o", output.path, "--explode-arrays",
                                              folder.appendingPathComponent("a.zip").path])
        XCTAssertEqual(run.status, .ok, run.stdout + run.stderr)
        var lines: [JSONValue] = []
        for case let relative as String in FileManager.default.enumerator(atPath: output.path) ?? FileManager.DirectoryEnumerator()
        where relative.hasPrefix("dataset=Motion/") && relative.hasSuffix(".ndjson") {
            lines += try String(contentsOf: output.appendingPathComponent(relative), encoding: .utf8).split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        }
        XCTAssertEqual(lines.count, 7)
        XCTAssertTrue(lines.allSatisfy { $0.objectValue != nil && $0["recordid"] == "a" }, "\(lines)")
    }

    /// Every row under `output` (datasets and tables, not the ledger), sorted, by dataset; and the rejected rows' file names.
    private func contents(_ output: URL) throws -> (rows: [String: [String]], rejected: [String]) {
        var rows: [String: [String]] = [:], rejected: [String] = []
        for case let relative as String in FileManager.default.enumerator(atPath: output.path) ?? FileManager.DirectoryEnumerator() {
            let name = URL(fileURLWithPath: relative).lastPathComponent
            XCTAssertFalse(name.hasPrefix(".") || relative.hasPrefix("_assess/pending/"), "left behind: \(relative)")
            guard relative.hasSuffix(".ndjson") else { continue }
            if relative.hasPrefix("assess_rejected/") { rejected.append(name); continue }
            guard relative.hasPrefix("dataset=") else { continue }
            let dataset = String(relative.split(separator: "/")[0])
            rows[dataset, default: []] += try String(contentsOf: output.appendingPathComponent(relative), encoding: .utf8).split(separator: "\n").map(String.init)
        }
        return (rows.mapValues { $0.sorted() }, rejected.sorted())
    }

    func testKilledRunsResumedEndWithTheRowsOfAnUninterruptedRun() throws {
        let folder = try workspace()
        var manifest = ""
        for index in 0..<24 {
            // Each record exported twice in a row (the second later), so that every other commit replaces an earlier export.
            try archive("a\(index).zip", in: folder, run: index / 2, files: [("left.json", 600 + index), ("right.json", 400)])
            manifest += #"{"path": "a\#(index).zip", "recordId": "rec\#(index / 2)", "assessmentId": "walk", "exportedOn": "2026-02-10T\#(String(format: "%02d", index)):00:00.000Z", "uploadedOn": "2026-02-0\#(1 + index % 3)T10:00:00.000Z"}"# + "\n"
        }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.jsonl"))
        let arguments = base(folder) + ["--manifest", folder.appendingPathComponent("manifest.jsonl").path, "--on-record-id", "latest",
                                        "--commit-every", "1", "--jobs", "2"]
        let expected = try assertKilledRunsEndAsAnUninterruptedRun(arguments, in: folder)
        XCTAssertEqual(expected.rejected.count, 12, "every replaced export listed")
    }

    func testKilledRunsOfStreamedCommitsResumedEndWithTheRowsOfAnUninterruptedRun() throws {
        let folder = try workspace()
        var manifest = ""
        for index in 0..<40 {
            try archive("a\(index).zip", in: folder, run: index, files: [("left.json", 2_000 + index * 40), ("right.json", 400)])
            manifest += #"{"path": "a\#(index).zip", "recordId": "rec\#(index)", "assessmentId": "walk", "uploadedOn": "2026-02-0\#(1 + index % 3)T10:00:00.000Z"}"# + "\n"
        }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.jsonl"))
        // The default policy and layout: each commit's rows go to their part files as its records are decided,
        // so a kill lands between streamed rows and their commit most of the time.
        let arguments = base(folder) + ["--manifest", folder.appendingPathComponent("manifest.jsonl").path, "--commit-every", "7", "--jobs", "2"]
        let expected = try assertKilledRunsEndAsAnUninterruptedRun(arguments, in: folder)
        XCTAssertEqual(expected.rows["dataset=assess_runs"]?.count, 40)
    }

    /// Runs `arguments` once to the end (the reference), then over another folder killed (`kill -9`) at several
    /// points, each run resumed over the same folder, then once to the end; checks that the end holds the
    /// reference's rows and rejected rows, and returns the reference's.
    private func assertKilledRunsEndAsAnUninterruptedRun(_ arguments: [String], in folder: URL,
                                                         file: StaticString = #filePath, line: UInt = #line) throws -> (rows: [String: [String]], rejected: [String]) {
        let reference = try ProcessRun(try Binary.assess(), arguments + ["-o", folder.appendingPathComponent("reference").path])
        XCTAssertEqual(reference.status, 0, reference.stderr + reference.stdout, file: file, line: line)
        let expected = try contents(folder.appendingPathComponent("reference"))
        // kill -9 at several points of a run, each resumed over the same folder, then a run to the end. No timing is asserted:
        // wherever each kill lands (between commits, inside one, while replacing files), the end is the same.
        let output = folder.appendingPathComponent("killed")
        for delay in [30_000, 60_000, 100_000, 160_000, 250_000, 400_000, 600_000, 900_000] as [useconds_t] {
            let process = Process()
            process.executableURL = try Binary.assess()
            process.arguments = arguments + ["-o", output.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let last = try ProcessRun(try Binary.assess(), arguments + ["-o", output.path])
        XCTAssertEqual(last.status, 0, last.stderr, file: file, line: line)
        let resumed = try contents(output)
        XCTAssertEqual(resumed.rows.keys.sorted(), expected.rows.keys.sorted(), file: file, line: line)
        for (dataset, rows) in expected.rows { XCTAssertEqual(resumed.rows[dataset], rows, "every row once, nothing lost (\(dataset))", file: file, line: line) }
        XCTAssertEqual(resumed.rejected, expected.rejected, "every rejected row there", file: file, line: line)
        return expected
    }
}
