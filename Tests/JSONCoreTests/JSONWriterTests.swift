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
}
