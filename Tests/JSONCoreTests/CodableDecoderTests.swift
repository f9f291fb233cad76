import XCTest
@testable import JSONCore

private struct Choice: Codable, Equatable {
    var value: JSONValue?
    var text: String
}

private enum Kind: String, Codable, Equatable { case simple, choice }

private struct Step: Codable, Equatable {
    var identifier: String
    var kind: Kind
    var title: String?
    var count: Int?
    var ratio: Double?
    var optional: Bool?
    var choices: [Choice]?
}

private struct Survey: Codable, Equatable {
    var identifier: String
    var steps: [Step]
}

private func parse(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

private func decodingError<T: Decodable>(_ type: T.Type, _ text: String) throws -> JSONDecodingError? {
    do {
        _ = try JSONValueDecoder().decode(type, from: try parse(text))
        return nil
    } catch let error as JSONDecodingError {
        return error
    }
}

final class CodableDecoderTests: XCTestCase {
    func testDecodesNestedStructsArraysOptionalsAndEnums() throws {
        let survey = try JSONValueDecoder().decode(Survey.self, from: try parse("""
            {"identifier": "s", "steps": [
              {"identifier": "a", "kind": "simple", "title": "T", "count": 3, "ratio": 0.25, "optional": true},
              {"identifier": "b", "kind": "choice", "choices": [{"value": 1, "text": "one"}, {"text": "none"}]}
            ]}
            """))
        XCTAssertEqual(survey.steps.map(\.identifier), ["a", "b"])
        XCTAssertEqual(survey.steps[0], Step(identifier: "a", kind: .simple, title: "T", count: 3, ratio: 0.25, optional: true))
        XCTAssertEqual(survey.steps[1].choices, [Choice(value: 1, text: "one"), Choice(value: nil, text: "none")])
    }

    func testIntegersAcceptIntegralNumbersOnly() throws {
        let decoder = JSONValueDecoder()
        XCTAssertEqual(try decoder.decode(Int.self, from: try parse("1.0")), 1)
        XCTAssertEqual(try decoder.decode(Int.self, from: try parse("1e2")), 100)
        XCTAssertEqual(try decoder.decode(UInt64.self, from: try parse("18446744073709551615")), UInt64.max)
        XCTAssertEqual(try decoder.decode(Double.self, from: try parse("7")), 7.0)
        XCTAssertEqual(try decodingError(Int.self, "1.5")?.kind, .numberOutOfRange(number: "1.5", type: "Int"))
        XCTAssertEqual(try decodingError(Int8.self, "300")?.kind, .numberOutOfRange(number: "300", type: "Int8"))
        XCTAssertEqual(try decodingError(UInt.self, "-1")?.kind, .numberOutOfRange(number: "-1", type: "UInt"))
        XCTAssertEqual(try decodingError(Double.self, "1e400")?.kind, .numberOutOfRange(number: "1e400", type: "Double"))
    }

    func testBooleansAndNumbersAreNeverConfused() throws {
        XCTAssertEqual(try decodingError(Bool.self, "1")?.kind, .typeMismatch(expected: "a boolean", found: .integer))
        XCTAssertEqual(try decodingError(Int.self, "true")?.kind, .typeMismatch(expected: "an integer", found: .boolean))
        XCTAssertEqual(try decodingError(String.self, "2.5")?.kind, .typeMismatch(expected: "a string", found: .number))
    }

    func testErrorsCarryThePointerAndNameTheMember() throws {
        let error = try XCTUnwrap(try decodingError(Survey.self, #"{"identifier": "s", "steps": [{"identifier": "a", "kind": "simple"}, {"identifier": "b", "kind": "simple", "title": 4.5}]}"#))
        XCTAssertEqual(error.pointer.description, "/steps/1/title")
        XCTAssertEqual(error.message, "expected a string for 'title' but found a number")
        XCTAssertEqual(error.description, "/steps/1/title: expected a string for 'title' but found a number")

        let missing = try XCTUnwrap(try decodingError(Survey.self, #"{"identifier": "s", "steps": [{"kind": "simple"}]}"#))
        XCTAssertEqual(missing.kind, .missingKey("identifier"))
        XCTAssertEqual(missing.pointer.description, "/steps/0")
        XCTAssertEqual(missing.message, "missing required key 'identifier' in element 0 of 'steps'")

        let element = try XCTUnwrap(try decodingError([Int].self, "[1, 2, \"3\"]"))
        XCTAssertEqual(element.pointer.description, "/2")
        XCTAssertEqual(element.message, "expected an integer for element 2 of the document but found a string")
    }

    func testErrorsThrownByInitFromAreRestatedWithTheirPointer() throws {
        let error = try XCTUnwrap(try decodingError(Survey.self, #"{"identifier": "s", "steps": [{"identifier": "a", "kind": "slider"}]}"#))
        XCTAssertEqual(error.pointer.description, "/steps/0/kind")
        guard case .invalidValue(let reason) = error.kind else { return XCTFail("\(error.kind)") }
        XCTAssertTrue(reason.contains("slider"), reason)
    }

    func testDocumentDecodingAddsLineAndColumn() throws {
        let document = try JSONDocument(text: "{\"identifier\": \"s\",\n \"steps\": [\n  {\"identifier\": \"a\", \"kind\": \"simple\", \"count\": \"two\"}\n]}",
                                        options: .init(recordPositions: true))
        XCTAssertThrowsError(try JSONValueDecoder().decode(Survey.self, from: document)) { error in
            guard let error = error as? JSONDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.pointer.description, "/steps/0/count")
            XCTAssertEqual(error.position?.line, 3)
            XCTAssertEqual(error.position?.column, 50)
            XCTAssertEqual(error.description, "3:50: expected an integer for 'count' but found a string")
        }
    }

    func testDecodingBelowTheRootKeepsDocumentPointers() throws {
        let value = try parse(#"{"identifier": 7, "kind": "simple"}"#)
        XCTAssertThrowsError(try JSONValueDecoder().decode(Step.self, from: value, at: JSONPointer(tokens: ["steps", "3"]))) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.pointer.description, "/steps/3/identifier")
        }
    }

    func testJSONCoreTypesDecodeExactly() throws {
        struct Holder: Decodable {
            var any: JSONValue
            var object: JSONObject
            var number: JSONNumber
            var missing: JSONValue?
        }
        let holder = try JSONValueDecoder().decode(Holder.self, from: try parse(#"{"any": {"z": 1.50, "a": [null]}, "object": {"b": 1, "a": 2}, "number": 1e2}"#))
        XCTAssertEqual(holder.any.objectValue?.keys, ["z", "a"], "member order is kept")
        XCTAssertEqual(holder.any["z"]?.numberValue?.lexeme, "1.50", "the lexeme is kept")
        XCTAssertEqual(holder.object.keys, ["b", "a"])
        XCTAssertEqual(holder.number.lexeme, "1e2")
        XCTAssertNil(holder.missing)
        XCTAssertEqual(try JSONValueDecoder().decode(JSONValue?.self, from: .null), JSONValue?.none)
    }

    func testJSONCoreTypesOfTheWrongKindNameWhatWasExpected() throws {
        struct Holder: Decodable { var object: JSONObject?; var number: JSONNumber? }
        let object = try XCTUnwrap(try decodingError(Holder.self, #"{"object": [1]}"#))
        XCTAssertEqual(object.kind, .typeMismatch(expected: "an object", found: .array))
        XCTAssertEqual(object.pointer.description, "/object")
        let number = try XCTUnwrap(try decodingError(Holder.self, #"{"number": "12"}"#))
        XCTAssertEqual(number.kind, .typeMismatch(expected: "a number", found: .string))
        XCTAssertEqual(number.pointer.description, "/number")
        // Through Foundation's decoder too, where the value is rebuilt first.
        XCTAssertThrowsError(try JSONDecoder().decode(Holder.self, from: Data(#"{"object": 3}"#.utf8))) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.kind, .typeMismatch(expected: "an object", found: .integer))
        }
    }

    func testAbsentAndNullMembersStayDistinct() throws {
        struct Rule: Decodable { var matchingAnswer: JSONValue?; var title: String? }
        let rules = try JSONValueDecoder().decode([Rule].self, from: try parse(#"[{}, {"matchingAnswer": null, "title": null}, {"matchingAnswer": 3}]"#))
        XCTAssertEqual(rules.map(\.matchingAnswer), [nil, .null, 3])
        XCTAssertNil(rules[1].title, "null is still nil for other optional types")
    }

    func testInitFromCanReadTheExactValueAndItsPointer() throws {
        struct Probe: Decodable {
            var value: JSONValue?
            var pointer: JSONPointer
            init(from decoder: any Decoder) throws {
                value = decoder.jsonValue
                pointer = decoder.jsonPointer
            }
        }
        let probes = try JSONValueDecoder().decode([String: [Probe]].self, from: try parse(#"{"list": [{"b": 1, "a": 2}]}"#))
        let probe = try XCTUnwrap(probes["list"]?.first)
        XCTAssertEqual(probe.pointer.description, "/list/0")
        XCTAssertEqual(probe.value?.objectValue?.keys, ["b", "a"])
    }

    func testAFailedArrayReadDoesNotAdvance() throws {
        struct Lenient: Decodable {
            var integers: [Int] = []
            var skipped: [JSONValue] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                XCTAssertEqual(container.count, 3)
                while !container.isAtEnd {
                    if let integer = try? container.decode(Int.self) {
                        integers.append(integer)
                    } else {
                        skipped.append(try container.decode(JSONValue.self))
                    }
                }
                XCTAssertThrowsError(try container.decode(Int.self)) { error in
                    XCTAssertEqual((error as? JSONDecodingError)?.kind, .endOfArray)
                }
            }
        }
        let lenient = try JSONValueDecoder().decode(Lenient.self, from: try parse(#"[1, "x", 3]"#))
        XCTAssertEqual(lenient.integers, [1, 3])
        XCTAssertEqual(lenient.skipped, ["x"])
    }

    func testUserInfoReachesInitFrom() throws {
        let key = try XCTUnwrap(CodingUserInfoKey(rawValue: "unit"))
        struct Unit: Decodable {
            var unit: String
            init(from decoder: any Decoder) throws {
                unit = decoder.userInfo.values.first as? String ?? ""
            }
        }
        XCTAssertEqual(try JSONValueDecoder(userInfo: [key: "kg"]).decode(Unit.self, from: .null).unit, "kg")
    }

    func testCodingPathsBecomePointers() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) { (stringValue, self.intValue) = ("Index \(intValue)", intValue) }
        }
        let path: [any CodingKey] = [Key(stringValue: "steps"), Key(intValue: 2), Key(stringValue: "a/b")]
        XCTAssertEqual(JSONPointer(codingPath: path).description, "/steps/2/a~1b")
    }
}
