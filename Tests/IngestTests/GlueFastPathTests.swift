import Foundation
import SeededRandom
import SeededTesting
import XCTest
import JSONCore
import ResultArchive
@testable import Ingest

/// Lines written straight as bytes are those of the trees they stand for.
final class DirectLinesTests: XCTestCase {
    /// The partition's members are the bytes `writtenMembers` writes for its fields and `recordid`.
    func testAPartitionsMembersAreThoseOfItsFields() throws {
        let texts = ["walk", "", "a\"b", "line\nbreak", "é/日本", "\u{1}x", "with space", "0_lead"]
        for assessment in texts {
            for record in texts {
                for date in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_767_323_045), Date(timeIntervalSince1970: -12_219_292_800)] {
                    let partition = Partition(assessmentId: assessment, date: date)
                    XCTAssertEqual(partition.writtenMembers(recordId: record),
                                   OwnTables.writtenMembers(partition.fields + [("recordid", .string(record))]), "\(assessment) \(record) \(date)")
                }
            }
        }
    }

    /// Each outcome's report line is its `json`, as `JSONWriter.compact` writes it, then a line feed.
    func testReportLinesAreTheBytesOfTheOutcomesJSON() {
        let texts = ["r1", "", "a\"b\\c", "é\n日本", "\u{7F}\u{1}"]
        var outcomes: [IngestOutcome] = []
        for (index, text) in texts.enumerated() {
            let input = IngestInput(name: text + ".zip", path: nil, record: nil, issue: nil)
            let status: IngestOutcome.Status = [.ingested, .invalid, .duplicate, .superseded][index % 4]
            var outcome = IngestOutcome(input: input, status: status, recordId: text, taskRunUUID: index % 2 == 0 ? nil : text,
                                        reasons: Array(texts.prefix(index)), written: Array(texts.prefix(index + 1)), note: index == 2 ? text : nil)
            outcome.supersedes = index % 3 == 1 ? text : nil
            outcomes.append(outcome)
        }
        XCTAssertEqual(IngestOutcome.lines(outcomes), outcomes.flatMap { JSONWriter.compact.bytes($0.json) + [0x0A] })
        XCTAssertEqual(IngestOutcome.lines([]), [])
    }
}

/// Fast paths of the ingest glue decide as the general way does.
final class GlueFastPathTests: XCTestCase {
    /// A manifest key is `exportedOn` exactly when `UploadField.key` lower-cases it to `exportedon`.
    func testExportedOnIsRecognizedAsLowerCasingRecognizesIt() {
        var keys = ["exportedOn", "exportedon", "EXPORTEDON", "ExportedOn", "exportedOn ", "exportedO", "exportedOnn", "exported_n", "exportedOm",
                    "exportedo\u{4E}", "exportedoN", "ex\u{212A}ortedon", "\u{C9}xportedon", "exportedon\u{301}", "", "path", "exportedAt", "@xportedon"]
        var random = seededGenerator(0xE0)
        let letters = Array("exportedonEXPORTEDON_@`[{\u{130}\u{212A}")
        for _ in 0..<2_000 {
            keys.append(String((0..<Int.random(in: 8...11, using: &random)).map { _ in letters.randomElement(using: &random) ?? "e" }))
        }
        for key in keys {
            XCTAssertEqual(RecordMetadata.isExportedOn(key), UploadField.key(key) == "exportedon", key.debugDescription)
        }
    }

    /// Folder keys are equal exactly when their folders are, and hash as equal keys must.
    func testFolderKeysAreEqualWhenTheirFoldersAre() {
        let folders = ["dataset=a/assessmentid=w/year=2026/month=1/day=2", "dataset=a/assessmentid=w/year=2026/month=1/day=3", "", "é", "e\u{301}"]
        for left in folders {
            for right in folders {
                XCTAssertEqual(FolderKey(left) == FolderKey(right), left == right, "\(left) \(right)")
                if left == right { XCTAssertEqual(FolderKey(left).hashValue, FolderKey(String(decoding: Array(right.utf8), as: UTF8.self)).hashValue) }
            }
        }
        // Folders that are not equal (String's equality: "é" and "e\u{301}" are), each found by a key made anew.
        let distinct = folders.dropLast()
        var byFolder: [FolderKey: Int] = [:]
        for (index, folder) in distinct.enumerated() { byFolder[FolderKey(folder)] = index }
        for (index, folder) in distinct.enumerated() { XCTAssertEqual(byFolder[FolderKey(String(decoding: Array(folder.utf8), as: UTF8.self))], index) }
    }

    /// Object names are those of the general way: the parts joined, then a `0` in front when the first byte
    /// after the leading zeros is `_` or `.`.
    func testObjectNamesAreThoseOfTheJoinedParts() {
        let records = ["X", "_x", "0_x", "00_x", ".x", "0.x", "0x", "0", "000", "", "0@", "00.", "a b", "é", "0é_", "_", "."]
        let qualifiers: [String?] = [nil, "walk_motion.json", "_q", ".q", "0", "", "a@b"]
        for record in records {
            for qualifier in qualifiers {
                var name = SafeName.unique(record)
                if let qualifier { name += "@" + SafeName.unique(qualifier) }
                let next = name.utf8.drop { $0 == UInt8(ascii: "0") }.first
                if next == UInt8(ascii: "_") || next == UInt8(ascii: ".") { name = "0" + name }
                XCTAssertEqual(SafeName.objectName(record: record, qualifier: qualifier), name + ".ndjson", "\(record) \(qualifier ?? "-")")
            }
        }
    }

    /// A string's bytes read in place are its UTF-8, whatever its storage (small, large, from a substring or NSString).
    func testAStringsBytesInPlaceAreItsUTF8() {
        let long = String(repeating: "dataset=MotionRecord/é/", count: 9)
        let texts = ["", "a", "exportedOn", "日本語テキスト", long, String(long.dropFirst(3)), String(Substring(long).prefix(20)),
                     NSString(string: long) as String, NSString(string: "short") as String, String(decoding: [0xC3, 0xA9, 0x41], as: UTF8.self)]
        for text in texts {
            XCTAssertEqual(text.withUTF8Bytes { Array($0) }, Array(text.utf8), text.debugDescription)
            var written = ByteOutput(capacity: 4)
            written.append(text)
            XCTAssertEqual(written.bytes, Array(text.utf8))
        }
    }
}
