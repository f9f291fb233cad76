import XCTest
@testable import JSONCore
import SeededRandom
import SeededTesting

final class JSONTapeTests: XCTestCase {
    private let documents = [
        #"{"a": [1, -2.5e3, true, false, null, "x\u00e9\n"], "b": {}, "c": []}"#,
        #"[[], {}, [[[]]], {"k": {"k": {"k": 0}}}]"#,
        #"{"big": 123456789012345678901234567890, "min": -9223372036854775808, "max": 9223372036854775807}"#,
        #"[1.0, 1.5e1, 1e400, -0.0, 0.1, 12.50, 2E-3, -7e+2]"#,
        #""just a string with \"escapes\" \\ \/ \b\f\r\t and \ud83d\ude00""#,
        #"{"ünïcödé": "日本語", "emoji": "🎉", "": ""}"#,
        "  42  ",
        "null",
    ]

    func testTapeFromBytesHasTheSameValueAsTheDocument() throws {
        for text in documents {
            let bytes = Array(text.utf8)
            let tape = try JSONTape(bytes: bytes)
            let document = try JSONDocument(bytes: bytes)
            XCTAssertEqual(tape.value, document.value, text)
            XCTAssertEqual(JSONWriter.compact.string(tape.value), JSONWriter.compact.string(document.value), text)
        }
    }

    func testTapeOfAValueRoundTrips() throws {
        for text in documents {
            let value = try JSONDocument(text: text).value
            let tape = JSONTape(value)
            XCTAssertEqual(tape.value, value, text)
            // Numbers keep their lexemes through the tape.
            XCTAssertEqual(JSONWriter.compact.string(tape.value), JSONWriter.compact.string(value), text)
        }
        // Numbers made from doubles keep their value and integrality on the tape.
        let doubles: JSONValue = [.number(JSONNumber(0.25)!), .number(JSONNumber(1e300)!), .number(JSONNumber(-1.5e-7)!)]
        XCTAssertEqual(JSONTape(doubles).value, doubles)
        JSONTape(doubles).withView { view in
            XCTAssertEqual(view.elements(of: 0).map(view.primitiveType), [.number, .integer, .number])
        }
    }

