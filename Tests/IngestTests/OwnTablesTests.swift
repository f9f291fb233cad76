import Foundation
import SeededRandom
import SeededTesting
import XCTest
import JSONCore
import ResultArchive
import ZipArchive
@testable import Ingest
import FileIO

/// Our tables' rows are written straight as bytes: they must be the bytes `JSONWriter` writes for the
/// same rows built as trees with the partition fields inserted (the way they were made before).
final class OwnTablesTests: XCTestCase {
    private let fields: [(String, JSONValue)] = [("assessmentid", "a\"b"), ("year", 2026), ("month", 3), ("day", 4), ("recordid", "r\\1")]

    // MARK: The rows as trees (the general path)

    private func treeLines(_ rows: [JSONValue]) -> [UInt8] {
        rows.flatMap { JSONWriter.compact.bytes($0.inserting(fields)) + [0x0A] }
    }

    private func walk(_ history: JSONValue?, prefix: String, depth: Int = 0, _ visit: (JSONValue, String, Int) -> Void) {
        guard let steps = history?.arrayValue, depth < 64 else { return }
        for step in steps {
            let path = prefix.isEmpty ? step["identifier"]?.stringValue ?? "?" : prefix + "/" + (step["identifier"]?.stringValue ?? "?")
            visit(step, path, depth)
            walk(step["stepHistory"], prefix: path, depth: depth + 1, visit)
        }
    }

    private func treeAnswers(_ result: JSONValue?, run: JSONValue) -> [JSONValue] {
        var rows: [JSONValue] = []
        walk(result?["stepHistory"], prefix: "") { step, stepPath, _ in
            guard step["type"]?.stringValue == "answer" else { return }
            let value = step["value"] ?? .null
            rows.append(.object(JSONObject([
                .init(key: "taskRunUUID", value: run), .init(key: "stepPath", value: .string(stepPath)),
                .init(key: "identifier", value: step["identifier"] ?? .null), .init(key: "answerType", value: step["answerType"]?["type"] ?? .null),
                .init(key: "value", value: .string(JSONWriter.compact.string(value))),
                .init(key: "valueString", value: value.stringValue.map(JSONValue.string) ?? .null),
                .init(key: "valueNumber", value: value.numberValue.map(JSONValue.number) ?? .null),
                .init(key: "valueBoolean", value: value.boolValue.map(JSONValue.bool) ?? .null),
                .init(key: "startDate", value: step["startDate"] ?? .null), .init(key: "endDate", value: step["endDate"] ?? .null),
            ])))
        }
        return rows
    }

    private func treeSteps(_ result: JSONValue?, run: JSONValue) -> [JSONValue] {
        var rows: [JSONValue] = []
        walk(result?["stepHistory"], prefix: "") { step, stepPath, depth in
            rows.append(.object(JSONObject([
                .init(key: "taskRunUUID", value: run), .init(key: "order", value: .number(JSONNumber(rows.count))),
                .init(key: "stepPath", value: .string(stepPath)), .init(key: "identifier", value: step["identifier"] ?? .null),
                .init(key: "type", value: step["type"] ?? .null), .init(key: "depth", value: .number(JSONNumber(depth))),
                .init(key: "startDate", value: step["startDate"] ?? .null), .init(key: "endDate", value: step["endDate"] ?? .null),
            ])))
        }
        return rows
    }

    private func treeFiles(_ verdicts: [FileVerdict], datasets: [String: String], sizes: [String: Int], run: JSONValue) -> [JSONValue] {
        verdicts.map { verdict in
            .object(JSONObject([
                .init(key: "taskRunUUID", value: run), .init(key: "filename", value: .string(verdict.filename)),
                .init(key: "lookupName", value: .string(verdict.lookupName)), .init(key: "schema", value: verdict.schema.map(JSONValue.string) ?? .null),
                .init(key: "chosenBy", value: verdict.chosenBy.map { .string($0.rawValue) } ?? .null), .init(key: "status", value: .string(verdict.status.rawValue)),
                .init(key: "dataset", value: datasets[verdict.filename].map(JSONValue.string) ?? .null),
                .init(key: "bytes", value: sizes[verdict.filename].map { .number(JSONNumber($0)) } ?? .null),
                .init(key: "toleratedErrors", value: .number(JSONNumber(verdict.toleratedCount))),
                .init(key: "notes", value: .array(verdict.notes.map(JSONValue.string))),
            ]))
        }
    }

