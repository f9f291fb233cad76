import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import Ingest

/// Nothing lost: every input comes out once, as ingested, invalid or duplicate; bad input is a reason, not a stop.
final class IngestSinkTests: XCTestCase {
    private func run(_ index: Int) -> String { String(format: "6F2A1A52-0000-4000-8000-%012d", index) }

    /// A batch: good archives, every kind of bad input, and duplicates; returns the inputs.
    private func batch(in folder: URL) throws -> [IngestInput] {
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        func input(_ path: String, record: String?) -> IngestInput {
            IngestInput(name: path, path: path, record: record.map {
                RecordMetadata(path: path, recordId: $0, assessmentId: "walk", assessmentRevision: 1, uploadedOn: "2026-03-04T05:06:07.000Z")
            }, issue: nil)
        }
        let good1 = try write("good1.zip", IngestFixtures.archive(run: run(1)))
        let good2 = try write("good2.zip", IngestFixtures.archive(run: run(2)))
        let corrupt = try IngestFixtures.archive(run: run(3))
        let truncated = try write("truncated.zip", Array(corrupt.prefix(corrupt.count - 30)))
        let badJSON = try write("badjson.zip", IngestFixtures.archive(run: run(4), files: [
            ("assessmentResult.json", IngestFixtures.result(run: run(4))), ("left.json", "[{\"t\": 1},\n {\"t\": ]")]))
        let noSchema = try write("noschema.zip", IngestFixtures.archive(run: run(5), files: [
            ("assessmentResult.json", IngestFixtures.result(run: run(5))), ("gone.json", "{}")]))
        let sameRun = try write("samerun.zip", IngestFixtures.archive(run: run(1), files: [
            ("assessmentResult.json", IngestFixtures.result(run: run(1))), ("left.json", IngestFixtures.motion(1))]))
        let unreadable = folder.appendingPathComponent("missing.zip").path
        let noPath = IngestInput(line: 7, record: RecordManifest.parse(Array(#"{"recordId": "x"}"#.utf8), line: 7, name: "m.jsonl", folder: folder.path),
                                 manifest: "m.jsonl")
        return [input(good1, record: "r1"), input(truncated, record: "r3"), input(badJSON, record: "r4"), input(noSchema, record: "r5"),
                input(unreadable, record: "r6"), noPath, input(good2, record: "r1"), input(sameRun, record: "r7"), input(good2, record: "r2")]
    }

    private func ingest(_ inputs: [IngestInput], into output: URL, layout: IngestLayout = .batch, commitRecords: Int = 10_000,
                        writers: Int = 1) throws -> [IngestOutcome] {
        let verifier = try IngestFixtures.verifier()
        let ingester = RecordIngester(verifier: verifier)
        var sink = try IngestSink(folder: output.path, layout: layout, commitRecords: commitRecords, writers: writers)
        var outcomes: [IngestOutcome] = []
        for input in inputs { outcomes += try sink.take(ingester.prepare(input)) }
        return outcomes + (try sink.finish())
    }

    /// Every row of the output's datasets and tables (not the ledger), by partition folder, sorted.
    private func rows(_ output: URL) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for (path, text) in IngestFixtures.tree(output) where !path.hasPrefix("_assess") && !path.hasPrefix("assess_rejected") {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().relativePath
            rows[folder, default: []] += text.split(separator: "\n").map(String.init)
        }
        return rows.mapValues { $0.sorted() }
    }

    func testBothLayoutsHoldTheSameRowsAndRecordLayoutNamesFilesAfterRecords() throws {
        let folder = try IngestFixtures.scratch()
        let inputs = try batch(in: folder)
        let batched = try ingest(inputs, into: folder.appendingPathComponent("batch"))
        let perRecord = try ingest(inputs, into: folder.appendingPathComponent("record"), layout: .record)
        XCTAssertEqual(perRecord.map(\.status), batched.map(\.status))
        XCTAssertEqual(rows(folder.appendingPathComponent("record")), rows(folder.appendingPathComponent("batch")))
        let batchFiles = IngestFixtures.tree(folder.appendingPathComponent("batch")).keys.filter { $0.hasPrefix("dataset=") }
        XCTAssertTrue(batchFiles.allSatisfy { $0.hasSuffix("/part-000001.ndjson") }, "\(batchFiles)")
        let recordFiles = IngestFixtures.tree(folder.appendingPathComponent("record")).keys.filter { $0.hasPrefix("dataset=assess_runs/") }
        XCTAssertEqual(recordFiles.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted(), ["r1.ndjson", "r2.ndjson"])
    }

    func testTheLedgerSaysWhereEveryRecordsRowsAreAcrossCommits() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try batch(in: folder)
        let outcomes = try ingest(inputs, into: output, commitRecords: 1)
        let ingested = outcomes.filter { $0.status == .ingested }
        XCTAssertEqual(ingested.map(\.recordId), ["r1", "r2"])
        // One commit per record, each appending to the run's one part file of a partition.
        XCTAssertTrue(ingested[0].written.allSatisfy { $0.hasSuffix("part-000001.ndjson") }, "\(ingested[0].written)")
        XCTAssertEqual(ingested[1].written, ingested[0].written)
        let ledger = try String(contentsOf: output.appendingPathComponent("_assess/ledger.ndjson"), encoding: .utf8)
        let entries = try ledger.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(entries.map { $0["recordId"] }, ["r1", "r2"])
        XCTAssertEqual(entries.map { $0["commit"] }, [1, 2])
        XCTAssertEqual(entries[1]["objects"]?[0]?["line"], 2, "r2's rows after r1's in the same file")
        for entry in entries {
            for object in entry["objects"]?.arrayValue ?? [] {
                let path = try XCTUnwrap(object["path"]?.stringValue)
                let text = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
                let lines = text.split(separator: "\n")
                let first = try XCTUnwrap(object["line"]?.numberValue?.intValue), count = try XCTUnwrap(object["lines"]?.numberValue?.intValue)
                for line in lines[(first - 1)..<(first - 1 + count)] {
                    let row = try JSONDocument(text: String(line)).value
                    // A document that is an array (motion records) has the fields in each of its objects.
                    for object in row.arrayValue ?? [row] {
                        XCTAssertEqual(object["recordid"], entry["recordId"], "\(path):\(first)")
                    }
                }
            }
        }
    }

