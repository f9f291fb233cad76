import Foundation
import XCTest
import SeededRandom
import SeededTesting
import JSONCore
import ResultArchive
@testable import Ingest

/// The dataset line written by the parse (`JSONTapeParser.tapeAndLine`, then `NDJSONLine.line(_:from:)`) is the
/// splicer's line byte for byte, and is refused where the splicer refuses, and for a text that starts with a
/// byte order mark (which ingest leaves to the splicer: it copies the mark into the line before a scalar).
final class FusedLineTests: XCTestCase {
    private let fieldSets: [[(String, JSONValue)]] = [
        [("recordid", "r1"), ("year", 2026)],
        [],
        [("assessmentid", "spelling"), ("year", 2026), ("month", 11), ("day", 26), ("recordid", "a\"b\u{1}é"), ("filename", "motion.json")],
        [("x", .null), ("stepPath", .array([1, "two"]))],
    ]

    /// Both lines of `text` for `fields`: the fused one and the splicer's (`nil` where each refuses).
    private func lines(_ text: [UInt8], _ fields: [(String, JSONValue)]) throws -> (fused: [UInt8]?, spliced: [UInt8]?) {
        var parser = JSONTapeParser()
        let parsed = try parser.tapeAndLine(text, reserving: NDJSONLine.members(fields).names)
        XCTAssertEqual(parsed.tape.value, try JSONTape(bytes: text).value, "the tape is the plain parse's")
        let fused = parsed.line.map { NDJSONLine.line(fields, from: $0) }, spliced = NDJSONLine.splicing(fields, into: text)
        if fused == nil, spliced != nil {
            XCTAssertEqual(text.prefix(3), [0xEF, 0xBB, 0xBF], "only a byte order mark leaves a line the splicer writes to it")
            return (spliced, spliced)
        }
        return (fused, spliced)
    }

    func testRandomDocumentsGiveTheSplicersLine() throws {
        var random = seededGenerator(32)
        var fusedCount = 0, refused = 0
        for _ in 0..<4000 {
            var generator = DocumentGenerator(random: random)
            let text = generator.document()
            random = generator.random
            let fields = fieldSets[Int.random(in: 0..<fieldSets.count, using: &random)]
            let (fused, spliced) = try lines(text, fields)
            XCTAssertEqual(fused, spliced, "fields \(fields.map(\.0)): \(String(decoding: text, as: UTF8.self))")
            if fused == nil { refused += 1 } else { fusedCount += 1 }
        }
        XCTAssertGreaterThan(fusedCount, 2000, "most documents get a fused line")
        XCTAssertGreaterThan(refused, 100, "the refusals (reserved or escaped names, a byte order mark) are exercised")
    }

    func testEdgeCasesGiveTheSplicersLine() throws {
        let texts = ["{}", "[]", " {\n} ", "[{},{ },[{}],{\"a\":{}}]", "-0", "[-0,-0.0,1E+2,1e-2]", "\"\\u00e9\\n\"", "{\"a\":1,\"a\":2}",
                     "[{\"k\":\"v\",\"k\":-0}]", "\u{FEFF}{\"a\":1}", "{\"rec\\u006frdid\":1}", "[{\"t\":1},{\"year\":2}]", "{\"a\":{\"year\":1}}",
                     "  7  ", "[1,{\"é\":\"ü\"},\"}{\"]", "{\"\":0}", "[[[]]]", "{\"s\":\"a \\\" b\\\\\",\"n\":12345678901234567890123}"]
        for text in texts {
            for fields in fieldSets {
                let (fused, spliced) = try lines(Array(text.utf8), fields)
                XCTAssertEqual(fused, spliced, "\(text) with \(fields.map(\.0))")
            }
        }
    }