    private func treeRun(report: ArchiveReport, record: RecordMetadata?, result: JSONValue?, run: JSONValue, objects: Int) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object(JSONObject([
            .init(key: "taskRunUUID", value: run), .init(key: "archive", value: .string(report.name)),
            .init(key: "recordIdFrom", value: .string(record?.recordId == nil ? "file name" : "manifest")),
            .init(key: "assessmentRevision", value: (record?.assessmentRevision ?? report.key?.assessmentRevision).map { .number(JSONNumber($0)) } ?? .null),
            .init(key: "appId", value: text(record?.appId)), .init(key: "uploadedOn", value: text(record?.uploadedOn)),
            .init(key: "clientInfo", value: text(record?.clientInfo)), .init(key: "identifier", value: result?["identifier"] ?? .null),
            .init(key: "startDate", value: result?["startDate"] ?? .null), .init(key: "endDate", value: result?["endDate"] ?? .null),
            .init(key: "files", value: .number(JSONNumber(report.files.count))), .init(key: "datasetObjects", value: .number(JSONNumber(objects))),
            .init(key: "notes", value: .array(report.notes.map(JSONValue.string))),
            .init(key: "upload", value: .object(JSONObject(RecordIngester.uploadFields(record).map { .init(key: $0.0, value: $0.1) }))),
        ]))
    }

    // MARK: Tests

    /// A result with escapes everywhere, values of every kind, missing and odd members.
    private let result = #"""
        {"identifier": "s\"1", "startDate": 1.50, "taskRunUUID": "6F2A1A52-0000-4000-8000-000000000009", "stepHistory": [
          {"type": "answer", "identifier": "q\u0001\t/é", "answerType": {"type": "string"}, "value": "line\nbreak \"q\" \\ \u001f", "startDate": "x"},
          {"type": "answer", "identifier": 7, "answerType": "integer", "value": 1e400},
          {"type": "answer", "identifier": "n", "value": -0.0},
          {"type": "answer", "identifier": "o", "answerType": {"type": "object"}, "value": {"a": [1, {"b": null}], "c\"": "d"}},
          {"type": "answer", "identifier": "b", "value": false, "endDate": null},
          {"type": "answer", "value": null},
          {"type": "section", "identifier": "s", "stepHistory": [{"type": "answer", "identifier": "deep", "value": [true, "x"]}, {"identifier": "plain"}]},
          {"type": "base"}, 12, "text"]}
        """#

    /// The rows are read on the result's tape: parsed (strings in place) and made from a tree (strings apart).
    func testRowsAreTheBytesOfTheTreesWithThePartitionFieldsInserted() throws {
        let value = try JSONDocument(text: result).value
        for run in [nil, "run \"1\""] as [String?] {
            for document in [ResultDocument(tape: try JSONTape(bytes: Array(result.utf8))), ResultDocument(tape: JSONTape(value))] {
                let tables = OwnTables(run: run, fields: fields)
                let runValue = run.map(JSONValue.string) ?? .null
                let (answers, steps) = tables.answersAndSteps(document)
                XCTAssertEqual(answers.bytes, treeLines(treeAnswers(value, run: runValue)))
                XCTAssertEqual(answers.count, 7)
                XCTAssertEqual(steps.bytes, treeLines(treeSteps(value, run: runValue)))
                XCTAssertEqual(steps.count, 12, "non-objects in stepHistory are steps too, named \"?\"")
                XCTAssertEqual(tables.answersAndSteps(nil).answers.count, 0)
                XCTAssertEqual(tables.answersAndSteps(nil).steps.bytes, [])
            }
        }
    }

    /// A repeated member name of a step or of the result: the tree's last value is the one written.
    func testARepeatedNameWritesTheTreesLastValue() throws {
        let text = #"{"identifier": "a", "identifier": "b", "stepHistory": [{"type": "x", "type": "answer", "identifier": "q", "value": 1, "value": [2], "identifier": "r"}]}"#
        let value = try JSONDocument(text: text).value
        let document = ResultDocument(tape: try JSONTape(bytes: Array(text.utf8)))
        let tables = OwnTables(run: "u", fields: fields)
        let (answers, steps) = tables.answersAndSteps(document)
        XCTAssertEqual(answers.bytes, treeLines(treeAnswers(value, run: "u")))
        XCTAssertEqual(steps.bytes, treeLines(treeSteps(value, run: "u")))
        XCTAssertEqual(answers.count, 1)
        let report = ArchiveReport(name: "n")
        XCTAssertEqual(tables.runs(report: report, record: nil, upload: [], result: document, objects: 0).bytes,
                       treeLines([treeRun(report: report, record: nil, result: value, run: "u", objects: 0)]))
        XCTAssertEqual(document.string("identifier"), "b")
    }

    func testRunAndFileRowsAreTheBytesOfTheTrees() throws {
        let folder = try IngestFixtures.scratch()
        let path = folder.appendingPathComponent("a.zip").path
        try Data(IngestFixtures.archive(run: "r", files: [("assessmentResult.json", result), ("left.json", IngestFixtures.motion(2)),
                                                           ("odd \"name\".json", "{}")])).write(to: URL(fileURLWithPath: path))
        let manifestLine = #"{"path": "a.zip", "recordId": "r\"1", "Record ID": 5, "assessmentId": "walk", "assessmentRevision": "1", "extra": {"n": [1]}, "uploadedOn": "2026-03-04T05:06:07.000Z"}"#
        let record = try RecordManifest.parse(Array(manifestLine.utf8), line: 1, name: "m", folder: folder.path).get()
        for metadata in [record, nil] as [RecordMetadata?] {
            let verified = try IngestFixtures.verifier().verifyKeepingContents(Array(Data(contentsOf: URL(fileURLWithPath: path))), name: path, record: metadata)
            XCTAssertFalse(verified.report.files.isEmpty)
            let tables = OwnTables(run: verified.report.taskRunUUID, fields: fields)
            let runValue = verified.report.taskRunUUID.map(JSONValue.string) ?? .null
            XCTAssertEqual(tables.runs(report: verified.report, record: metadata, upload: RecordIngester.uploadFields(metadata), result: verified.result, objects: 3).bytes,
                           treeLines([treeRun(report: verified.report, record: metadata, result: verified.result?.value, run: runValue, objects: 3)]))
            let datasets = ["left.json": "Motion \"x\""]
            // The dataset of each file by its index in the report, as the layout gives them.
            let byIndex = verified.report.files.map { datasets[$0.filename] }
            XCTAssertEqual(tables.files(verified.report.files, datasets: byIndex, contents: verified.contents).bytes,
                           treeLines(treeFiles(verified.report.files, datasets: datasets, sizes: verified.contents.mapValues(\.count), run: runValue)))
        }
    }

    /// Integers are written digit by digit: the text `String(_:)` gives, at the bounds and for seeded values.
    func testIntegersAreWrittenAsStringWritesThem() {
        var random = seededGenerator(0x1D161)
        var values = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for _ in 0..<2_000 {
            let bits = Int.random(in: 0...63, using: &random)
            values.append(Int(truncatingIfNeeded: random.next() >> UInt64(bits)) * (Bool.random(using: &random) ? 1 : -1))
        }
        var row = RowBytes(capacity: 8)
        var expected: [UInt8] = []
        for value in values {
            row.integer(value)
            expected += Array(String(value).utf8)
        }
        XCTAssertEqual(row.bytes, expected)
    }

    /// A file's inserted members are the record's common members, written once, and its file name: the bytes
    /// `NDJSONLine.members` writes for the fields with the file name last (and for any fields, `writtenMembers`'s).
    func testAFilesMembersAreTheCommonMembersAndItsName() {
        var random = seededGenerator(0xF11E5)
        let texts = ["", "a", "motion.json", "q\"1", "line\nbreak", "é/日本.json", "\u{1}"]
        let values: [JSONValue] = [.null, true, 7, -2.5, "x", "a\"b", .array([1, "z"]), .object(JSONObject([.init(key: "k", value: "v")]))]
        for _ in 0..<300 {
            let common = (0..<Int.random(in: 0...5, using: &random)).map { index in
                ((texts.randomElement(using: &random) ?? "") + String(index), values.randomElement(using: &random) ?? .null)
            }
            let filename = texts.randomElement(using: &random) ?? ""
            XCTAssertEqual(OwnTables.writtenMembers(common), NDJSONLine.members(common).bytes, "\(common)")
            XCTAssertEqual(RecordIngester.members(OwnTables.writtenMembers(common), filename: filename),
                           NDJSONLine.members(common + [("filename", .string(filename))]).bytes, "\(common) \(filename)")
        }
    }
}

/// `JSONBytes` writes what `JSONWriter.compact` writes.
final class JSONBytesTests: XCTestCase {
    func testStringsOfEveryByteAndValuesOfEveryKindAreWrittenAsTheWriterWritesThem() throws {
        var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["", "é", "日本", "a\"b\\c", "\u{7F}", "\u{1F600}x", String(repeating: "ab\n", count: 40)]
        for text in texts {
            var bytes = JSONBytes()
            bytes.string(text)
            XCTAssertEqual(bytes.bytes, JSONWriter.compact.bytes(.string(text)), text.debugDescription)
        }
        let values = try ["null", "true", "false", "0", "-12", "1.50", "1e400", "12345678901234567890", #"[1,[],{}]"#, #"{"a":{"b":[null,"\u0000"]}}"#, "[]", "{}"]
            .map { try JSONDocument(text: $0).value }
        for value in values {
            XCTAssertEqual(JSONBytes.text(of: value), JSONWriter.compact.bytes(value))
            var nested = JSONBytes()
            nested.beginObject()
            nested.key("k")
            nested.value(value)
            nested.key("list")
            nested.beginArray()
            nested.value(value)
            nested.integer(nil)
            nested.string(nil)
            nested.strings(["x", "y"])
            nested.endArray()
            nested.members(Array(#""m":1"#.utf8))
            nested.key(escaping: "data \"key\"\n")
            nested.string("v")
            nested.endObject()
            let tree: JSONValue = .object(JSONObject([.init(key: "k", value: value), .init(key: "list", value: [value, .null, .null, ["x", "y"]]),
                                                     .init(key: "m", value: 1), .init(key: "data \"key\"\n", value: "v")]))
            XCTAssertEqual(nested.bytes, JSONWriter.compact.bytes(tree))
        }
    }

    func testRowsFollowOneAnotherOnLinesOfTheirOwn() {
        var rows = JSONBytes()
        for index in 0..<3 {
            rows.beginObject()
            rows.members([])
            rows.key("i")
            rows.integer(index)
            rows.endObject()
            rows.endLine()
        }
        XCTAssertEqual(String(decoding: rows.bytes, as: UTF8.self), "{\"i\":0}\n{\"i\":1}\n{\"i\":2}\n")
    }
}

/// The small pieces written or read without Foundation's general machinery, against that machinery.
final class HandWrittenIOAgreesWithFoundationTests: XCTestCase {
    func testLedgerLinesAreTheBytesOfTheirTrees() {
        let entries = [
            IngestLedger.Entry(commit: 3, recordId: "r\"1", taskRunUUID: nil, input: "m.jsonl:7", objects: []),
            IngestLedger.Entry(commit: 12, recordId: "é", taskRunUUID: "run", input: "/a/b.zip",
                               objects: [("dataset=x/part-000012.ndjson", 1, 1), ("dataset=\\y/p", 40, 3)]),
            IngestLedger.Entry(commit: 1, recordId: "r", taskRunUUID: "a\u{1}", input: "i", objects: [("p", 1, 2), ("q", 3, 4), ("r\"", 5, 6)],
                               exportedOn: "2026-01-02T03:04:05.000Z", replaces: "old \"input\""),
            IngestLedger.Entry(commit: 2, recordId: "r", taskRunUUID: nil, input: "i", objects: [], replaces: "x"),
        ]
        for entry in entries {
            let tree: JSONValue = .object(JSONObject([
                .init(key: "commit", value: .number(JSONNumber(entry.commit))), .init(key: "recordId", value: .string(entry.recordId)),
                .init(key: "taskRunUUID", value: entry.taskRunUUID.map(JSONValue.string) ?? .null), .init(key: "input", value: .string(entry.input)),
            ] + (entry.exportedOn.map { [.init(key: "exportedOn", value: .string($0))] } ?? [])
              + (entry.replaces.map { [.init(key: "replaces", value: .string($0))] } ?? []) + [
                .init(key: "objects", value: .array(entry.objects.map { object in
                    .object(JSONObject([.init(key: "path", value: .string(object.path)), .init(key: "line", value: .number(JSONNumber(object.line))),
                                        .init(key: "lines", value: .number(JSONNumber(object.lines)))]))
                })),
            ]))
            XCTAssertEqual(entry.line, JSONWriter.compact.bytes(tree) + [0x0A])
            XCTAssertNotNil(IngestLedger.Entry(tree), "a line written reads back")
        }
    }

    func testDatasetNamesAreTheLastPathComponentWithoutJSON() {
        var uris = ["https://x.org/v2/MotionRecord.json", "https://x.org/v2/MotionRecord.json/", "MotionRecord", "a//b.json//", "/", "///", "",
                    ".json", "x/.json", "x/y.JSON", "x/y.json.json", "é/ü.json", "https://x.org/schemas/"]
        // Seeded: names read on the bytes of a URI's ASCII last component are those of the characters' way
        // (any other takes it).
        var random = seededGenerator(0xDA7A)
        let pieces = ["a", "/", "//", ".json", ".js", "on", "json", ".", "x.json", "é", "\\", " ", "https:"]
        for _ in 0..<5_000 {
            uris.append((0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
        }
        for uri in uris {
            let last = uri.split(separator: "/").last.map(String.init) ?? uri
            XCTAssertEqual(DatasetNames().name(for: uri), last.hasSuffix(".json") ? String(last.dropLast(5)) : last, uri)
        }
        XCTAssertEqual(DatasetNames(mapping: ["u": "Named_v1"]).name(for: "u"), "Named_v1")
    }

    /// Seeded: ArchiveMetadata datasets found on the bytes of ASCII names are those of the characters' way.
    func testArchiveMetadataDatasetsAreFoundAsOnCharacters() {
        var random = seededGenerator(0xA5C11)
        let pieces = ["ArchiveMetadata", "Archive", "Metadata", "_", "__", "v1", "x", "\u{301}", "é", "ArchiveMetadata_v1"]
        var names = ["ArchiveMetadata", "ArchiveMetadata_v1", "_ArchiveMetadata", "ArchiveMetadatax", "ArchiveMetadata_\u{301}x", "", "_"]
        for _ in 0..<5_000 {
            names.append((0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
        }
        for name in names {
            XCTAssertEqual(DatasetNames.isArchiveMetadata(name), name.split(separator: "_").first == "ArchiveMetadata", name.debugDescription)
        }
    }

    func testSafeNamesKeepLettersDigitsDashUnderscoreAndDotOnly() {
        func allowed(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ".")].contains(byte)
        }
        for byte in UInt8(1)...UInt8(127) {
            let text = "a" + String(UnicodeScalar(byte))
            XCTAssertEqual(SafeName.component(text) == text, allowed(byte), "\(byte)")
        }
        XCTAssertEqual(SafeName.component("MotionRecord_v1.2-x"), "MotionRecord_v1.2-x")
        XCTAssertNotEqual(SafeName.component("é"), "é")
        XCTAssertNotEqual(SafeName.component(".hidden"), ".hidden")
        XCTAssertNotEqual(SafeName.component(""), "")
    }

    func testFoldersAreMadeWithTheirMissingParentsAndAFileInTheWayIsAnError() throws {
        let folder = try IngestFixtures.scratch()
        let deep = folder.appendingPathComponent("dataset=x/assessmentid=a/year=2026/month=2/day=5").path
        try IngestLedger.makeFolder(deep)
        try IngestLedger.makeFolder(deep)
        try IngestLedger.makeFolder(deep + "/")
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: deep, isDirectory: &isFolder) && isFolder.boolValue)
        try Data("in the way".utf8).write(to: folder.appendingPathComponent("file"))
        for path in [folder.appendingPathComponent("file").path, folder.appendingPathComponent("file/below/more").path] {
            XCTAssertThrowsError(try IngestLedger.makeFolder(path)) { error in
                XCTAssertTrue("\(error)".hasPrefix("cannot write \(path): "), "\(error)")
            }
        }
        XCTAssertEqual(["/a/b", "/a/b/", "/a", "/", "a/b", "a", "a//b"].map { AtomicFile.folder(of: $0) }, ["/a", "/a", "/", "/", "a", nil, "a/"])
    }

    func testFilesAreReadAsFoundationReadsThem() throws {
        let folder = try IngestFixtures.scratch()
        for size in [0, 1, 4095, 65_536, 200_001] {
            let path = folder.appendingPathComponent("f\(size)").path
            try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(FileBytes.read(path), FileManager.default.contents(atPath: path).map { Array($0) })
        }
        XCTAssertNil(FileBytes.read(folder.appendingPathComponent("missing").path))
        XCTAssertNil(FileBytes.read(folder.path), "a folder")
        XCTAssertEqual(FileBytes.read("/dev/null"), [])
    }
}
