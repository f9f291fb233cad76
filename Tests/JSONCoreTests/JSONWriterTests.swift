import XCTest
import JSONCore

final class JSONWriterTests: XCTestCase {
    func testCompactOutputKeepsOrderAndLexemes() throws {
        let text = #"{"b":[1.50,1e400,-0.0],"a":"x\"\\\n\u0001é","c":null,"d":true}"#
        let value = try JSONDocument(text: text).value
        XCTAssertEqual(JSONWriter.compact.string(value), text)
    }

    func testPrettyOutputIndentsAndEndsWithNewline() throws {
        let value = try JSONDocument(text: #"{"a":[1,{}],"b":[]}"#).value
        XCTAssertEqual(JSONWriter.pretty.string(value), "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}\n")
    }

    func testSortedKeys() throws {
        let value = try JSONDocument(text: #"{"b":1,"a":{"d":1,"c":2}}"#).value
        XCTAssertEqual(JSONWriter(sortedKeys: true).string(value), #"{"a":{"c":2,"d":1},"b":1}"#)
    }

    func testRoundTripThroughParser() throws {
        let value: JSONValue = ["s": "tab\there \u{7F} 🐲", "n": [0, -1, 2.5], "o": ["k": nil]]
        XCTAssertEqual(try JSONDocument(bytes: JSONWriter.pretty.bytes(value)).value, value)
        XCTAssertEqual(try JSONDocument(text: JSONWriter.compact.string(value)).value, value)
    }

    func testDeepValuesAreWrittenWithoutRecursionAndIndentationStopsGrowing() throws {
        // 30,000 levels (a result of 10,000 nested sections) on the test thread's ordinary stack.
        let depth = 30_000
        var value: JSONValue = ["leaf": true]
        for index in 0..<depth { value = index % 2 == 0 ? .array([value]) : ["k": value] }
        let compact = JSONWriter.compact.bytes(value)
        XCTAssertEqual(compact.count, depth / 2 * ("[]".count + #"{"k":}"#.count) + #"{"leaf":true}"#.count)
        // (Compared as text: `==` on values recurses.)
        XCTAssertEqual(JSONWriter.compact.bytes(try JSONDocument(bytes: compact, options: .init(maxDepth: depth + 1)).value), compact)
        let pretty = JSONWriter.pretty.bytes(value)
        var widest = 0, run = 0
        for byte in pretty {
            run = byte == UInt8(ascii: " ") ? run + 1 : 0
            widest = max(widest, run)
        }
        XCTAssertEqual(widest, 2 * JSONWriter.maxIndentedLevels, "indentation stops at the cap, so the text stays linear")
        XCTAssertEqual(JSONWriter.compact.bytes(try JSONDocument(bytes: pretty, options: .init(maxDepth: depth + 1)).value), compact)
        XCTAssertEqual(JSONWriter.pretty.string([[1]]), "[\n  [\n    1\n  ]\n]\n")
    }
}

extension JSONWriterTests {
    /// Strings without escapes are copied whole, the others written byte by byte: both give what RFC 8259
    /// asks (the escapes below, everything else as is) and read back as the string.
    func testStringsWithAndWithoutEscapesAreWrittenExactly() throws {
        let texts = ["", "plain", "smol", "a longer string past fifteen bytes", "quote \" inside", "back\\slash", "tab\there",
                     "line\nbreak", "\u{01}\u{1F}\u{08}\u{0C}\r", "é ü 日本語 🙂", String(repeating: "x", count: 300) + "\"", "\u{7F}"]
        let escapes: [UInt8: String] = [0x22: "\\\"", 0x5C: "\\\\", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0C: "\\f"]
        for text in texts {
            var expected: [UInt8] = [0x22]
            for byte in text.utf8 {
                if let escape = escapes[byte] {
                    expected += Array(escape.utf8)
                } else if byte < 0x20 {
                    expected += Array(("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
                } else {
                    expected.append(byte)
                }
            }
            expected.append(0x22)
            let written = JSONWriter.compact.bytes(.string(text))
            XCTAssertEqual(written, expected, text)
            XCTAssertEqual(try JSONDocument(bytes: written).value, .string(text), text)
        }
    }
}