    func testIngestReservesEveryNameItInserts() {
        let partition = Partition(assessmentId: "a", date: Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(partition.fields.map(\.0), Partition.fieldNames)
        let record = RecordMetadata(path: "a.zip", recordId: "r", fields: JSONObject([.init(key: "path", value: "a.zip"), .init(key: "recordId", value: "r"), .init(key: "Ünïcode", value: 1)]))
        let upload = RecordIngester.uploadFields(record)
        let reserved = RecordIngester.lineNames(upload)
        for name in partition.fields.map(\.0) + ["recordid", "filename"] + upload.map(\.0) {
            XCTAssertTrue(Array(name.utf8).withUnsafeBufferPointer(reserved.contains), "\(name) is reserved")
        }
    }

    func testAReservedOrEscapedNameAtTheFieldLevelRefusesTheLine() throws {
        let fields: [(String, JSONValue)] = [("recordid", "r1")]
        for text in [#"{"recordid": 1}"#, #"[{"a": 1}, {"recordid": 2}]"#, #"{"rec\u006Frdid": 1}"#, #"[{"\n": 1}]"#] {
            let (fused, spliced) = try lines(Array(text.utf8), fields)
            XCTAssertNil(fused, text)
            XCTAssertNil(spliced, text)
        }
        let (fused, _) = try lines(Array(#"{"a": {"recordid": 1}, "b": [{"recordid": 2}]}"#.utf8), fields)
        XCTAssertEqual(fused.map { String(decoding: $0, as: UTF8.self) }, #"{"a":{"recordid":1},"b":[{"recordid":2}],"recordid":"r1"}"# + "\n")
    }
}

/// Random JSON texts: pretty-printed (indent 2 or 4) or compact or with odd whitespace, with escapes, `-0`,
/// exponents, nested arrays and objects, top-level arrays of objects, empty containers, unicode, repeated
/// and reserved member names, sometimes a byte order mark.
private struct DocumentGenerator {
    var random: SplitMix64
    private var style = 0
    private let names = ["a", "x", "stepPath", "timestamp", "recordid", "year", "filename", "y\\u0065ar", "t\\\"x", "é", "", "{[", "a"]
    private let strings = ["", "gyro", "}{", "a\\\"]", "\\\\", "\\n\\t\\/", "\\u00e9\\ud83d\\ude00", "ü€𝄞", "MTB Spelling Form 1", "recordid", " , "]
    private let numbers = ["0", "-0", "-0.0", "1", "-17", "0.001", "-0.123456", "1000.25", "1e10", "-2.5E-3", "6.02e+23", "12345678901234567890", "1.0"]

    init(random: SplitMix64) {
        self.random = random
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    /// A whole text.
    mutating func document() -> [UInt8] {
        style = Int.random(in: 0..<4, using: &random)
        let text: String
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1:
            // Like a motion file: a top-level array of flat objects.
            let samples = (0..<Int.random(in: 0..<6, using: &random)).map { _ in object(depth: 1, flat: true) }
            text = container("[", "]", samples, depth: 0)
        case 2: text = object(depth: 0, flat: false)
        case 3: text = array(depth: 0)
        default: text = value(depth: 0)
        }
        let lead = style == 3 ? pick(["", " ", "\n", "\u{FEFF}"]) : ""
        return Array((lead + text + (style == 3 ? pick(["", " \n", "\t"]) : "")).utf8)
    }

    private mutating func gap(_ depth: Int) -> String {
        switch style {
        case 0: return "\n" + String(repeating: " ", count: 2 * depth)
        case 1: return "\n" + String(repeating: " ", count: 4 * depth)
        case 2: return ""
        default: return pick(["", " ", "\t", "\r\n", "\n        ", "  \n  \t"])
        }
    }

    private mutating func container(_ open: String, _ close: String, _ items: [String], depth: Int) -> String {
        guard !items.isEmpty else { return open + (style == 3 ? pick(["", " ", "\n"]) : "") + close }
        var text = open
        for (place, item) in items.enumerated() {
            text += (place == 0 ? "" : ",") + gap(depth + 1) + item
        }
        return text + gap(depth) + close
    }

    private mutating func object(depth: Int, flat: Bool) -> String {
        let members = (0..<Int.random(in: 0..<5, using: &random)).map { _ -> String in
            let separator = style == 2 ? ":" : style == 3 ? pick([":", " : ", ":\n"]) : ": "
            return "\"" + pick(names) + "\"" + separator + (flat ? scalar() : value(depth: depth + 1))
        }
        return container("{", "}", members, depth: depth)
    }

    private mutating func array(depth: Int) -> String {
        container("[", "]", (0..<Int.random(in: 0..<4, using: &random)).map { _ in value(depth: depth + 1) }, depth: depth)
    }

    private mutating func scalar() -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return pick(numbers)
        case 1: return pick(["true", "false", "null"])
        default: return "\"" + pick(strings) + "\""
        }
    }

    private mutating func value(depth: Int) -> String {
        switch depth > 3 ? 0 : Int.random(in: 0..<4, using: &random) {
        case 0, 1: return scalar()
        case 2: return object(depth: depth, flat: false)
        default: return array(depth: depth)
        }
    }
}