    func testRepeatedKeyKeepsTheLastValueAtTheFirstPlace() throws {
        let bytes = Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8)
        let parsed = try JSONParser().parseTape(bytes)
        XCTAssertTrue(parsed.hasDuplicateKeys)
        let tape = try JSONTape(bytes: bytes)
        XCTAssertEqual(tape.value.objectValue?.keys, ["a", "b"])
        XCTAssertEqual(tape.value["a"], 3)
        tape.withView { view in
            XCTAssertEqual(view.count(0), 2)
            let name: [UInt8] = [UInt8(ascii: "a")]
            name.withUnsafeBufferPointer { name in
                XCTAssertEqual(view.member(0, named: name).map { view.value(at: $0) }, 3)
            }
        }
        XCTAssertFalse(try JSONParser().parseTape(Array(#"{"a": 1, "b": {"a": 2}}"#.utf8)).hasDuplicateKeys)
    }

    func testRepeatedKeyInALargeObjectIsFound() throws {
        var members = (0..<40).map { "\"key\($0)\": \($0)" }
        members.append("\"key7\": \"again\"")
        let text = "{" + members.joined(separator: ", ") + "}"
        XCTAssertTrue(try JSONParser().parseTape(Array(text.utf8)).hasDuplicateKeys)
        let document = try JSONDocument(text: text)
        XCTAssertEqual(document.duplicateKeys.map(\.key), ["key7"])
        XCTAssertEqual(try JSONTape(bytes: Array(text.utf8)).value, document.value)
        XCTAssertEqual(document.value["key7"], "again")
        XCTAssertEqual(document.value.objectValue?.count, 40)
    }

    func testRejectsWhatTheDocumentParserRejectsWithTheSameError() {
        let bad = ["[1,]", "{\"a\":1,}", "// c\n1", "01", "NaN", "[\"\u{01}\"]", "\"\\ud800\"", "{'a':1}", "[1 2]", "", "[", "\"abc"]
        for text in bad {
            var tapeError: JSONParseError?
            var documentError: JSONParseError?
            do { _ = try JSONTape(bytes: Array(text.utf8)) } catch { tapeError = error }
            do { _ = try JSONDocument(text: text) } catch { documentError = error }
            XCTAssertNotNil(tapeError, text.debugDescription)
            XCTAssertEqual(tapeError?.description, documentError?.description, text.debugDescription)
        }
        XCTAssertThrowsError(try JSONTape(bytes: [0x22, 0xC3, 0x28, 0x22]), "invalid UTF-8")
    }

    func testDeepNestingIsParsedAndRebuiltWithoutRecursion() throws {
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let tape = try JSONTape(bytes: Array(text.utf8))
        var value = tape.value
        var levels = 1
        while case .array(let elements) = value, let first = elements.first {
            value = first
            levels += 1
        }
        XCTAssertEqual(levels, depth)
        XCTAssertThrowsError(try JSONTape(bytes: Array(text.utf8), maxDepth: 100))
    }

    func testViewReadsKindsCountsAndNumbers() throws {
        let tape = try JSONTape(bytes: Array(#"["é🎉a", 1.0, 1.5, 1e400, 12.50e1, 3, {"x": 1, "y": [true]}]"#.utf8))
        tape.withView { view in
            let elements = Array(view.elements(of: 0))
            XCTAssertEqual(elements.count, 7)
            XCTAssertEqual(view.kind(elements[0]), .string)
            XCTAssertFalse(view.isASCII(elements[0]))
            XCTAssertEqual(view.codePointCount(elements[0]), 3)
            XCTAssertEqual(view.count(elements[0]), 7, "bytes")
            XCTAssertEqual(view.primitiveType(elements[1]), .integer)
            XCTAssertEqual(view.primitiveType(elements[2]), .number)
            XCTAssertEqual(view.primitiveType(elements[3]), .integer)
            XCTAssertEqual(view.primitiveType(elements[4]), .integer)
            XCTAssertEqual(view.kind(elements[5]), .integer)
            XCTAssertEqual(view.number(elements[5]), JSONNumber(3))
            XCTAssertEqual(view.number(elements[2]), JSONNumber(lexeme: "1.5"))
            let object = elements[6]
            XCTAssertEqual(view.keys(of: object).map(view.string), ["x", "y"])
            XCTAssertEqual(view.end(object), view.end(0), "the last element ends where the array does")
        }
    }

    func testIntegralLexemesMatchExactDecimals() {
        let lexemes = ["1.0", "1.5", "15e-1", "150e-2", "1.50e1", "0.0", "-0.0", "0e5", "1e400", "1e-400", "123.456e3",
                       "123.456e2", "10.0e-1", "100e-3", "-2.000", "7.1e0", "0.00100e3", "9.99e1", "5E+2", "25E-1"]
        for lexeme in lexemes {
            let bytes = Array(lexeme.utf8)
            let integral = bytes.withUnsafeBufferPointer { ExactDecimal.lexemeIsIntegral($0) }
            XCTAssertEqual(integral, ExactDecimal(validLexeme: lexeme).isInteger, lexeme)
        }
    }

    func testEqualityFollowsJSONSchema() throws {
        let tape = try JSONTape(bytes: Array(#"[1, 1.0, {"a": 1, "b": [2]}, {"b": [2.0], "a": 1}, "é", "e\u0301", [1, 2], [2, 1]]"#.utf8))
        tape.withView { view in
            let e = Array(view.elements(of: 0))
            XCTAssertTrue(view.equals(e[0], e[1]), "1 == 1.0")
            XCTAssertTrue(view.equals(e[2], e[3]), "member order does not matter")
            XCTAssertFalse(view.equals(e[4], e[5]), "code points, not canonical equivalence")
            XCTAssertFalse(view.equals(e[6], e[7]), "element order matters")
            XCTAssertTrue(view.equals(e[3], ["a": 1, "b": [2]]))
            XCTAssertTrue(view.equals(e[1], 1))
            XCTAssertFalse(view.equals(e[5], "é"))
            XCTAssertFalse(view.equals(e[0], "1"))
            XCTAssertFalse(view.equals(e[2], ["a": 1]))
        }
    }

    func testStringsOverTheLimitAreRefusedWithAPosition() throws {
        let options = JSONParser.Options(maxStringBytes: 8)
        XCTAssertNoThrow(try JSONParser(options: options).parse(Array(#"["12345678", "é\n"]"#.utf8)))
        for (text, column) in [(#"[1, "123456789"]"#, 5), (#"[1, "1234567\n9"]"#, 5), (#"{"a": 1, "123456789": 2}"#, 10)] {
            XCTAssertThrowsError(try JSONParser(options: options).parse(Array(text.utf8)), text) { error in
                let error = error as? JSONParseError
                XCTAssertEqual(error?.kind, .stringTooLong(limit: 8))
                XCTAssertEqual(error?.position.column, column, text)
            }
        }
        XCTAssertEqual(JSONParser.Options(maxStringBytes: .max).maxStringBytes, JSONTape.maxStringBytes)
    }

    func testSpecialBytesAreFoundAtEveryOffsetOfALongString() throws {
        for length in 0..<24 {
            for offset in 0...length {
                let head = String(repeating: "a", count: offset), tail = String(repeating: "b", count: length - offset)
                XCTAssertEqual(try JSONTape(bytes: Array("\"\(head)\\n\(tail)\"".utf8)).value, .string(head + "\n" + tail))
                XCTAssertEqual(try JSONTape(bytes: Array("\"\(head)é\(tail)\"".utf8)).value, .string(head + "é" + tail))
                XCTAssertEqual(try JSONTape(bytes: Array("[\"\(head)\", \"\(tail)\"]".utf8)).value, [.string(head), .string(tail)])
                XCTAssertThrowsError(try JSONTape(bytes: Array("\"\(head)\u{1F}\(tail)\"".utf8)))
                XCTAssertThrowsError(try JSONTape(bytes: Array("\"\(head)\u{7F}\(tail)".utf8)), "unterminated")
                XCTAssertThrowsError(try JSONTape(bytes: [0x22] + Array(head.utf8) + [0xFF] + Array(tail.utf8) + [0x22]), "invalid UTF-8")
                try JSONTape(bytes: Array("\"\(head)é\(tail)\"".utf8)).withView { view in
                    XCTAssertFalse(view.isASCII(0))
                    XCTAssertEqual(view.codePointCount(0), length + 1)
                }
            }
        }
    }

    /// Random documents written compact and pretty parse to the same value through both parsers' outputs.
    func testRandomDocumentsRoundTripThroughTheTape() throws {
        var generator = seededGenerator(0x7A9E)
        for round in 0..<300 {
            let value = randomValue(depth: 0, &generator)
            for writer in [JSONWriter.compact, JSONWriter.pretty] {
                let bytes = Array(writer.string(value).utf8)
                let tape = try JSONTape(bytes: bytes)
                XCTAssertEqual(tape.value, value, "round \(round)")
                XCTAssertEqual(tape.value, try JSONDocument(bytes: bytes).value, "round \(round)")
                XCTAssertTrue(tape.withView { $0.equals(0, value) }, "round \(round)")
            }
            XCTAssertEqual(JSONTape(value).value, value, "round \(round)")
        }
    }

    private func randomValue(depth: Int, _ generator: inout SplitMix64) -> JSONValue {
        let pieces = ["a", "é", "\"", "\\", "\n", "\u{01}", "🎉", "日本", " ", "/", "\u{7F}", "key"]
        func randomString() -> String {
            (0..<Int(generator.next() % 5)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
        switch generator.next() % (depth > 4 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2:
            let numbers = ["0", "-1", "1.5", "1.0", "1e400", "123456789012345678901234567890", "-0.25e-3", "9223372036854775807"]
            return .number(JSONNumber(lexeme: numbers[Int(generator.next() % UInt64(numbers.count))])!)
        case 3: return .number(JSONNumber(Int(Int64(bitPattern: generator.next()) >> 20)))
        case 4: return .string(randomString())
        case 5: return .array((0..<Int(generator.next() % 5)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            var object = JSONObject()
            for _ in 0..<Int(generator.next() % 20) { object[randomString()] = randomValue(depth: depth + 1, &generator) }
            return .object(object)
        }
    }
}
