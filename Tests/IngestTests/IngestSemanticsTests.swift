import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import Ingest

/// Which export of a record stays, how few files a run makes, object names that never collide, what a
/// torn commit leaves, one sample per line on request, and manifest keys that differ only in case.
final class IngestSemanticsTests: XCTestCase {
    private func run(_ index: Int) -> String { String(format: "6F2A1A52-0000-4000-8000-%012d", index) }

    /// An archive written to `folder/name` and its input, with a manifest line for `record` (exported at `exportedOn`).
    private func input(_ name: String, in folder: URL, record: String, run: String, exportedOn: String? = nil, motion: Int = 3,
                       files: [(String, String)]? = nil, uploadedOn: String = "2026-03-04T05:06:07.000Z") throws -> IngestInput {
        let path = folder.appendingPathComponent(name).path
        let contents = files ?? [("assessmentResult.json", IngestFixtures.result(run: run)), ("left.json", IngestFixtures.motion(motion)),
                                 ("right.json", IngestFixtures.motion(2, offset: 1))]
        try Data(IngestFixtures.archive(run: run, files: contents)).write(to: URL(fileURLWithPath: path))
        var fields = JSONObject([.init(key: "path", value: .string(name)), .init(key: "recordId", value: .string(record))])
        if let exportedOn { fields["exportedOn"] = .string(exportedOn) }
        return IngestInput(name: path, path: path, record: RecordMetadata(path: path, recordId: record, assessmentId: "walk", assessmentRevision: 1,
                                                                           uploadedOn: uploadedOn, fields: fields), issue: nil)
    }

    private func ingest(_ inputs: [IngestInput], into output: URL, layout: IngestLayout = .batch, policy: RecordIdPolicy = .first,
                        commitRecords: Int = 1_000, writers: Int = 1, explode: Bool = false) throws -> [IngestOutcome] {
        let verifier = try IngestFixtures.verifier()
        let ingester = RecordIngester(verifier: verifier, explodeArrays: explode)
        var sink = try IngestSink(folder: output.path, layout: layout, onRecordId: policy, commitRecords: commitRecords, writers: writers)
        var outcomes: [IngestOutcome] = []
        for input in inputs { outcomes += try sink.take(ingester.prepare(input)) }
        return outcomes + (try sink.finish())
    }

