import XCTest
import JSONCore

final class JSONValueTests: XCTestCase {
    func testEqualityIsJSONEquality() throws {
        XCTAssertEqual(try JSONDocument(text: #"{"a":1,"b":[1.0]}"#).value, try JSONDocument(text: #"{"b":[1],"a":1.00}"#).value)
        XCTAssertNotEqual(JSONValue.bool(true), JSONValue.number(JSONNumber(1)))
        XCTAssertNotEqual(JSONValue.string("é"), JSONValue.string("e\u{301}"), "strings compare by code points")
        XCTAssertNotEqual(JSONValue.array([1, 2]), JSONValue.array([2, 1]))
    }

    func testHashingAgreesWithEquality() throws {
        let a = try JSONDocument(text: #"{"x":1,"y":2.0}"#).value
        let b = try JSONDocument(text: #"{"y":2,"x":1.0}"#).value
        XCTAssertEqual(Set([a, b]).count, 1)
    }

    func testPrimitiveTypes() {
        XCTAssertEqual(JSONValue.number(JSONNumber(lexeme: "2.0")!).primitiveType, .integer)
        XCTAssertEqual(JSONValue.number(JSONNumber(lexeme: "2.5")!).primitiveType, .number)
        XCTAssertTrue(JSONPrimitiveType.integer.satisfies(.number))
        XCTAssertFalse(JSONPrimitiveType.number.satisfies(.integer))
        XCTAssertEqual(JSONPrimitiveType.integer.withArticle, "an integer")
    }

    func testObjectsWithManyMembersUseTheirIndex() {
        var object = JSONObject()
        for index in 0..<100 { object["k\(index)"] = .number(JSONNumber(index)) }
        XCTAssertEqual(object["k73"], 73)
        object["k73"] = nil
        XCTAssertNil(object["k73"])
        XCTAssertEqual(object["k99"], 99)
        XCTAssertEqual(object.count, 99)
    }
}

final class JSONNumberTests: XCTestCase {
    private func number(_ lexeme: String) -> JSONNumber { JSONNumber(lexeme: lexeme)! }

    func testExactComparison() {
        XCTAssertTrue(number("12345678901234567890") < number("12345678901234567891"))
        XCTAssertTrue(number("0.1") < number("0.10000000000000001"))
        XCTAssertEqual(number("1e2"), number("100"))
        XCTAssertTrue(number("-1e400") < number("1e-400"))
    }

    func testMultipleOfIsExact() {
        XCTAssertTrue(number("0.3").isMultiple(of: number("0.1")))
        XCTAssertTrue(number("19.99").isMultiple(of: number("0.01")))
        XCTAssertFalse(number("0.0075").isMultiple(of: number("0.01")))
        XCTAssertTrue(number("1e308").isMultiple(of: number("0.5")))
        XCTAssertFalse(number("1").isMultiple(of: number("0")))
        XCTAssertTrue(number("9223372036854775807").isMultiple(of: number("1")))
    }

    func testInvalidLexemesAreRejected() {
        XCTAssertNil(JSONNumber(lexeme: "01"))
        XCTAssertNil(JSONNumber(lexeme: "1."))
        XCTAssertNil(JSONNumber(lexeme: "NaN"))
        XCTAssertNil(JSONNumber(Double.infinity))
    }
}

final class JSONPointerTests: XCTestCase {
    func testParsingEscapingAndResolving() throws {
        let pointer = try JSONPointer(parsing: "/a~1b/c~0d/0")
        XCTAssertEqual(pointer.tokens, ["a/b", "c~d", "0"])
        XCTAssertEqual(pointer.description, "/a~1b/c~0d/0")
        let value: JSONValue = ["a/b": ["c~d": [42]]]
        XCTAssertEqual(pointer.resolve(in: value), 42)
        XCTAssertNil(try JSONPointer(parsing: "/a~1b/c~0d/01").resolve(in: value))
        XCTAssertThrowsError(try JSONPointer(parsing: "a"))
        XCTAssertThrowsError(try JSONPointer(parsing: "/~2"))
        XCTAssertEqual(pointer.parent?.description, "/a~1b/c~0d")
        XCTAssertEqual(JSONPointer.root.description, "")
    }
}