    func testOutcomesOfWaitingRecordsAreReportedOnceTheirCommitIsMade() throws {
        let folder = try IngestFixtures.scratch()
        let inputs = try batch(in: folder)
        let verifier = try IngestFixtures.verifier()
        let ingester = RecordIngester(verifier: verifier)
        var sink = try IngestSink(folder: folder.appendingPathComponent("out").path)
        XCTAssertEqual(try sink.take(ingester.prepare(inputs[0])).count, 0, "ingested, not committed: not reported yet")
        XCTAssertEqual(try sink.take(ingester.prepare(inputs[1])).count, 0, "an invalid one waits behind it, to keep the order")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/_assess/ledger.ndjson").path))
        XCTAssertEqual(try sink.finish().map(\.status), [.ingested, .invalid])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/_assess/ledger.ndjson").path))
    }

    func testACommitHoldsAtMostItsBytesOfRowsAndAppendsReuseTheOpenPartFile() throws {
        let folder = try IngestFixtures.scratch()
        let ingester = RecordIngester(verifier: try IngestFixtures.verifier())
        var sink = try IngestSink(folder: folder.appendingPathComponent("out").path, commitBytes: 4 << 20)
        // Records of one 1 MiB row each, all to one part file.
        let row = Array(repeating: UInt8(ascii: "7"), count: (1 << 20) - 1) + [0x0A]
        var committedAfter: [Int] = []
        for index in 0..<10 {
            let path = folder.appendingPathComponent("big\(index).zip").path
            try Data(IngestFixtures.archive(run: run(100 + index))).write(to: URL(fileURLWithPath: path))
            var prepared = ingester.prepare(IngestInput(name: path, path: path, record: RecordMetadata(
                path: path, recordId: "big\(index)", assessmentId: "walk", assessmentRevision: 1, uploadedOn: "2026-03-04T05:06:07.000Z"), issue: nil))
            prepared.objects = [OutputObject(folder: "dataset=Big/assessmentid=walk", fileName: "big\(index).ndjson", bytes: row, lines: 1)]
            if !(try sink.take(prepared)).isEmpty { committedAfter.append(index + 1) }
        }
        XCTAssertEqual(committedAfter, [4, 8], "a commit once 4 MiB of rows wait: the rows held in memory stay bounded")
        XCTAssertEqual(sink.ledger.openFiles.count, 1, "the part file the second commit appended to stays open for the next")
        XCTAssertEqual(try sink.finish().count, 2)
        XCTAssertEqual(sink.ledger.openFiles.count, 0, "closed at the end")
        let part = try Data(contentsOf: folder.appendingPathComponent("out/dataset=Big/assessmentid=walk/part-000001.ndjson"))
        XCTAssertEqual(part.count, 10 << 20, "every row once, whichever commit appended it")
    }