    private func ledger(_ output: URL) throws -> [JSONValue] {
        let text = try String(contentsOf: output.appendingPathComponent("_assess/ledger.ndjson"), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
    }

    /// Every data row under `output` (not the ledger, not the rejected table), each object of an array row on its own.
    private func objects(_ output: URL) throws -> [(path: String, object: JSONValue)] {
        var found: [(String, JSONValue)] = []
        for (path, text) in IngestFixtures.tree(output).sorted(by: { $0.key < $1.key }) where path.hasPrefix("dataset=") {
            for line in text.split(separator: "\n") {
                let row = try JSONDocument(text: String(line)).value
                for object in row.arrayValue ?? [row] { found.append((path, object)) }
            }
        }
        return found
    }

    /// Checks that every ledger entry's ranges hold its rows, that no data row is outside the ledger's ranges,
    /// and returns the entries.
    @discardableResult
    private func assertLedgerIsTrue(_ output: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [JSONValue] {
        let entries = try ledger(output)
        var covered: [String: Set<Int>] = [:]
        for entry in entries {
            for object in entry["objects"]?.arrayValue ?? [] {
                let path = try XCTUnwrap(object["path"]?.stringValue)
                let lines = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8).split(separator: "\n")
                let first = try XCTUnwrap(object["line"]?.numberValue?.intValue), count = try XCTUnwrap(object["lines"]?.numberValue?.intValue)
                XCTAssertLessThanOrEqual(first - 1 + count, lines.count, "\(path)", file: file, line: line)
                for number in first..<(first + count) where number <= lines.count {
                    let row = try JSONDocument(text: String(lines[number - 1])).value
                    for item in row.arrayValue ?? [row] {
                        XCTAssertEqual(item["recordid"], entry["recordId"], "\(path):\(number)", file: file, line: line)
                    }
                    XCTAssertTrue(covered[path, default: []].insert(number).inserted, "\(path):\(number) given twice", file: file, line: line)
                }
            }
        }
        for (path, text) in IngestFixtures.tree(output) where path.hasPrefix("dataset=") {
            XCTAssertEqual(covered[path]?.count ?? 0, text.split(separator: "\n").count, "every line of \(path) is a ledger record's", file: file, line: line)
        }
        return entries
    }

    // MARK: --on-record-id

    // Sage's rule (Sage-Bionetworks/BridgeDownstream): `src/scripts/bootstrap_trigger/bootstrap_trigger.py` with
    // `--drop-duplicates` sorts the Synapse file view of exports by `exportedOn` (`sort_values(by="exportedOn")`)
    // and keeps the last row of each `recordId` (`index.duplicated(keep="last")`); `src/glue/jobs/s3_to_json_s3.py`
    // writes a record's object to `RECORDID.ndjson`, so a later export's write replaces the earlier one's. The
    // upload's `exportedOn` is S3 metadata `exportedon` there (`tests/test_s3_to_json_s3.py`), the manifest's here.
    func testALaterExportInTheBatchReplacesTheEarlierInEveryDatasetAndTheEarlierIsListed() throws {
        let folder = try IngestFixtures.scratch()
        // A record Bridge exported, then exported again after a fix (same run, 5 samples instead of 3), with another record between.
        let early = try input("early.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-04T06:00:00.000Z", motion: 3)
        let other = try input("other.zip", in: folder, record: "S", run: run(2), exportedOn: "2026-03-04T06:30:00.000Z")
        let late = try input("late.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-05T06:00:00.000Z", motion: 5)
        for commitRecords in [1, 1_000] {
            let output = folder.appendingPathComponent("out\(commitRecords)")
            let outcomes = try ingest([early, other, late], into: output, policy: .latest, commitRecords: commitRecords)
            XCTAssertEqual(outcomes.map(\.status), [.ingested, .ingested, .ingested])
            XCTAssertEqual(outcomes[2].supersedes, early.name)
            let rows = try objects(output).filter { $0.object["recordid"] == "R" }
            XCTAssertEqual(rows.filter { $0.path.hasPrefix("dataset=MotionRecord/") }.count, 5 + 2, "only the later export's samples")
            XCTAssertEqual(Set(rows.map { $0.path.split(separator: "/")[0] }).count, 7, "and its rows in every dataset and table")
            XCTAssertEqual(rows.filter { $0.path.hasPrefix("dataset=assess_runs/") }.count, 1)
            XCTAssertEqual(try objects(output).filter { $0.object["recordid"] == "S" }.count, try objects(output).filter { $0.object["recordid"] == "R" }.count - 2,
                           "the other record's rows untouched (it has 2 samples fewer)")
            let entries = try assertLedgerIsTrue(output)
            XCTAssertEqual(entries.map { $0["recordId"] }, ["S", "R"], "one entry per record")
            XCTAssertEqual(entries[1]["input"], .string(late.name), "the ledger says which archive holds the record now")
            XCTAssertEqual(entries[1]["replaces"], .string(early.name))
            let rejected = IngestFixtures.tree(output).filter { $0.key.hasPrefix("assess_rejected/") }
            XCTAssertEqual(rejected.count, 1, "the superseded export listed, not lost")
            let row = try JSONDocument(text: try XCTUnwrap(rejected.values.first)).value
            XCTAssertEqual(row["status"], "superseded")
            XCTAssertEqual(row["input"], .string(early.name))
            XCTAssertEqual(row["supersededBy"], .string(late.name))
            XCTAssertEqual(row["exportedOn"], "2026-03-04T06:00:00.000Z")
            XCTAssertTrue(row["reasons"]?[0]?.stringValue?.contains("superseded by a later export of recordId R") ?? false, "\(row)")
        }
    }

    func testAnEarlierExportAfterTheLaterIsSupersededAndTheFirstPolicyKeepsTheFirst() throws {
        let folder = try IngestFixtures.scratch()
        let early = try input("early.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-04T06:00:00.000Z", motion: 3)
        let late = try input("late.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-05T06:00:00.000Z", motion: 5)
        let latest = try ingest([late, early], into: folder.appendingPathComponent("latest"), policy: .latest)
        XCTAssertEqual(latest.map(\.status), [.ingested, .superseded])
        XCTAssertEqual(latest[1].reasons, ["recordId R has a later export (exportedOn 2026-03-05T06:00:00.000Z) in \(late.name)"])
        XCTAssertEqual(try objects(folder.appendingPathComponent("latest")).filter { $0.path.hasPrefix("dataset=MotionRecord/") }.count, 7)
        // Today's rule stays the default: the first stays, later ones are duplicates.
        let first = try ingest([early, late], into: folder.appendingPathComponent("first"))
        XCTAssertEqual(first.map(\.status), [.ingested, .duplicate])
        XCTAssertEqual(try objects(folder.appendingPathComponent("first")).filter { $0.path.hasPrefix("dataset=MotionRecord/") }.count, 5)
        // Without exportedOn the later input wins, as the later write of Sage's S3 key does; a record without one
        // sorts after every record with one (pandas' sort_values puts missing values last, so keep="last" keeps it).
        let undated = try input("undated.zip", in: folder, record: "R", run: run(1), motion: 4)
        XCTAssertEqual(try ingest([late, undated], into: folder.appendingPathComponent("undated"), policy: .latest).map(\.status), [.ingested, .ingested])
        XCTAssertEqual(try ingest([undated, late], into: folder.appendingPathComponent("undated2"), policy: .latest).map(\.status), [.ingested, .superseded])
    }

    func testALaterRunReplacesARecordOfAnEarlierRunAndReRunsStayIdempotent() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let early = try input("early.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-04T06:00:00.000Z", motion: 3)
        let other = try input("other.zip", in: folder, record: "S", run: run(2), exportedOn: "2026-03-04T06:30:00.000Z")
        let late = try input("late.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-05T06:00:00.000Z", motion: 5)
        XCTAssertEqual(try ingest([early, other], into: output, policy: .latest).map(\.status), [.ingested, .ingested])
        let second = try ingest([late], into: output, policy: .latest)
        XCTAssertEqual(second.map(\.status), [.ingested])
        XCTAssertEqual(second[0].supersedes, early.name, "named from the ledger")
        XCTAssertEqual(try objects(output).filter { $0.object["recordid"] == "R" && $0.path.hasPrefix("dataset=MotionRecord/") }.count, 7)
        let entries = try assertLedgerIsTrue(output)
        XCTAssertEqual(entries.map { $0["recordId"] }, ["S", "R"])
        let after = IngestFixtures.tree(output)
        // The same exports again: nothing changes.
        let again = try ingest([early, other, late], into: output, policy: .latest)
        XCTAssertEqual(again.map(\.status), [.superseded, .ingested, .ingested])
        XCTAssertEqual(again.map { $0.note != nil }, [false, true, true])
        XCTAssertEqual(IngestFixtures.tree(output).filter { !$0.key.hasPrefix("assess_rejected/") }, after.filter { !$0.key.hasPrefix("assess_rejected/") })
        XCTAssertTrue(IngestFixtures.tree(output).keys.allSatisfy { !URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(".") }, "no staged or temporary file left")
    }

