import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import Ingest

final class IngestTests: XCTestCase {
    private let run1 = "6F2A1A52-0000-4000-8000-000000000001"
    private let record = RecordMetadata(path: "/x/a.zip", recordId: "rec1", assessmentId: "walk", assessmentRevision: 1,
                                        uploadedOn: "2026-03-04T05:06:07.000Z", clientInfo: "ios", appId: "app",
                                        fields: JSONObject([.init(key: "path", value: "a.zip"), .init(key: "recordId", value: "rec1"),
                                                            .init(key: "uploadedOn", value: "2026-03-04T05:06:07.000Z"), .init(key: "clientInfo", value: "ios")]))

    private func lines(_ object: OutputObject) throws -> [JSONValue] {
        try String(decoding: object.bytes, as: UTF8.self).split(separator: "\n").map { try JSONDocument(text: String($0)).value }
    }

    /// Writes one archive to a folder and ingests it with `record` (its path set to the file).
    private func prepare(_ bytes: [UInt8], record: RecordMetadata? = nil, in folder: URL, name: String = "a.zip") throws -> PreparedRecord {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var metadata = record
        metadata?.path = path
        return RecordIngester(verifier: try IngestFixtures.verifier()).prepare(IngestInput(name: path, path: path, record: metadata, issue: nil))
    }

    func testSagesLayoutWithPartitionFieldsAndRecordIdInEveryObject() throws {
        let folder = try IngestFixtures.scratch()
        let prepared = try prepare(try IngestFixtures.archive(run: run1), record: record, in: folder)
        XCTAssertEqual(prepared.reasons, [])
        let partition = "assessmentid=walk/year=2026/month=3/day=4/"
        XCTAssertEqual(prepared.objects.map(\.path), [
            "dataset=ArchiveMetadata/" + partition + "rec1.ndjson",
            "dataset=MotionRecord/" + partition + "rec1@left.json.ndjson",
            "dataset=MotionRecord/" + partition + "rec1@right.json.ndjson",
            "dataset=Result/" + partition + "rec1.ndjson",
            "dataset=assess_runs/" + partition + "rec1.ndjson",
            "dataset=assess_answers/" + partition + "rec1.ndjson",
            "dataset=assess_steps/" + partition + "rec1.ndjson",
            "dataset=assess_files/" + partition + "rec1.ndjson",
        ])
        let metadata = try lines(prepared.objects[0])
        XCTAssertEqual(metadata.count, 1, "one NDJSON line per file")
        for key in ["assessmentid", "year", "month", "day", "recordid", "filename"] { XCTAssertNotNil(metadata[0][key], key) }
        XCTAssertEqual(metadata[0]["year"], 2026)
        XCTAssertEqual(metadata[0]["uploadedon"], "2026-03-04T05:06:07.000Z", "upload metadata goes into ArchiveMetadata rows, under S3's lower-case keys")
        XCTAssertEqual(metadata[0]["clientinfo"], "ios")
        XCTAssertNil(metadata[0]["path"], "our local path is not upload metadata")
        let withIds = RecordMetadata(path: "/x/a.zip", recordId: "rec1", assessmentId: "walk", assessmentRevision: 1, uploadedOn: "2026-03-04T05:06:07.000Z",
                                     fields: JSONObject([.init(key: "recordId", value: "rec1"), .init(key: "assessmentId", value: "walk"),
                                                         .init(key: "uploadedOn", value: "2026-03-04T05:06:07.000Z")]))
        let again = try prepare(try IngestFixtures.archive(run: run1), record: withIds, in: folder)
        let line = try JSONDocument(bytes: Array(again.objects[0].bytes.dropLast()))
        XCTAssertEqual(line.duplicateKeys.map(\.key), [], "upload fields named like partition fields replace them (Parquet refuses repeated columns)")
        XCTAssertEqual(line.value["assessmentid"], "walk")
        let left = try lines(prepared.objects[1])
        XCTAssertEqual(left.count, 1)
        XCTAssertEqual(left[0].arrayValue?.count, 3, "an array file is one line")
        XCTAssertEqual(left[0][0]?["recordid"], "rec1", "fields go into each object of an array, as Sage's job does")
        XCTAssertEqual(left[0][0]?["filename"], "left.json")
        XCTAssertEqual(try lines(prepared.objects[2])[0][0]?["filename"], "right.json", "the second file of the dataset is kept, not overwritten")
        XCTAssertNil(try lines(prepared.objects[3])[0]["uploadedon"], "only ArchiveMetadata rows carry upload metadata")
    }

    func testOwnTablesHoldRunsAnswersStepsAndFiles() throws {
        let folder = try IngestFixtures.scratch()
        let prepared = try prepare(try IngestFixtures.archive(run: run1), record: record, in: folder)
        func table(_ name: String) throws -> [JSONValue] { try lines(XCTUnwrap(prepared.objects.first { $0.path.hasPrefix("dataset=\(name)/") })) }
        let runs = try table("assess_runs")
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs[0]["taskRunUUID"], .string(run1))
        XCTAssertEqual(runs[0]["recordid"], "rec1")
        XCTAssertEqual(runs[0]["datasetObjects"], 4)
        let answers = try table("assess_answers")
        XCTAssertEqual(answers.map { $0["stepPath"] }, ["age", "s/name", "s/ok", "s/picks"])
        XCTAssertEqual(answers.map { $0["answerType"] }, ["integer", "string", "boolean", "array"])
        XCTAssertEqual(answers.map { $0["value"] }, ["42", "\"Ada\"", "true", "[1,2]"], "every value as JSON text")
        XCTAssertEqual(answers[0]["valueNumber"], 42)
        XCTAssertEqual(answers[1]["valueString"], "Ada")
        XCTAssertEqual(answers[2]["valueBoolean"], true)
        XCTAssertEqual(answers[3]["valueNumber"], .null)
        XCTAssertEqual(answers[0]["startDate"], "2026-01-02T03:04:06.000+00:00")
        let steps = try table("assess_steps")
        XCTAssertEqual(steps.map { $0["stepPath"] }, ["age", "s", "s/name", "s/ok", "s/picks", "done"])
        XCTAssertEqual(steps.map { $0["depth"] }, [0, 0, 1, 1, 1, 0])
        let files = try table("assess_files")
        XCTAssertEqual(files.map { $0["filename"] }, ["assessmentResult.json", "left.json", "right.json", "metadata.json"])
        XCTAssertEqual(files.map { $0["dataset"] }, ["Result", "MotionRecord", "MotionRecord", "ArchiveMetadata"])
        XCTAssertEqual(files.map { $0["chosenBy"] }, ["assessment", "assessment", "assessment", "common"])
    }

    func testWithoutAManifestTheRecordIdIsTheFileNameAndTheDateTheStart() throws {
        let folder = try IngestFixtures.scratch()
        let prepared = try prepare(try IngestFixtures.archive(run: run1), in: folder, name: "upload-7.zip")
        XCTAssertEqual(prepared.reasons, [])
        XCTAssertEqual(prepared.recordId, "upload-7")
        XCTAssertEqual(prepared.objects.first?.path, "dataset=ArchiveMetadata/assessmentid=walk/year=2026/month=1/day=2/upload-7.ndjson",
                       "assessment from assessmentResult.json, date from its startDate")
    }
}