    func testACommitLeftInFlightIsUndoneAndItsRecordsIngestedAgain() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try batch(in: folder)
        _ = try ingest([inputs[0]], into: output)
        let complete = rows(output)
        // What a run stopped in the middle of commit 2 leaves: its marker, a file placed, its journal lines
        // (one of them torn).
        let placed = "dataset=assess_runs/assessmentid=walk/year=2026/month=3/day=4/part-000002.ndjson"
        try Data(#"{"recordid":"r2"}"#.utf8 + [0x0A]).write(to: output.appendingPathComponent(placed))
        try Data(#"["\#(placed)"]"#.utf8).write(to: output.appendingPathComponent("_assess/pending/000002.json"))
        let journal = try FileHandle(forWritingTo: output.appendingPathComponent("_assess/ledger.ndjson"))
        try journal.seekToEnd()
        try journal.write(contentsOf: Data(#"{"commit":2,"recordId":"r2","taskRunUUID":null,"input":"x","objects":[]}"#.utf8 + [0x0A] + #"{"commit":2,"rec"#.utf8))
        try journal.close()
        let again = try ingest([inputs[8]], into: output)
        XCTAssertEqual(again.map(\.status), [.ingested])
        XCTAssertEqual(again[0].note, nil, "r2 was not committed: it is ingested now, not skipped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("_assess/pending/000002.json").path))
        let ledger = try String(contentsOf: output.appendingPathComponent("_assess/ledger.ndjson"), encoding: .utf8)
        XCTAssertEqual(try ledger.split(separator: "\n").map { try JSONDocument(text: String($0)).value["commit"] }, [1, 2],
                       "the undone commit's lines dropped, the torn one too, the new commit numbered 2")
        XCTAssertEqual(rows(output).values.reduce(0) { $0 + $1.count }, complete.values.reduce(0) { $0 + $1.count } * 2,
                       "r2's rows once each beside r1's: nothing of the undone commit left")
    }

    func testEveryInputOnceWithItsReasonAndTheRestIngested() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try batch(in: folder)
        let outcomes = try ingest(inputs, into: output)
        XCTAssertEqual(outcomes.map(\.input.name), inputs.map(\.name), "every input exactly once, in order")
        XCTAssertEqual(outcomes.map(\.status), [.ingested, .invalid, .invalid, .invalid, .invalid, .invalid, .duplicate, .duplicate, .ingested])
        let reasons = outcomes.map { $0.reasons.joined(separator: " | ") }
        XCTAssertTrue(reasons[1].contains("truncated.zip") || reasons[1].contains("archive"), reasons[1])
        XCTAssertTrue(reasons[2].contains("left.json is not valid JSON") && reasons[2].contains("2:"), "positioned: \(reasons[2])")
        XCTAssertTrue(reasons[3].contains("https://example.invalid/assess-tests/Nowhere.json"), reasons[3])
        XCTAssertEqual(reasons[4], "cannot read \(inputs[4].name): no such file")
        XCTAssertEqual(reasons[5], "m.jsonl:7:1: the line has no \"path\" (the archive's path, relative to the manifest's folder)")
        XCTAssertTrue(reasons[6].contains("recordId r1 was already seen"), reasons[6])
        XCTAssertTrue(reasons[7].contains("taskRunUUID \(run(1)) was already seen"), reasons[7])
        let tree = IngestFixtures.tree(output)
        let rejected = tree.filter { $0.key.hasPrefix("assess_rejected/") }
        XCTAssertEqual(rejected.count, 7, "one rejected row per invalid or duplicate input")
        let badJSONRow = try XCTUnwrap(rejected.first { $0.key.hasPrefix("assess_rejected/r4@") }).value
        let row = try JSONDocument(text: badJSONRow).value
        XCTAssertEqual(row["recordId"], "r4")
        XCTAssertEqual(row["assessmentId"], "walk")
        XCTAssertEqual(row["assessmentRevision"], 1)
        XCTAssertEqual(row["errors"]?["left.json"]?.arrayValue?.count, 1, "Sage's shape: errors by file")
        XCTAssertEqual(rows(output).filter { $0.key.hasPrefix("dataset=assess_runs/") }.values.reduce(0) { $0 + $1.count }, 2, "two records ingested")
        XCTAssertFalse(tree.keys.contains { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(".") }, "no temporary files left")
    }

    func testReRunningOverTheSameOutputIsIdempotent() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try batch(in: folder)
        let first = try ingest(inputs, into: output)
        let before = IngestFixtures.tree(output)
        let second = try ingest(inputs, into: output)
        XCTAssertEqual(second.map(\.status), first.map(\.status), "the same verdicts: a record is not a duplicate of itself")
        XCTAssertEqual(second.filter { $0.status == .ingested }.map(\.note), [String?](repeating: "already ingested by an earlier run over \(output.path)", count: 2))
        XCTAssertEqual(IngestFixtures.tree(output), before, "the same files with the same bytes")
    }

    func testARunIngestedEarlierUnderAnotherRecordIsADuplicateLater() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try batch(in: folder)
        _ = try ingest([inputs[0]], into: output)
        let copy = IngestInput(name: inputs[0].name, path: inputs[0].path, record: RecordMetadata(
            path: inputs[0].path, recordId: "other", assessmentId: "walk", assessmentRevision: 1, uploadedOn: "2026-03-04T05:06:07.000Z"), issue: nil)
        let later = try ingest([copy], into: output)
        XCTAssertEqual(later.map(\.status), [.duplicate])
        XCTAssertEqual(later[0].reasons, ["taskRunUUID \(run(1)) was already ingested as record r1 (an earlier run over \(output.path))"])
    }

    func testTwoArchivesNamedAlikeWithoutAManifestAreOneRecordAndADuplicate() throws {
        let folder = try IngestFixtures.scratch()
        var inputs: [IngestInput] = []
        for (index, sub) in ["a", "b"].enumerated() {
            let path = folder.appendingPathComponent(sub).appendingPathComponent("upload.zip")
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(IngestFixtures.archive(run: run(20 + index))).write(to: path)
            inputs.append(IngestInput(name: path.path, path: path.path, record: RecordMetadata(
                path: path.path, assessmentId: "walk", assessmentRevision: 1, uploadedOn: "2026-03-04T05:06:07.000Z"), issue: nil))
        }
        for layout in IngestLayout.allCases {
            let output = folder.appendingPathComponent("out-\(layout)")
            let outcomes = try ingest(inputs, into: output, layout: layout)
            XCTAssertEqual(outcomes.map(\.status), [.ingested, .duplicate], "\(layout)")
            XCTAssertEqual(outcomes[1].reasons, ["recordId upload was already seen in \(inputs[0].name)"])
            XCTAssertEqual(rows(output).filter { $0.key.hasPrefix("dataset=assess_runs/") }.values.reduce(0) { $0 + $1.count }, 1,
                           "one record's rows, not two in one file (\(layout))")
        }
    }

    func testDamagedLedgerAndMarkersAreReadSafely() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try batch(in: folder)
        _ = try ingest([inputs[0]], into: output)
        let outside = folder.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: outside)
        // Markers that are not JSON, that list paths outside the output, or that are not named after a commit.
        try Data("not json".utf8).write(to: output.appendingPathComponent("_assess/pending/000007.json"))
        try Data(#"["../keep.txt", "/etc/hostname", 3]"#.utf8).write(to: output.appendingPathComponent("_assess/pending/000008.json"))
        try Data("x".utf8).write(to: output.appendingPathComponent("_assess/pending/.000009.json.tmp-1-2"))
        let journal = try FileHandle(forWritingTo: output.appendingPathComponent("_assess/ledger.ndjson"))
        try journal.seekToEnd()
        try journal.write(contentsOf: Data("[1,2]\n{\"commit\":\"x\"}\n\u{0}\u{FF}\n".utf8))
        try journal.close()
        let again = try ingest([inputs[0], inputs[8]], into: output)
        XCTAssertEqual(again.map(\.status), [.ingested, .ingested])
        XCTAssertNotNil(again[0].note, "r1 is still known from its good ledger line")
        XCTAssertNil(again[1].note)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "mine", "a marker never removes a file outside the output")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_assess/pending").path), [])
    }

    func testAPartFileTheLedgerDoesNotKnowIsNeverReplaced() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try batch(in: folder)
        _ = try ingest([inputs[0]], into: output)
        let before = rows(output)
        try FileManager.default.removeItem(at: output.appendingPathComponent("_assess/ledger.ndjson"))
        XCTAssertThrowsError(try ingest([inputs[8]], into: output)) { error in
            XCTAssertTrue("\(error)".contains("part-000001.ndjson already exists but no commit in _assess/ledger.ndjson names it"), "\(error)")
        }
        XCTAssertEqual(rows(output), before, "r1's rows are still there, untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_assess/pending").path), [],
                       "refused before its marker: no later run undoes (removes) the file it refused to replace")
        XCTAssertThrowsError(try ingest([inputs[8]], into: output))
        XCTAssertEqual(rows(output), before)
        // Sage's per-record objects are replaced when a record comes again, as their job does.
        let records = folder.appendingPathComponent("records")
        _ = try ingest([inputs[0]], into: records, layout: .record)
        try FileManager.default.removeItem(at: records.appendingPathComponent("_assess/ledger.ndjson"))
        XCTAssertEqual(try ingest([inputs[0]], into: records, layout: .record).map(\.status), [.ingested])
    }

    func testACommitWrittenOnSeveralThreadsIsTheSameFilesAndLedger() throws {
        let folder = try IngestFixtures.scratch()
        let inputs = try batch(in: folder)
        for layout in IngestLayout.allCases {
            let one = folder.appendingPathComponent("one-\(layout)"), three = folder.appendingPathComponent("three-\(layout)")
            let serial = try ingest(inputs, into: one, layout: layout, commitRecords: 2)
            let parallel = try ingest(inputs, into: three, layout: layout, commitRecords: 2, writers: 3)
            XCTAssertEqual(parallel.map(\.status), serial.map(\.status))
            XCTAssertEqual(parallel.map(\.written), serial.map(\.written))
            XCTAssertEqual(IngestFixtures.tree(three), IngestFixtures.tree(one), "every file, the ledger included, byte for byte (\(layout))")
            XCTAssertGreaterThan(IngestFixtures.tree(one).keys.filter { $0.hasPrefix("dataset=") }.count, 3)
        }
    }

    func testAFileThatCannotBeWrittenStopsTheCommitWhateverTheWriters() throws {
        let folder = try IngestFixtures.scratch()
        let inputs = try batch(in: folder)
        for writers in [1, 4] {
            let output = folder.appendingPathComponent("out\(writers)")
            // A file where a partition folder of the commit must go: that file's write fails, the others succeed.
            try FileManager.default.createDirectory(at: output.appendingPathComponent("dataset=assess_runs"), withIntermediateDirectories: true)
            try Data("in the way".utf8).write(to: output.appendingPathComponent("dataset=assess_runs/assessmentid=walk"))
            XCTAssertThrowsError(try ingest([inputs[0]], into: output, writers: writers)) { error in
                XCTAssertTrue("\(error)".contains("dataset=assess_runs/assessmentid=walk"), "\(error)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_assess/pending").path), ["000001.json"],
                           "the commit stays in flight, for the next run to undo (writers: \(writers))")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("_assess/ledger.ndjson").path))
            try FileManager.default.removeItem(at: output.appendingPathComponent("dataset=assess_runs/assessmentid=walk"))
            XCTAssertEqual(try ingest([inputs[0]], into: output, writers: writers).map(\.status), [.ingested], "a re-run finishes it")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_assess/pending").path), [])
        }
    }
}