    func testAReUploadUnderANewRecordIdWithTheSameRunStaysADuplicate() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let original = try input("a.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-04T06:00:00.000Z")
        let reupload = try input("b.zip", in: folder, record: "Q", run: run(1), exportedOn: "2026-03-06T06:00:00.000Z")
        let outcomes = try ingest([original, reupload], into: output, policy: .latest)
        XCTAssertEqual(outcomes.map(\.status), [.ingested, .duplicate])
        XCTAssertEqual(outcomes[1].reasons, ["taskRunUUID \(run(1)) was already seen in \(original.name)"])
        XCTAssertEqual(try ingest([reupload], into: output, policy: .latest).map(\.status), [.duplicate], "and across runs")
    }

    func testInTheRecordLayoutTheEarlierExportsObjectsAreReplacedOrRemoved() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let early = try input("early.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-04T06:00:00.000Z")
        // The later export has only one motion file: the earlier one's two objects of that dataset go.
        let late = try input("late.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-05T06:00:00.000Z",
                             files: [("assessmentResult.json", IngestFixtures.result(run: run(1))), ("left.json", IngestFixtures.motion(6))])
        XCTAssertEqual(try ingest([early], into: output, layout: .record, policy: .latest).map(\.status), [.ingested])
        XCTAssertEqual(try ingest([late], into: output, layout: .record, policy: .latest, commitRecords: 1).map(\.status), [.ingested])
        let motion = IngestFixtures.tree(output).keys.filter { $0.hasPrefix("dataset=MotionRecord/") }
        XCTAssertEqual(motion.map { URL(fileURLWithPath: $0).lastPathComponent }, ["R.ndjson"])
        XCTAssertEqual(try objects(output).filter { $0.path.hasPrefix("dataset=MotionRecord/") }.count, 6)
        try assertLedgerIsTrue(output)
    }

    func testTheOutputIsTheSameBytesForAnyWritersWithLaterExports() throws {
        let folder = try IngestFixtures.scratch()
        var inputs: [IngestInput] = []
        for index in 0..<6 {
            inputs.append(try input("a\(index).zip", in: folder, record: "R\(index % 3)", run: run(index % 3),
                                    exportedOn: "2026-03-0\(4 + index)T06:00:00.000Z", motion: 2 + index,
                                    uploadedOn: "2026-03-0\(4 + index % 2)T05:06:07.000Z"))
        }
        for layout in IngestLayout.allCases {
            let one = folder.appendingPathComponent("one-\(layout)"), four = folder.appendingPathComponent("four-\(layout)")
            let serial = try ingest(inputs, into: one, layout: layout, policy: .latest, commitRecords: 2)
            let parallel = try ingest(inputs, into: four, layout: layout, policy: .latest, commitRecords: 2, writers: 4)
            XCTAssertEqual(serial.map(\.status), Array(repeating: .ingested, count: 6))
            XCTAssertEqual(parallel.map(\.written), serial.map(\.written))
            XCTAssertEqual(IngestFixtures.tree(four), IngestFixtures.tree(one), "\(layout)")
            XCTAssertEqual(try assertLedgerIsTrue(one).map { $0["recordId"] }, ["R0", "R1", "R2"])
        }
    }

    // MARK: files per partition

    func testARunWritesOneFilePerPartitionWhateverItsCommits() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        var inputs: [IngestInput] = []
        for index in 0..<12 {
            inputs.append(try input("a\(index).zip", in: folder, record: "R\(index)", run: run(index), uploadedOn: "2026-03-0\(1 + index % 3)T05:06:07.000Z"))
        }
        XCTAssertEqual(try ingest(Array(inputs[..<8]), into: output, commitRecords: 1).map(\.status), Array(repeating: .ingested, count: 8))
        var files = IngestFixtures.tree(output).keys.filter { $0.hasPrefix("dataset=") }
        XCTAssertEqual(files.count, 7 * 3, "7 datasets and tables over 3 days: one file each, not one per commit (8 commits)")
        XCTAssertEqual(try ledger(output).map { $0["commit"] }, (1...8).map { .number(JSONNumber($0)) })
        try assertLedgerIsTrue(output)
        // A second run: one more file per partition it touches, named after its first commit.
        _ = try ingest(Array(inputs[8...]), into: output, commitRecords: 2)
        files = IngestFixtures.tree(output).keys.filter { $0.hasPrefix("dataset=") }
        XCTAssertEqual(files.count, 7 * 3 * 2)
        XCTAssertEqual(Set(files.map { URL(fileURLWithPath: $0).lastPathComponent }), ["part-000001.ndjson", "part-000009.ndjson"])
        try assertLedgerIsTrue(output)
    }

    // MARK: a torn commit

    func testATornAppendingCommitIsCutBackAndTheDeadProcesssTemporaryFilesRemoved() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let inputs = try (0..<3).map { try input("a\($0).zip", in: folder, record: "R\($0)", run: run($0)) }
        _ = try ingest(Array(inputs[..<2]), into: output, commitRecords: 1)
        let complete = IngestFixtures.tree(output)
        // What a process killed inside its third commit leaves: the marker, rows half appended to a part file,
        // a new file placed, and the temporary file it was writing.
        let part = "dataset=assess_runs/assessmentid=walk/year=2026/month=3/day=4/part-000001.ndjson"
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(part).path)[.size] as? Int)
        let placed = "dataset=New/assessmentid=walk/year=2026/month=3/day=4/part-000001.ndjson"
        let writing = "dataset=Writing/assessmentid=walk/year=2026/month=3/day=4/part-000001.ndjson"
        let replacing = "dataset=Replaced/assessmentid=walk/year=2026/month=3/day=4/part-000001.ndjson"
        let marker = CommitMarker(files: [CommitFile(path: part, change: .append(size: size), chunks: []),
                                          CommitFile(path: placed, change: .create, chunks: []), CommitFile(path: writing, change: .create, chunks: []),
                                          CommitFile(path: replacing, change: .replace, chunks: [])],
                                  number: 3, pid: 4_194_999)
        try Data(JSONWriter.compact.bytes(marker.json)).write(to: output.appendingPathComponent("_assess/pending/000003.json"))
        let handle = try FileHandle(forWritingTo: output.appendingPathComponent(part))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"recordid":"R2","half"#.utf8))
        try handle.close()
        for path in [placed, writing] {
            try FileManager.default.createDirectory(at: output.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try Data("{}\n".utf8).write(to: output.appendingPathComponent(placed))
        let temporary = output.appendingPathComponent(writing).deletingLastPathComponent().appendingPathComponent(".part-000001.ndjson.tmp-4194999-77")
        try Data("{\"half".utf8).write(to: temporary)
        let ledgerTemporary = output.appendingPathComponent("_assess/.ledger.ndjson.tmp-4194999-78")
        try Data("x".utf8).write(to: ledgerTemporary)
        // The temporary file of a staged copy (`.NAME.staged-3`), which the process writes before renaming it to that name.
        let stagedFolder = output.appendingPathComponent(replacing).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: stagedFolder, withIntermediateDirectories: true)
        let stagedTemporary = stagedFolder.appendingPathComponent("..part-000001.ndjson.staged-3.tmp-4194999-79")
        try Data("{\"half".utf8).write(to: stagedTemporary)
        let outcomes = try ingest([inputs[2]], into: output, commitRecords: 1)
        XCTAssertEqual(outcomes.map(\.status), [.ingested])
        let tree = IngestFixtures.tree(output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.path), "the dead process's temporary file is removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: ledgerTemporary.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stagedTemporary.path), "a staged copy's temporary file is removed")
        XCTAssertNil(tree[placed])
        XCTAssertTrue(tree.keys.allSatisfy { !URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(".") }, "\(tree.keys.sorted())")
        XCTAssertTrue(try XCTUnwrap(tree[part]).hasPrefix(try XCTUnwrap(complete[part])), "the torn rows cut off")
        XCTAssertTrue(try XCTUnwrap(tree[part]).hasSuffix("\n"))
        try assertLedgerIsTrue(output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("_assess/pending").path), [])
    }

    func testACommitReplacingFilesIsFinishedOnceTheJournalHoldsIt() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let early = try input("early.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-04T06:00:00.000Z")
        let late = try input("late.zip", in: folder, record: "R", run: run(1), exportedOn: "2026-03-05T06:00:00.000Z", motion: 5)
        _ = try ingest([early], into: output, policy: .latest)
        let reference = folder.appendingPathComponent("reference")
        _ = try ingest([early], into: reference, policy: .latest)
        _ = try ingest([late], into: reference, policy: .latest)
        // Stopped after the journal was replaced, before the staged files were renamed: the next run finishes it.
        let verifier = try IngestFixtures.verifier()
        var sink = try IngestSink(folder: output.path, onRecordId: .latest)
        _ = try sink.take(RecordIngester(verifier: verifier).prepare(late))
        let number = sink.ledger.lastCommit + 1
        let dropped = sink.ledger.entries(of: ["R"])
        let removed = IngestLedger.removedLines(dropped)
        let files = removed.keys.sorted().map { CommitFile(path: $0, change: .replace, chunks: [sink.keptLines(of: $0, removing: removed[$0] ?? []).bytes]) }
        let marker = CommitMarker(files: files, number: number, pid: 4_194_999).json
        try Data(JSONWriter.compact.bytes(marker)).write(to: output.appendingPathComponent("_assess/pending/\(String(format: "%06d", number)).json"))
        for file in files { try file.place(in: output.path, commit: number, flush: false) }
        let journal = try String(contentsOf: output.appendingPathComponent("_assess/ledger.ndjson"), encoding: .utf8)
        try Data((journal + #"{"commit":\#(number),"recordId":"R2","taskRunUUID":null,"input":"x","objects":[]}"# + "\n").utf8)
            .write(to: output.appendingPathComponent("_assess/ledger.ndjson"))
        XCTAssertFalse(IngestFixtures.tree(output).filter { $0.key.contains(".staged-") }.isEmpty)
        _ = try IngestSink(folder: output.path, onRecordId: .latest)
        XCTAssertTrue(IngestFixtures.tree(output).filter { $0.key.contains(".staged-") }.isEmpty, "the staged files are placed")
        XCTAssertEqual(try objects(output).filter { $0.object["recordid"] == "R" }.count, 0, "the early export's rows are gone, as the journal says")
    }

    // MARK: --layout record names

    func testRecordsXAndXWalkMotionNeverShareAnObject() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        // The reproduction: record X with two motion files, record X_walk_motion with one; --layout record --commit-every 1.
        let x = try input("X.zip", in: folder, record: "X", run: run(1), files: [
            ("assessmentResult.json", IngestFixtures.result(run: run(1))), ("walk_motion.json", IngestFixtures.motion(3)),
            ("balance_motion.json", IngestFixtures.motion(4))])
        let walk = try input("X_walk_motion.zip", in: folder, record: "X_walk_motion", run: run(2), files: [
            ("assessmentResult.json", IngestFixtures.result(run: run(2))), ("walk_motion.json", IngestFixtures.motion(5))])
        let outcomes = try ingest([x, walk], into: output, layout: .record, commitRecords: 1)
        XCTAssertEqual(outcomes.map(\.status), [.ingested, .ingested])
        let motion = try objects(output).filter { $0.path.hasPrefix("dataset=MotionRecord/") }
        XCTAssertEqual(motion.filter { $0.object["recordid"] == "X" }.count, 7, "both of X's motion files are there")
        XCTAssertEqual(motion.filter { $0.object["recordid"] == "X_walk_motion" }.count, 5)
        let paths = try assertLedgerIsTrue(output).flatMap { $0["objects"]?.arrayValue ?? [] }.compactMap { $0["path"]?.stringValue }
        XCTAssertEqual(Set(paths).count, paths.count, "no object given to two records")
        XCTAssertEqual(Set(outcomes[0].written).intersection(outcomes[1].written), [])
    }

    func testObjectNamesAreOneToOne() {
        let records = ["X", "X_walk_motion", "_x", "0_x", "00_x", ".x", "0.x", "0x", "a b", "a_b", "a@b", "a~b", "", "é", "x.ndjson"]
        let qualifiers: [String?] = [nil, "walk_motion.json", "motion", "a@b", ""]
        var names: [String: String] = [:]
        for record in records {
            for qualifier in qualifiers {
                let name = SafeName.objectName(record: record, qualifier: qualifier)
                XCTAssertNil(names[name], "\(record) \(qualifier ?? "-") and \(names[name] ?? "") share \(name)")
                names[name] = "\(record) \(qualifier ?? "-")"
                XCTAssertFalse(name.hasPrefix("_") || name.hasPrefix("."), name)
            }
        }
        XCTAssertEqual(SafeName.objectName(record: "OCJByUtSrVTYtqObYp7XZV_J"), "OCJByUtSrVTYtqObYp7XZV_J.ndjson", "Sage's name")
        XCTAssertEqual(SafeName.objectName(record: "_x"), "0_x.ndjson", "Sage's prefix")
    }

    func testAnObjectTheLedgerGivesToAnotherRecordIsNeverOverwritten() throws {
        let folder = try IngestFixtures.scratch()
        let output = folder.appendingPathComponent("out")
        let walk = try input("X_walk_motion.zip", in: folder, record: "X_walk_motion", run: run(2), files: [
            ("assessmentResult.json", IngestFixtures.result(run: run(2))), ("walk_motion.json", IngestFixtures.motion(5))])
        // A folder written under the old naming: record X's second motion file at X_walk_motion.ndjson.
        let taken = "dataset=MotionRecord/assessmentid=walk/year=2026/month=3/day=4/X_walk_motion.ndjson"
        try FileManager.default.createDirectory(at: output.appendingPathComponent(taken).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: output.appendingPathComponent("_assess"), withIntermediateDirectories: true)
        try Data(#"[{"t":1,"recordid":"X"}]"#.utf8 + [0x0A]).write(to: output.appendingPathComponent(taken))
        try Data((#"{"commit":1,"recordId":"X","taskRunUUID":"\#(run(1))","input":"X.zip","objects":[{"path":"\#(taken)","line":1,"lines":1}]}"# + "\n").utf8)
            .write(to: output.appendingPathComponent("_assess/ledger.ndjson"))
        let outcomes = try ingest([walk], into: output, layout: .record)
        XCTAssertEqual(outcomes.map(\.status), [.invalid])
        XCTAssertEqual(outcomes[0].reasons, ["its object \(taken) is record X's in _assess/ledger.ndjson: not overwritten"])
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent(taken), encoding: .utf8), #"[{"t":1,"recordid":"X"}]"# + "\n")
    }

    // MARK: --explode-arrays

    func testExplodedArraysHoldOneSamplePerLineWithTheSameFields() throws {
        let folder = try IngestFixtures.scratch()
        let record = try input("a.zip", in: folder, record: "R", run: run(1), motion: 4)
        let plain = try ingest([record], into: folder.appendingPathComponent("plain"))
        let exploded = try ingest([record], into: folder.appendingPathComponent("exploded"), explode: true)
        XCTAssertEqual(exploded.map(\.status), plain.map(\.status))
        let motion = { (output: URL) in IngestFixtures.tree(output).filter { $0.key.hasPrefix("dataset=MotionRecord/") }.values.joined() }
        let plainLines = motion(folder.appendingPathComponent("plain")).split(separator: "\n")
        let explodedLines = motion(folder.appendingPathComponent("exploded")).split(separator: "\n")
        XCTAssertEqual(plainLines.count, 2, "Sage's: one array per line (left and right)")
        XCTAssertEqual(explodedLines.count, 4 + 2, "one sample per line")
        let samples = try plainLines.flatMap { try JSONDocument(text: String($0)).value.arrayValue ?? [] }
        XCTAssertEqual(try explodedLines.map { try JSONDocument(text: String($0)).value }, samples, "the same objects, the same fields")
        XCTAssertTrue(samples.allSatisfy { $0["recordid"] == "R" && $0["filename"] != nil })
        try assertLedgerIsTrue(folder.appendingPathComponent("exploded"))
        // Objects stay as they are: one line each.
        XCTAssertEqual(IngestFixtures.tree(folder.appendingPathComponent("exploded")).filter { $0.key.hasPrefix("dataset=Result/") },
                       IngestFixtures.tree(folder.appendingPathComponent("plain")).filter { $0.key.hasPrefix("dataset=Result/") })
    }

    // MARK: manifest keys

    func testAManifestLineWithKeysEqualUpToCaseIsRefused() throws {
        let folder = try IngestFixtures.scratch()
        _ = try input("a.zip", in: folder, record: "A", run: run(1))
        let line = #"{"path": "a.zip", "recordId": "A", "assessmentId": "walk", "RECORDID": "B"}"#
        let parsed = RecordManifest.parse(Array(line.utf8), line: 3, name: "m.jsonl", folder: folder.path)
        guard case .failure(let issue) = parsed else { return XCTFail("accepted: \(parsed)") }
        XCTAssertEqual(issue.description, "m.jsonl:3:72: keys \"recordId\" and \"RECORDID\" are equal up to case: upload fields are lower-cased "
                       + "(as S3 metadata is), so the line would give \"recordid\" two values")
        let outcomes = try ingest([IngestInput(line: 3, record: parsed, manifest: "m.jsonl")], into: folder.appendingPathComponent("out"))
        XCTAssertEqual(outcomes.map(\.status), [.invalid])
        XCTAssertEqual(outcomes[0].reasons, [issue.description])
        XCTAssertTrue(try objects(folder.appendingPathComponent("out")).isEmpty)
        // An exportedOn that orders nothing is refused as uploadedOn is.
        guard case .failure(let badDate) = RecordManifest.parse(Array(#"{"path": "a.zip", "exportedOn": "yesterday"}"#.utf8), line: 2, name: "m", folder: folder.path) else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(badDate.description, "m:2:33: \"exportedOn\" must be an ISO 8601 date-time such as 2026-01-02T03:04:05.000Z, found \"yesterday\"")
        // Keys that differ otherwise are fine.
        guard case .success = RecordManifest.parse(Array(#"{"path": "a.zip", "recordId": "A", "recordIdOld": "B"}"#.utf8), line: 1, name: "m", folder: folder.path) else {
            return XCTFail("refused")
        }
    }
}
