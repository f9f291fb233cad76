import XCTest
@testable import JSONCore

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String, positions: Bool = false) throws -> JSONDocument {
        try JSONDocument(text: text, options: .init(recordPositions: positions))
    }

    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            _ = try JSONDocument(text: text)
            XCTFail("expected a parse error for \(text.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testParsesEveryKindOfValue() throws {
        let value = try parse(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\n"], "b": {}}"#).value
        XCTAssertEqual(value["a"]?[0], 1)
        XCTAssertEqual(value["a"]?[1]?.numberValue?.doubleValue, -2500)
        XCTAssertEqual(value["a"]?[2], true)
        XCTAssertEqual(value["a"]?[4], .null)
        XCTAssertEqual(value["a"]?[5], "xé\n")
        XCTAssertEqual(value["b"], .object(JSONObject()))
    }

    func testKeepsKeyOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#).value
        XCTAssertEqual(value.objectValue?.keys, ["z", "a", "m"])
    }

    func testRecordsDuplicateKeysWithPositionsAndKeepsLastValue() throws {
        let document = try parse("{\"a\": 1,\n \"b\": {\"k\": 1, \"k\": 2},\n \"a\": 3}")
        XCTAssertEqual(document.value["a"], 3)
        XCTAssertEqual(document.value["b"]?["k"], 2)
        XCTAssertEqual(document.duplicateKeys.count, 2)
        let inner = try XCTUnwrap(document.duplicateKeys.first { $0.key == "k" })
        XCTAssertEqual(inner.object, JSONPointer(tokens: ["b"]))
        XCTAssertEqual(inner.position.line, 2)
        XCTAssertEqual(inner.position.column, 16)
        XCTAssertEqual(inner.firstPosition.column, 8)
        let outer = try XCTUnwrap(document.duplicateKeys.first { $0.key == "a" })
        XCTAssertEqual(outer.object, .root)
        XCTAssertEqual(outer.position.line, 3)
    }

    func testFindsDuplicatesInLargeObjectsToo() throws {
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": \"again\""]
        let document = try parse("{" + members.joined(separator: ", ") + "}")
        XCTAssertEqual(document.duplicateKeys.map(\.key), ["k7"])
        XCTAssertEqual(document.value["k7"], "again")
        XCTAssertEqual(document.value.objectValue?.count, 40)
    }

    func testNumbersStayExact() throws {
        let value = try parse("[1.0, 12345678901234567890123, 1e400, 0.1, -0]").value
        XCTAssertEqual(value[0]?.primitiveType, .integer, "1.0 is an integer in the draft-07 sense")
        XCTAssertEqual(value[1]?.numberValue?.lexeme, "12345678901234567890123")
        XCTAssertEqual(value[1]?.primitiveType, .integer)
        XCTAssertEqual(value[2]?.numberValue?.lexeme, "1e400")
        XCTAssertTrue(value[2]?.numberValue?.isInteger ?? false)
        XCTAssertEqual(value[3]?.primitiveType, .number)
        XCTAssertNotEqual(try parse("12345678901234567890123").value, try parse("12345678901234567890124").value)
        XCTAssertEqual(try parse("1.0").value, try parse("1").value)
    }

    func testSourceMapGivesLineAndColumnOfEveryValue() throws {
        let document = try parse("{\n  \"steps\": [\n    {\"id\": \"é\", \"n\": 2}\n  ]\n}", positions: true)
        let map = try XCTUnwrap(document.sourceMap)
        let id = try XCTUnwrap(map.range(of: JSONPointer(tokens: ["steps", "0", "id"])))
        XCTAssertEqual(id.start.line, 3)
        XCTAssertEqual(id.start.column, 12)
        let n = map.position(of: JSONPointer(tokens: ["steps", "0", "n"]))
        XCTAssertEqual(n.line, 3, "columns count characters, not bytes")
        XCTAssertEqual(n.column, 22)
        XCTAssertEqual(map.keyRange(of: JSONPointer(tokens: ["steps"]))?.start.column, 3)
        XCTAssertEqual(map.position(of: JSONPointer(tokens: ["steps", "0", "missing"])).column, 5, "falls back to the parent")
    }

    func testRejectsTrailingCommas() {
        XCTAssertEqual(failure("[1, 2,]")?.kind, .trailingComma)
        XCTAssertEqual(failure("{\"a\": 1,}")?.kind, .trailingComma)
        // At the comma, where the mistake is, not at the bracket after it.
        XCTAssertEqual(failure("[1,\n ]")?.position, SourcePosition(line: 1, column: 3, offset: 2))
        XCTAssertEqual(failure("{\"a\": [1, 2],\n  \"b\": 2 ,\n}")?.position, SourcePosition(line: 2, column: 10, offset: 23))
        XCTAssertEqual(failure("[[],\t]")?.position, SourcePosition(line: 1, column: 4, offset: 3), "a trailing comma after a container")
        XCTAssertEqual(failure("[1, 2,]")?.message.hasPrefix("trailing comma"), true)
    }

    func testRejectsComments() {
        XCTAssertEqual(failure("// hi\n{}")?.kind, .commentNotAllowed)
        XCTAssertEqual(failure("{} /* x */")?.kind, .commentNotAllowed)
        XCTAssertEqual(failure("[1, /* x */ 2]")?.kind, .commentNotAllowed)
    }

    func testRejectsLeadingZerosAndMalformedNumbers() {
        XCTAssertEqual(failure("[01]")?.kind, .leadingZero)
        XCTAssertEqual(failure("-")?.kind, .invalidNumber("a minus sign must be followed by digits"))
        XCTAssertEqual(failure("1.")?.kind, .invalidNumber("a decimal point must be followed by digits"))
        XCTAssertEqual(failure("1e+")?.kind, .invalidNumber("an exponent must have digits"))
        XCTAssertNotNil(failure("+1"))
        XCTAssertNotNil(failure(".5"))
    }

    func testRejectsNaNAndInfinity() {
        XCTAssertEqual(failure("NaN")?.kind, .nonFiniteNumber("NaN"))
        XCTAssertEqual(failure("[Infinity]")?.kind, .nonFiniteNumber("Infinity"))
        XCTAssertEqual(failure("-Infinity")?.kind, .nonFiniteNumber("-Infinity"))
    }

    func testRejectsControlCharactersInStrings() {
        let error = failure("\"a\tb\"")
        XCTAssertEqual(error?.kind, .unescapedControlCharacter(0x09))
        XCTAssertEqual(error?.position.column, 3)
    }

    func testRejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            XCTAssertThrowsError(try JSONDocument(bytes: bytes)) { error in
                XCTAssertEqual((error as? JSONParseError)?.kind, .invalidUTF8, "\(bytes)")
            }
        }
        XCTAssertEqual(try JSONDocument(bytes: [0x22, 0xF0, 0x9F, 0x90, 0xB2, 0x22]).value, "🐲")
    }

    func testSurrogateEscapes() throws {
        XCTAssertEqual(try parse(#""\ud83d\udc32""#).value, "🐲")
        XCTAssertEqual(failure(#""\ud83d""#)?.kind, .loneSurrogate(#"\ud83d"#))
        XCTAssertEqual(failure(#""\udc32x""#)?.kind, .loneSurrogate(#"\udc32"#))
        XCTAssertEqual(failure(#""\ud83d\u0041""#)?.kind, .loneSurrogate(#"\ud83d"#))
    }

    func testRejectsBadEscapesSingleQuotesAndTrailingContent() {
        XCTAssertEqual(failure(#""\x41""#)?.kind, .invalidEscape(#"\x"#))
        XCTAssertEqual(failure(#""\u12G4""#)?.kind, .invalidEscape(#"\u12G"#))
        XCTAssertEqual(failure("{'a': 1}")?.kind, .singleQuotedString)
        XCTAssertEqual(failure("{} {}")?.kind, .trailingContent)
        XCTAssertEqual(failure("  ")?.kind, .emptyDocument)
        XCTAssertEqual(failure("[1 2]")?.kind, .unexpectedCharacter(found: "'2'", expected: "',' or ']' after an array element"))
        XCTAssertEqual(failure("{\"a\" 1}")?.kind, .unexpectedCharacter(found: "'1'", expected: "':' after the member name"))
        XCTAssertEqual(failure("[1, 2")?.kind, .unexpectedEnd(expected: "',' or ']'"))
        XCTAssertEqual(failure("tru")?.kind, .unexpectedCharacter(found: "'t'", expected: "a JSON value"))
    }

    func testErrorPositionsAreLineAndColumn() {
        let error = failure("{\n  \"a\": [1,\n        2,,]\n}")
        XCTAssertEqual(error?.position.line, 3)
        XCTAssertEqual(error?.position.column, 11)
        XCTAssertEqual(error?.description.hasPrefix("3:11: "), true)
    }

    func testDepthLimitGivesAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertThrowsError(try JSONDocument(text: deep, options: .init(maxDepth: 100))) { error in
            XCTAssertEqual((error as? JSONParseError)?.kind, .depthLimitExceeded(100))
        }
        XCTAssertNoThrow(try JSONDocument(text: deep, options: .init(maxDepth: 200)))
        let deepest = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertEqual(try JSONDocument(text: deepest).value.arrayValue?.count, 1)
        let tooDeep = String(repeating: "[", count: 10_001)
        XCTAssertThrowsError(try JSONDocument(text: tooDeep)) { error in
            XCTAssertEqual((error as? JSONParseError)?.kind, .depthLimitExceeded(10_000))
        }
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).value, [1])
    }
}
