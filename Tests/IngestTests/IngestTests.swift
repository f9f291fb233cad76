import Foundation
import XCTest
import SeededRandom
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
            "dataset=MotionRecord/" + partition + "rec1_left.ndjson",
            "dataset=MotionRecord/" + partition + "rec1_right.ndjson",
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

/// The fast NDJSON path gives the same JSON as parse, insert and write.
final class NDJSONLineTests: XCTestCase {
    private let fields: [(String, JSONValue)] = [("recordid", "r1"), ("year", 2026)]

    func testSplicingMatchesTheTreeForObjectsArraysAndEmptyOnes() throws {
        let documents = [#"{ "a": 1,  "b": {"c": "}{\" ]"} }"#, "[\n {\"t\": 1},\n {\"t\": 2, \"s\": [{}]}, 3, {} ]", "{}", "[]", #"{"x": "a\\"}"#]
        for text in documents {
            let line = try XCTUnwrap(NDJSONLine.splicing(fields, into: Array(text.utf8)), text)
            XCTAssertEqual(line.last, 0x0A)
            XCTAssertFalse(line.dropLast().contains(0x0A), "one line")
            XCTAssertEqual(try JSONDocument(bytes: Array(line.dropLast())).value, try JSONDocument(text: text).value.inserting(fields), text)
        }
    }

    func testAFieldAlreadyThereTakesTheTreePath() {
        XCTAssertNil(NDJSONLine.splicing(fields, into: Array(#"{"recordid": "old"}"#.utf8)), "replacing a member needs the tree")
    }
}

extension NDJSONLineTests {
    func testOnlyMembersOfTheObjectsThatGetFieldsCount() throws {
        let nested = #"{"a": {"recordid": 1}, "b": "recordid"}"#
        let line = try XCTUnwrap(NDJSONLine.splicing(fields, into: Array(nested.utf8)), "a nested member or a value of that name does not clash")
        XCTAssertEqual(try JSONDocument(bytes: Array(line.dropLast())).value, try JSONDocument(text: nested).value.inserting(fields))
        XCTAssertNil(NDJSONLine.splicing(fields, into: Array(#"[{"t": 1}, {"year": 1999}]"#.utf8)), "an array element with the member")
        XCTAssertNil(NDJSONLine.splicing(fields, into: Array(#"{"rec\u006Frdid": 1}"#.utf8)), "an escaped name might be one: the tree decides")
    }
}

extension NDJSONLineTests {
    /// A random document and whether an object that gets the fields has a member named like one of them,
    /// or a name with an escape (the two cases the fast path leaves to the tree).
    private func randomDocument(_ random: inout SplitMix64, depth: Int = 0, target: Bool) -> (text: String, clash: Bool) {
        let space = ["", " ", "\n  ", "\t", "\r\n"][Int.random(in: 0..<5, using: &random)]
        let names = ["a", "recordid", "year", "y\\u0065ar", "t\\\"x", "stepPath", "{[", "é"]
        switch depth > 3 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<6, using: &random) {
        case 0: return (["1", "-0.5e3", "true", "null", "12345678901234567890"][Int.random(in: 0..<5, using: &random)], false)
        case 1: return ("\"" + ["", "}{", "a\\\"]", "\\\\", "recordid", "ü"][Int.random(in: 0..<6, using: &random)] + "\"", false)
        case 2, 3:
            var clash = false
            let members = (0..<Int.random(in: 0..<4, using: &random)).map { _ -> String in
                let name = names[Int.random(in: 0..<names.count, using: &random)]
                if target, name == "recordid" || name == "year" || name.contains("\\") { clash = true }
                let value = randomDocument(&random, depth: depth + 1, target: false)
                return space + "\"" + name + "\"" + space + ":" + space + value.text
            }
            return ("{" + members.joined(separator: ",") + space + "}", clash)
        default:
            var clash = false
            let items = (0..<Int.random(in: 0..<4, using: &random)).map { _ -> String in
                let item = randomDocument(&random, depth: depth + 1, target: depth == 0)
                clash = clash || item.clash
                return space + item.text
            }
            return ("[" + items.joined(separator: ",") + space + "]", clash)
        }
    }

    func testTheFastPathAgreesWithTheTreeOnRandomDocuments() throws {
        var random = SplitMix64(seed: 18)
        var spliced = 0
        for _ in 0..<3000 {
            let (text, clash) = randomDocument(&random, target: true)
            let expected = try JSONDocument(text: text)
            guard let line = NDJSONLine.splicing(fields, into: Array(text.utf8)) else {
                XCTAssertTrue(clash, "only a clash or an escaped name leaves the fast path: \(text)")
                continue
            }
            spliced += 1
            XCTAssertFalse(clash, "a clash must leave the fast path: \(text)")
            XCTAssertEqual(line.last, 0x0A)
            XCTAssertFalse(line.dropLast().contains(0x0A) || line.contains(0x0D), "one line: \(text)")
            XCTAssertEqual(try JSONDocument(bytes: Array(line.dropLast())).value, expected.value.inserting(fields), text)
        }
        XCTAssertGreaterThan(spliced, 1000, "most documents take the fast path")
    }
}
