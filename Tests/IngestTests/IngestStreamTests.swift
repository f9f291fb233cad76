import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import Ingest

/// Rows streamed to their part files as each record is decided: in the files before their commit, undone
/// whole by the next run when the run stops first (even inside the commit), and the same bytes as commits
/// that hold their rows until they are made.
final class IngestStreamTests: XCTestCase {
    private func run(_ index: Int) -> String { String(format: "6F2A1A52-0000-4000-8000-%012d", index) }

    /// Record `big<index>` with one row of ~20 KiB (written as it comes, not gathered) in each of `partitions`
    /// (folders `dataset=Big/day=P`).
    private func bigRecord(_ index: Int, partitions: [String], in folder: URL, ingester: RecordIngester) throws -> PreparedRecord {
        let path = folder.appendingPathComponent("big\(index).zip").path
        try Data(IngestFixtures.archive(run: run(100 + index))).write(to: URL(fileURLWithPath: path))
        var prepared = ingester.prepare(IngestInput(name: path, path: path, record: RecordMetadata(
            path: path, recordId: "big\(index)", assessmentId: "walk", assessmentRevision: 1, uploadedOn: "2026-03-04T05:06:07.000Z"), issue: nil))
        let row = Array(#"{"recordid":"big\#(index)","pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 20 << 10) + Array("\"}\n".utf8)
        prepared.objects = partitions.map { OutputObject(folder: "dataset=Big/day=\($0)", fileName: "big\(index).ndjson", bytes: row, lines: 1) }
        return prepared
    }

    private func size(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
    }

    private func pending(_ output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_assess/pending").path).sorted()
    }

    private func journalLines(_ output: URL) -> [String] {
        ((try? String(contentsOf: output.appendingPathComponent("_assess/ledger.ndjson"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Each `big` record's rows under `output`, by record id: how many lines hold it.
    private func bigRows(_ output: URL) throws -> [String: Int] {
        var count: [String: Int] = [:]
        for (path, text) in IngestFixtures.tree(output) where path.hasPrefix("dataset=Big/") {
            for line in text.split(separator: "\n") {
                count[try XCTUnwrap(JSONDocument(text: String(line)).value["recordid"]?.stringValue), default: 0] += 1
            }
        }
        return count
    }

    func testRowsStreamedBeforeTheirCommitAreCutBackAndIngestedOnceByTheNextRun() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let ingester = RecordIngester(verifier: try IngestFixtures.verifier())
        let records = try [["a"], ["a"], ["a", "b"]].enumerated().map { try bigRecord($0.offset, partitions: $0.element, in: folder, ingester: ingester) }
        var sink = try IngestSink(folder: output.path, commitRecords: 2)
        XCTAssertEqual(try sink.take(records[0]).count, 0)
        XCTAssertEqual(try sink.take(records[1]).map(\.status), [.ingested, .ingested], "commit 1")
        let partA = output.appendingPathComponent("dataset=Big/day=a/part-000001.ndjson"), partB = output.appendingPathComponent("dataset=Big/day=b/part-000001.ndjson")
        let committed = try Data(contentsOf: partA)
        let row = records[2].objects[0].bytes.count
        XCTAssertEqual(try sink.take(records[2]).count, 0, "waits for commit 2")
        // The third record's rows are in the files already; commit 2 is not made.
        XCTAssertEqual(size(partA), committed.count + row, "streamed to the part file commit 1 made")
        XCTAssertEqual(size(partB), row, "and to a part file only this window made")
        XCTAssertEqual(try pending(output), ["000002.json"], "the window's marker, written before its first row")
        XCTAssertEqual(journalLines(output).count, 2)
        // The run stops here (as kill -9 would: its descriptors closed, nothing else done).
        sink.ledger.openFiles.closeAll()
        var next = try IngestSink(folder: output.path, commitRecords: 2)
        XCTAssertEqual(try Data(contentsOf: partA), committed, "cut back to what commit 1 left")
        XCTAssertFalse(FileManager.default.fileExists(atPath: partB.path), "the file only the stopped window made is removed")
        XCTAssertEqual(try pending(output), [])
        var outcomes: [IngestOutcome] = []
        for record in records { outcomes += try next.take(record) }
        outcomes += try next.finish()
        XCTAssertEqual(outcomes.map(\.status), [.ingested, .ingested, .ingested])
        XCTAssertEqual(outcomes.map { $0.note == nil }, [false, false, true], "big2 is ingested now, the others were")
        XCTAssertEqual(try bigRows(output), ["big0": 1, "big1": 1, "big2": 2], "every row once: nothing twice, nothing lost")
        XCTAssertEqual(journalLines(output).count, 3)
    }

    func testAStopInsideAStreamedCommitAfterItsJournalLinesIsUndoneWhole() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let ingester = RecordIngester(verifier: try IngestFixtures.verifier())
        let records = try [["a"], ["b"]].enumerated().map { try bigRecord($0.offset, partitions: $0.element, in: folder, ingester: ingester) }
        var sink = try IngestSink(folder: output.path)
        for record in records { XCTAssertEqual(try sink.take(record).count, 0) }
        // The commit stopped after its journal lines were appended, before its marker was removed.
        let window = try XCTUnwrap(sink.streamWindow)
        let lines = sink.waitingEntries(commit: window.number, firstLines: [0, 0]).flatMap(\.line)
        try Data(lines).write(to: output.appendingPathComponent("_assess/ledger.ndjson"))
        sink.ledger.openFiles.closeAll()
        XCTAssertEqual(try pending(output), ["000001.json"])
        var next = try IngestSink(folder: output.path)
        XCTAssertEqual(journalLines(output), [], "the commit's lines dropped: its marker was still there")
        XCTAssertEqual(IngestFixtures.tree(output).keys.filter { $0.hasPrefix("dataset=") }, [], "both part files were the window's own")
        XCTAssertEqual(try pending(output), [])
        var outcomes: [IngestOutcome] = []
        for record in records { outcomes += try next.take(record) }
        outcomes += try next.finish()
        XCTAssertEqual(outcomes.map(\.note), [nil, nil], "both ingested again")
        XCTAssertEqual(try bigRows(output), ["big0": 1, "big1": 1])
    }

    func testAMarkersLinesNameTheFilesItsWindowCreatedAndATornLastLineIsDropped() {
        let header = JSONWriter.compact.bytes(CommitMarker(appended: [("dataset=A/part-000001.ndjson", 42)], number: 3, pid: 7).json)
        let bytes = header + Array("\n\"dataset=B/part-000001.ndjson\"\n\"../outside\"\n\"dataset=C/pa".utf8)
        let marker = CommitMarker(bytes: bytes, number: 3)
        XCTAssertEqual(marker.files.map(\.path), ["dataset=A/part-000001.ndjson", "dataset=B/part-000001.ndjson"])
        XCTAssertEqual(marker.files.map(\.size), [42, nil], "cut back to its size; removed")
        XCTAssertEqual(marker.pid, 7)
    }

    /// `count` records, each with a small row (gathered until the commit) in each of `partitions` partitions.
    private func smallRecords(_ count: Int, partitions: Int) -> (records: [PreparedRecord], expected: [String: [UInt8]]) {
        var expected: [String: [UInt8]] = [:]
        let records = (0..<count).map { index in
            var record = PreparedRecord(input: IngestInput(name: "s\(index)", path: nil, record: nil, issue: nil), report: nil, reasons: [], recordId: "s\(index)", objects: [])
            for partition in 0..<partitions {
                let row = Array(#"{"recordid":"s\#(index)","p":\#(partition)}"#.utf8) + [0x0A]
                record.objects.append(OutputObject(folder: "dataset=Small/p=\(partition)", fileName: "x.ndjson", bytes: row, lines: 1))
                expected["dataset=Small/p=\(partition)/part-000001.ndjson", default: []] += row
            }
            return record
        }
        return (records, expected)
    }

    func testTheLastCommitWritesTheGatheredRowsForAnyWritersAndIsNotMadeWhenOneCannotBeWritten() throws {
        let folder = try IngestFixtures.scratch()
        let (records, expected) = smallRecords(40, partitions: 6)
        var trees: [[String: String]] = []
        for writers in [1, 4] {
            let output = folder.appendingPathComponent("out-\(writers)")
            var sink = try IngestSink(folder: output.path, writers: writers)
            for record in records { _ = try sink.take(record) }
            XCTAssertEqual(sink.waitingFiles.filter { !$0.gathered.isEmpty }.count, 6, "every file's rows wait, gathered, for the commit")
            XCTAssertEqual(try sink.finish().count, 40)
            let tree = IngestFixtures.tree(output)
            for (path, bytes) in expected { XCTAssertEqual(tree[path], String(decoding: bytes, as: UTF8.self), "\(path), \(writers) writers") }
            XCTAssertEqual(journalLines(output).count, 40)
            trees.append(tree)
        }
        XCTAssertEqual(trees[0], trees[1], "the same bytes with one writer and with four")
        // Files appearing at two of the paths the window is about to create: the commit is not made, and the error
        // is the first such file's in the window's order.
        for writers in [1, 4] {
            let output = folder.appendingPathComponent("bad-\(writers)")
            var sink = try IngestSink(folder: output.path, writers: writers)
            for record in records { _ = try sink.take(record) }
            for partition in [1, 4] {
                try Data("not ours\n".utf8).write(to: output.appendingPathComponent("dataset=Small/p=\(partition)/part-000001.ndjson"))
            }
            XCTAssertThrowsError(try sink.finish(), "\(writers) writers") { error in
                let description = (error as? IngestWriteError)?.description ?? ""
                XCTAssertTrue(description.contains("dataset=Small/p=1/part-000001.ndjson already exists"), "\(writers) writers: \(description)")
            }
            XCTAssertEqual(journalLines(output), [], "\(writers) writers: no record committed")
            XCTAssertEqual(try pending(output), ["000001.json"], "\(writers) writers: the window's marker stays for the next run to undo")
        }
    }

    func testAWindowWithMorePartFilesThanStayOpenAppendsEachRowOnceInOrder() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        var sink = try IngestSink(folder: output.path, commitRecords: 100)
        var expected: [String: [UInt8]] = [:]
        // 300 records, each with a small row in a partition of its own and in one of 3 shared ones, and a large
        // row in another shared one: 304 part files, more than the 256 descriptors kept open.
        for index in 0..<300 {
            var record = PreparedRecord(input: IngestInput(name: "r\(index)", path: nil, record: nil, issue: nil), report: nil, reasons: [], recordId: "r\(index)", objects: [])
            for (partition, size) in [("own\(index)", 40), ("shared\(index % 3)", 60), ("large", 20 << 10)] {
                let row = Array(#"{"recordid":"r\#(index)","pad":""#.utf8) + Array(repeating: UInt8(ascii: "y"), count: size) + Array("\"}\n".utf8)
                record.objects.append(OutputObject(folder: "dataset=Many/p=\(partition)", fileName: "x.ndjson", bytes: row, lines: 1))
                expected["dataset=Many/p=\(partition)/part-000001.ndjson", default: []] += row
            }
            _ = try sink.take(record)
        }
        XCTAssertEqual(try sink.finish().count, 0, "every outcome was settled by its commit")
        let written = IngestFixtures.tree(output).filter { $0.key.hasPrefix("dataset=") }
        XCTAssertEqual(written.count, 304)
        for (path, bytes) in expected { XCTAssertEqual(written[path], String(decoding: bytes, as: UTF8.self), path) }
        XCTAssertEqual(journalLines(output).count, 300)
    }

    /// Inputs of records over three days, one of them invalid and one a duplicate, with rows of every size.
    private func inputs(in folder: URL) throws -> [IngestInput] {
        try (0..<12).map { index in
            let path = folder.appendingPathComponent("a\(index).zip").path
            let files = index == 5 ? [("assessmentResult.json", IngestFixtures.result(run: run(index))), ("left.json", "[{\"t\": ]")]
                : [("assessmentResult.json", IngestFixtures.result(run: run(index))), ("left.json", IngestFixtures.motion(index * 300)),
                   ("right.json", IngestFixtures.motion(2, offset: 1))]
            try Data(IngestFixtures.archive(run: run(index), files: files)).write(to: URL(fileURLWithPath: path))
            return IngestInput(name: path, path: path, record: RecordMetadata(path: path, recordId: index == 9 ? "R3" : "R\(index)", assessmentId: "walk",
                                                                               assessmentRevision: 1, uploadedOn: "2026-03-0\(1 + index % 3)T05:06:07.000Z"), issue: nil)
        }
    }

    func testStreamedCommitsWriteTheBytesOfHeldCommitsForAnyCommitSizeAndWriters() throws {
        let folder = try IngestFixtures.scratch()
        let inputs = try inputs(in: folder)
        let ingester = RecordIngester(verifier: try IngestFixtures.verifier())
        let prepared = inputs.map { ingester.prepare($0) }
        func ingest(into output: URL, commitRecords: Int, commitBytes: Int, writers: Int = 1, durable: Bool) throws -> [IngestOutcome] {
            var sink = try IngestSink(folder: output.path, commitRecords: commitRecords, commitBytes: commitBytes, writers: writers, durable: durable)
            XCTAssertEqual(sink.streams, !durable)
            var outcomes: [IngestOutcome] = []
            for record in prepared { outcomes += try sink.take(record) }
            return outcomes + (try sink.finish())
        }
        for (commitRecords, commitBytes) in [(1, 32 << 20), (3, 32 << 20), (1_000, 32 << 20), (1_000, 8 << 10), (4, 20 << 10)] {
            let streamed = folder.appendingPathComponent("streamed-\(commitRecords)-\(commitBytes)")
            let outcomes = try ingest(into: streamed, commitRecords: commitRecords, commitBytes: commitBytes, durable: false)
            XCTAssertEqual(outcomes.map(\.status).filter { $0 == .ingested }.count, 10)
            let tree = IngestFixtures.tree(streamed)
            XCTAssertGreaterThan(tree.keys.filter { $0.hasPrefix("dataset=") }.count, 6)
            for writers in [1, 4] {
                let held = folder.appendingPathComponent("held-\(commitRecords)-\(commitBytes)-\(writers)")
                let heldOutcomes = try ingest(into: held, commitRecords: commitRecords, commitBytes: commitBytes, writers: writers, durable: true)
                XCTAssertEqual(heldOutcomes.map(\.status), outcomes.map(\.status))
                XCTAssertEqual(heldOutcomes.map(\.written), outcomes.map(\.written))
                XCTAssertEqual(IngestFixtures.tree(held), tree, "every file and the ledger, byte for byte (\(commitRecords) records, \(commitBytes) bytes, \(writers) writers)")
            }
        }
    }
}
