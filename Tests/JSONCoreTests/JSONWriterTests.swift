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
