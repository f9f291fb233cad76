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

    private func ingest(_ inputs: [IngestInput], into output: URL, staged: Bool = false) throws -> [IngestOutcome] {
        let verifier = try IngestFixtures.verifier()
        let ingester = RecordIngester(verifier: verifier)
        var sink = IngestSink(folder: output.path, verifier: verifier)
        let staging = staged ? try IngestStaging(output: output.path) : nil
        return try inputs.map { input in try sink.take(staging.map { $0.stage(ingester.prepare(input)) } ?? ingester.prepare(input)) }
    }

    func testStagedRecordsGiveTheSameFilesAndLeaveNoTemporaryOnes() throws {
        let folder = try IngestFixtures.scratch()
        let inputs = try batch(in: folder)
        let direct = try ingest(inputs, into: folder.appendingPathComponent("direct"))
        let staged = try ingest(inputs, into: folder.appendingPathComponent("staged"), staged: true)
        XCTAssertEqual(staged.map(\.status), direct.map(\.status))
        XCTAssertEqual(IngestFixtures.tree(folder.appendingPathComponent("staged")), IngestFixtures.tree(folder.appendingPathComponent("direct")),
                       "the same files, and none left in _assess/staging (duplicates' staged files removed)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("staged/_assess/staging").path), [])
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
        let badJSONRow = try XCTUnwrap(rejected.first { $0.key.hasPrefix("assess_rejected/r4-") }).value
        let row = try JSONDocument(text: badJSONRow).value
        XCTAssertEqual(row["recordId"], "r4")
        XCTAssertEqual(row["assessmentId"], "walk")
        XCTAssertEqual(row["assessmentRevision"], 1)
        XCTAssertEqual(row["errors"]?["left.json"]?.arrayValue?.count, 1, "Sage's shape: errors by file")
        XCTAssertEqual(tree.keys.filter { $0.hasPrefix("dataset=assess_runs/") }.count, 2, "two records ingested")
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
}
