import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import AssessCLI

/// `assess ingest` end to end: the same output for every --jobs, a streamed manifest, Sage's real archive.
final class IngestCommandTests: XCTestCase {
    private let shared = Paths.repository.deletingLastPathComponent().appendingPathComponent("shared")

    /// A map of our own, its schemas under `schemas/`, and `count` archives (every fifth broken).
    private func workspace(_ count: Int) throws -> URL {
        let folder = try Paths.scratch(self)
        let schemas = folder.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        for (name, body) in [("Meta", #""type": "object""#), ("Result", #""type": "object", "required": ["taskRunUUID"]"#),
                             ("Motion", #""type": "array", "items": {"required": ["t"]}"#)] {
            try Data(#"{"$id": "https://example.invalid/ingest/\#(name).json", \#(body)}"#.utf8).write(to: schemas.appendingPathComponent("\(name).json"))
        }
        let map = #"""
            {"anyOf": [{"filename": "metadata.json", "jsonSchema": "https://example.invalid/ingest/Meta.json"}],
             "assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [
               {"filename": "assessmentResult.json", "jsonSchema": "https://example.invalid/ingest/Result.json"},
               {"filename": "left.json", "jsonSchema": "https://example.invalid/ingest/Motion.json"},
               {"filename": "right.json", "jsonSchema": "https://example.invalid/ingest/Motion.json"}]}]}
            """#
        try Data(map.utf8).write(to: folder.appendingPathComponent("map.json"))
        let archives = folder.appendingPathComponent("archives")
        try FileManager.default.createDirectory(at: archives, withIntermediateDirectories: true)
        var manifest = ""
        let builder = ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 1_767_323_045))
        for index in 0..<count {
            let run = String(format: "6F2A1A52-0000-4000-8000-%012d", index % 9 == 8 ? index - 1 : index)
            let result = #"{"type": "assessment", "identifier": "walk", "startDate": "2026-01-02T03:04:05.000+00:00", "taskRunUUID": "\#(run)", "stepHistory": [{"type": "answer", "identifier": "q", "value": \#(index)}]}"#
            let motion = index % 5 == 4 ? #"[{"x": 1}]"# : "[" + (0..<(50 + index)).map { #"{"t": \#($0)}"# }.joined(separator: ",") + "]"
            let bytes = try builder.build([ArchiveInput(filename: "assessmentResult.json", bytes: Array(result.utf8)),
                                           ArchiveInput(filename: "left.json", bytes: Array(motion.utf8)),
                                           ArchiveInput(filename: "right.json", bytes: Array("[]".utf8))])
            let name = String(format: "a%03d.zip", index)
            try Data(bytes).write(to: archives.appendingPathComponent(name))
            manifest += #"{"path": "archives/\#(name)", "recordId": "rec\#(index)", "assessmentId": "walk", "assessmentRevision": 1, "uploadedOn": "2026-02-0\#(index % 3 + 1)T10:00:00.000Z"}"# + "\n"
        }
        manifest += #"{"recordId": "no-path"}"# + "\n"
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.jsonl"))
        return folder
    }

    private func tree(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder.path) ?? FileManager.DirectoryEnumerator() {
            let url = folder.appendingPathComponent(relative)
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files[relative] = try? Data(contentsOf: url) }
        }
        return files
    }

    func testTheSameOutputForEveryJobCountAndEveryInputOnce() throws {
        let folder = try workspace(30)
        let base = ["ingest", "--archive-map", folder.appendingPathComponent("map.json").path, "--ref-dir", folder.appendingPathComponent("schemas").path,
                    "--manifest", folder.appendingPathComponent("manifest.jsonl").path]
        let one = CapturedRun(base + ["-o", folder.appendingPathComponent("out1").path, "--jobs", "1"])
        let four = CapturedRun(base + ["-o", folder.appendingPathComponent("out4").path, "--jobs", "4"])
        XCTAssertEqual(one.status, .inputError, "the manifest line without a path is an unreadable input, as in verify: \(one.stderr)")
        XCTAssertEqual(four.status, one.status)
        XCTAssertEqual(four.stdout.replacingOccurrences(of: "out4", with: "out1"), one.stdout, "the same lines in the same order")
        let lines = try one.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(lines.count, 32, "30 archives, the line without a path, the summary")
        XCTAssertEqual(lines.last?["summary"], ["total": 31, "ingested": 21, "invalid": 7, "duplicate": 3])
        let first = tree(folder.appendingPathComponent("out1")), second = tree(folder.appendingPathComponent("out4"))
        XCTAssertEqual(first, second, "byte-identical output trees")
        XCTAssertEqual(first.filter { $0.key.hasPrefix("dataset=assess_runs/") }.values.reduce(0) { $0 + String(decoding: $1, as: UTF8.self).split(separator: "\n").count }, 21,
                       "a run row per ingested archive")
        XCTAssertEqual(first.keys.filter { $0.hasPrefix("assess_rejected/") }.count, 10)
        let again = CapturedRun(base + ["-o", folder.appendingPathComponent("out1").path, "--jobs", "2"])
        let rerun = try again.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(rerun.map { $0["status"] }, lines.map { $0["status"] }, "re-running over the same output gives the same verdicts")
        XCTAssertEqual(rerun.last, lines.last)
        XCTAssertEqual(rerun.filter { $0["status"] == "ingested" }.map { $0["written"] }, [JSONValue](repeating: 0, count: 21),
                       "nothing ingested twice")
        XCTAssertEqual(tree(folder.appendingPathComponent("out1")), first, "and the same files")
    }

    func testStreamedCommitsWriteTheBytesOfDurableOnesForEveryJobCountAndCommitSize() throws {
        let folder = try workspace(24)
        let base = ["ingest", "--archive-map", folder.appendingPathComponent("map.json").path, "--ref-dir", folder.appendingPathComponent("schemas").path,
                    "--manifest", folder.appendingPathComponent("manifest.jsonl").path]
        for commit in ["1", "5", "1000"] {
            // --durable holds each commit's rows until the commit writes them; a plain run streams them as they are decided.
            let held = folder.appendingPathComponent("held-\(commit)")
            let reference = CapturedRun(base + ["-o", held.path, "--commit-every", commit, "--durable", "--jobs", "2"])
            XCTAssertEqual(reference.status, .inputError, reference.stderr)
            let expected = tree(held)
            XCTAssertGreaterThan(expected.keys.filter { $0.hasPrefix("dataset=") }.count, 6)
            for jobs in 1...4 {
                let out = folder.appendingPathComponent("streamed-\(commit)-\(jobs)")
                let run = CapturedRun(base + ["-o", out.path, "--commit-every", commit, "--jobs", String(jobs)])
                XCTAssertEqual(run.stdout.replacingOccurrences(of: out.path, with: held.path), reference.stdout)
                XCTAssertEqual(tree(out), expected, "every file and the ledger, byte for byte (--commit-every \(commit) --jobs \(jobs))")
            }
        }
    }

    func testDurableRunsWriteTheSameAndFlushEveryCommitBeforeTheLedgerRecordsIt() throws {
        let folder = try workspace(12)
        let base = ["ingest", "--archive-map", folder.appendingPathComponent("map.json").path, "--ref-dir", folder.appendingPathComponent("schemas").path,
                    "--manifest", folder.appendingPathComponent("manifest.jsonl").path, "--commit-every", "3", "--jobs", "2"]
        let plain = CapturedRun(base + ["-o", folder.appendingPathComponent("plain").path])
        let durable = CapturedRun(base + ["-o", folder.appendingPathComponent("durable").path, "--durable"])
        XCTAssertEqual(durable.status, plain.status, durable.stderr)
        XCTAssertEqual(durable.stdout.replacingOccurrences(of: "durable", with: "plain"), plain.stdout)
        XCTAssertEqual(tree(folder.appendingPathComponent("durable")), tree(folder.appendingPathComponent("plain")), "byte-identical output")
        // What reaches the disk and in which order: the system calls of the built binary (strace, installed by .ci/run).
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("strace is not installed; the order of flushes was not checked")
        }
        guard try ProcessRun(URL(fileURLWithPath: strace), ["-qq", "-o", "/dev/null", "/bin/true"]).status == 0 else {
            throw XCTSkip("strace cannot trace here (ptrace refused); the order of flushes was not checked")
        }
        func calls(_ name: String, durable: Bool) throws -> [String] {
            let log = folder.appendingPathComponent("\(name).strace")
            let run = try ProcessRun(URL(fileURLWithPath: strace), ["-f", "-qq", "-y", "-e", "trace=fsync,fdatasync,sync,syncfs,rename,link,openat,clone3,clone", "-o", log.path,
                                                                    try Binary.assess().path] + base + ["-o", folder.appendingPathComponent(name).path]
                                                                    + (durable ? ["--durable"] : []))
            XCTAssertEqual(run.status, 3, "the manifest line without a path: \(run.stderr)")
            return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        let flushed = try calls("traced-durable", durable: true)
        let ledgerOpens = flushed.indices.filter { flushed[$0].contains("_assess/ledger.ndjson") && flushed[$0].contains("O_APPEND") }
        XCTAssertEqual(ledgerOpens.count, 3, "12 archives, 9 of them ingested, in commits of 3")
        for open in ledgerOpens {
            // Every part file placed before this journal append was flushed before it was placed.
            let before = flushed[..<open]
            let placed = before.filter { ($0.contains("rename(") || $0.contains("link(")) && $0.contains(".ndjson.tmp-") && !$0.contains("_assess") }
            XCTAssertFalse(placed.isEmpty)
            XCTAssertGreaterThanOrEqual(before.filter { $0.contains("fsync(") }.count, placed.count * 2, "each file and its folder flushed")
        }
        XCTAssertTrue(flushed.contains { $0.contains("fsync(") } && !flushed.contains { $0.contains("sync()") }, "flushed as it goes, no sync() at the end")
        let plainCalls = try calls("traced-plain", durable: false)
        checkPlainRunFlushesWhatItWrote(plainCalls)
        checkEachPartFileIsOpenedOnceToAppend(flushed)
        checkEachPartFileIsOpenedOnceToAppend(plainCalls)
    }

    /// The run's later commits append to its part files through the descriptor the first append opened:
    /// each part file is opened once to append (`strace -y` lines), not once per commit.
    private func checkEachPartFileIsOpenedOnceToAppend(_ calls: [String]) {
        var opens: [String: Int] = [:]
        for call in calls where call.contains("openat(") && call.contains("/part-") && call.contains(#".ndjson", O_WRONLY"#) {
            guard let start = call.range(of: #", ""#)?.upperBound, let end = call[start...].range(of: #"", O_WRONLY"#)?.lowerBound else { continue }
            opens[String(call[start..<end]), default: 0] += 1
        }
        XCTAssertFalse(opens.isEmpty, "3 commits: the second and third append to the first's part files")
        XCTAssertEqual(opens.filter { $0.value > 1 }, [:], "each part file opened once to append")
    }

    /// A run without `--durable` (its system calls, `strace -f -y`) flushes the output's file system, never
    /// all of them with `sync()`: a flush started while it goes on (on a thread of its own, made after a
    /// commit), and once more after its last ledger line, and no file one by one. When the flush thread reaches
    /// its `syncfs` is up to the scheduler; that the thread was started between commits is not.
    private func checkPlainRunFlushesWhatItWrote(_ calls: [String]) {
        XCTAssertFalse(calls.contains { $0.contains("sync()") }, "no sync(): only the output's file system is flushed")
        XCTAssertFalse(calls.contains { $0.contains("fsync(") || $0.contains("fdatasync(") }, "no file flushed one by one")
        let flushes = calls.indices.filter { calls[$0].contains("syncfs(") }
        let appends = calls.indices.filter { calls[$0].contains("_assess/ledger.ndjson") && calls[$0].contains("O_APPEND") }
        XCTAssertEqual(appends.count, 3, "12 archives, 9 of them ingested, in commits of 3")
        guard let first = appends.first, let last = appends.last, let lastFlush = flushes.last else { return XCTFail("no syncfs: \(calls.suffix(5))") }
        XCTAssertGreaterThan(lastFlush, last, "the output's file system flushed after the last ledger line")
        XCTAssertGreaterThanOrEqual(flushes.count, 2, "a flush while the run went on, and one at its end")
        let threadsBetweenCommits = calls.indices.filter { $0 > first && $0 < last && (calls[$0].contains("clone3(") || calls[$0].contains("clone(")) }
        XCTAssertFalse(threadsBetweenCommits.isEmpty, "a flush thread started after the first commit, before the last one")
    }

    func testAManifestStreamsFromStandardInput() throws {
        let folder = try workspace(3)
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
            .replacingOccurrences(of: "archives/", with: folder.appendingPathComponent("archives").path + "/")
        let run = CapturedRun(["ingest", "--archive-map", folder.appendingPathComponent("map.json").path, "--ref-dir", folder.appendingPathComponent("schemas").path,
                               "--manifest", "-", "-o", folder.appendingPathComponent("out").path], stdin: manifest)
        XCTAssertEqual(run.status, .inputError, "line 4 has no path: \(run.stderr)")
        XCTAssertTrue(run.stdout.contains(#""input":"<stdin>:4","status":"invalid""#), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix(#"{"summary":{"total":4,"ingested":3,"invalid":1,"duplicate":0}}"# + "\n"), run.stdout)
        let part = String(decoding: try XCTUnwrap(tree(folder.appendingPathComponent("out"))["dataset=Motion/assessmentid=walk/year=2026/month=2/day=1/part-000001.ndjson"]), as: UTF8.self)
        XCTAssertTrue(part.contains(#""recordid":"rec0","filename":"left.json""#), part)
    }

    func testSagesRealArchiveKeepsBothMicrophoneFiles() throws {
        let archive = shared.appendingPathComponent("bridgedownstream/OCJByUtSrVTYtqObYp7XZV_J-mtbSpelling.zip").path
        for path in [archive, shared.appendingPathComponent("sage/schemas").path] where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) not found (Sage's files belong in ../shared beside the repository); test SKIPPED")
        }
        let folder = try Paths.scratch(self)
        let manifest = #"{"path": "\#(archive)", "recordId": "OCJByUtSrVTYtqObYp7XZV_J", "assessmentId": "spelling", "assessmentRevision": 5, "appId": "mobile-toolbox", "uploadedOn": "2022-02-15T20:47:37.000Z"}"#
        // taskData.json's schema (MobileToolbox, no licence) is not ours to copy: our catalog serves it with a schema of our own.
        try Data(#"{"$id": "https://example.invalid/ingest/task-data.json", "type": "object", "required": ["taskRunUUID"]}"#.utf8)
            .write(to: folder.appendingPathComponent("task-data.json"))
        try Data(#"{"https://raw.githubusercontent.com/MobileToolbox/MTBfx/937cdd1bf3b09815e97b53632c58208a14255b34/JSONschema/taskData_combinedSchema.json": "task-data.json"}"#.utf8)
            .write(to: folder.appendingPathComponent("catalog.json"))
        let arguments = ["ingest", "--archive-map", shared.appendingPathComponent("bridgedownstream/archive-map.json").path,
                         "--ref-dir", shared.appendingPathComponent("sage/schemas").path, "--catalog", folder.appendingPathComponent("catalog.json").path,
                         "--file-alias", "microphone.json=microphone_levels.json", "--required", "warning", "--manifest", "-"]
        let run = CapturedRun(arguments + ["-o", folder.appendingPathComponent("out").path, "--layout", "record"], stdin: manifest)
        XCTAssertEqual(run.status, .ok, run.stdout + run.stderr)
        let written = tree(folder.appendingPathComponent("out")).keys.sorted()
        let partition = "assessmentid=spelling/year=2022/month=2/day=15/"
        XCTAssertTrue(written.contains("dataset=AudioLevelRecord/\(partition)OCJByUtSrVTYtqObYp7XZV_J@microphone.json.ndjson"), "\(written)")
        XCTAssertTrue(written.contains("dataset=AudioLevelRecord/\(partition)OCJByUtSrVTYtqObYp7XZV_J@microphone_levels.json.ndjson"),
                      "Sage's job writes both to one key, the second overwriting the first; we keep both")
        XCTAssertTrue(written.contains("dataset=MotionRecord/\(partition)OCJByUtSrVTYtqObYp7XZV_J.ndjson"))
        XCTAssertTrue(written.contains("dataset=ArchiveMetadata/\(partition)OCJByUtSrVTYtqObYp7XZV_J.ndjson"))
        let batched = CapturedRun(arguments + ["-o", folder.appendingPathComponent("out2").path], stdin: manifest)
        XCTAssertEqual(batched.status, .ok, batched.stderr)
        let audio = String(decoding: try XCTUnwrap(tree(folder.appendingPathComponent("out2"))["dataset=AudioLevelRecord/\(partition)part-000001.ndjson"]), as: UTF8.self)
        XCTAssertEqual(audio.split(separator: "\n").compactMap { try? JSONDocument(text: String($0)).value.arrayValue?.first?["filename"] },
                       ["microphone.json", "microphone_levels.json"], "batch layout: both files, a line each, in the archive's order")
    }

    func testAnOutputThatCannotBeWrittenStopsWithTheCommittedRecordsReportedAndARerunFinishes() throws {
        let folder = try workspace(3)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A file where a dataset folder must go: the first commit cannot place its files.
        try Data("in the way".utf8).write(to: out.appendingPathComponent("dataset=assess_runs"))
        let base = ["ingest", "--archive-map", folder.appendingPathComponent("map.json").path, "--ref-dir", folder.appendingPathComponent("schemas").path,
                    "--manifest", folder.appendingPathComponent("manifest.jsonl").path, "-o", out.path, "--jobs", "1"]
        let stopped = CapturedRun(base)
        XCTAssertEqual(stopped.status, .inputError, stopped.stderr)
        XCTAssertTrue(stopped.stderr.contains("error: cannot write ") && stopped.stderr.contains("dataset=assess_runs"), stopped.stderr)
        XCTAssertTrue(stopped.stderr.contains("ingestion stopped"), stopped.stderr)
        XCTAssertFalse(stopped.stdout.contains(#""status":"ingested""#), "nothing was committed, so nothing is reported ingested: \(stopped.stdout)")
        try FileManager.default.removeItem(at: out.appendingPathComponent("dataset=assess_runs"))
        let rerun = CapturedRun(base)
        XCTAssertEqual(rerun.status, .inputError, "the line without a path: \(rerun.stderr)")
        XCTAssertTrue(rerun.stdout.hasSuffix(#"{"summary":{"total":4,"ingested":3,"invalid":1,"duplicate":0}}"# + "\n"), rerun.stdout)
        XCTAssertFalse(rerun.stdout.contains("already ingested"), "the failed commit left nothing behind: \(rerun.stdout)")
    }

    func testUsageAndUnusableSetupAreClearErrors() throws {
        let folder = try workspace(1)
        let map = folder.appendingPathComponent("map.json").path
        let out = folder.appendingPathComponent("out").path
        let noMap = CapturedRun(["ingest", "-o", out, "x.zip"])
        XCTAssertEqual(noMap.status, .usage)
        XCTAssertTrue(noMap.stderr.contains("missing --archive-map MAP.json"), noMap.stderr)
        let badLayout = CapturedRun(["ingest", "--archive-map", map, "-o", out, "--layout", "rows", "x.zip"])
        XCTAssertEqual(badLayout.status, .usage)
        XCTAssertTrue(badLayout.stderr.contains("invalid value 'rows' for --layout; expected one of: batch, record"), badLayout.stderr)
        let badCommit = CapturedRun(["ingest", "--archive-map", map, "-o", out, "--commit-every", "0", "x.zip"])
        XCTAssertEqual(badCommit.status, .usage)
        XCTAssertTrue(badCommit.stderr.contains("--commit-every needs a whole number of at least 1, not '0'"), badCommit.stderr)
        let noOutput = CapturedRun(["ingest", "--archive-map", map, "x.zip"])
        XCTAssertEqual(noOutput.status, .usage)
        XCTAssertTrue(noOutput.stderr.contains("missing -o DIR"), noOutput.stderr)
        try Data(#"{"assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": "one"}]}"#.utf8).write(to: URL(fileURLWithPath: map))
        let badMap = CapturedRun(["ingest", "--archive-map", map, "-o", out, folder.appendingPathComponent("archives").path])
        XCTAssertEqual(badMap.status, .inputError, "a map the lookup cannot use stops the batch before anything is written")
        XCTAssertTrue(badMap.stderr.contains("map.json:1:"), "positioned: \(badMap.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/dataset=assess_runs"))
    }
}
