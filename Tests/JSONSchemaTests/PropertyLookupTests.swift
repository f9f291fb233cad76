import SeededTesting
import XCTest
import JSONCore
@testable import JSONSchema

/// Property names are looked up by a key of their length and up to sixteen bytes: the lookup must
/// still be exact for every length, for names that share most bytes, in tables where every name has
/// a slot of its own and in tables where some are displaced.
final class PropertyLookupTests: XCTestCase {
    private func names(count: Int, length: Int) -> [String] {
        // Same length, same first, middle and last bytes: only the bytes in between differ.
        (0..<count).map { index in
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            if length > 2 { bytes[1] = UInt8(ascii: "a") + UInt8(index % 26) }
            if length > 5 { bytes[length - 2] = UInt8(ascii: "A") + UInt8(index / 26 % 26) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    func testEveryLengthAndNearlyEqualNamesAreFoundExactly() {
        var displaced = 0
        var generator = seededGenerator(19)
        for length in 0...40 {
            // Names alike but for two bytes, and as many random names (these collide in the table).
            let random = (0..<300).map { _ in String(decoding: (0..<length).map { _ in UInt8(0x21 + generator.next() % 94) }, as: UTF8.self) }
            for (count, family) in [(1, 0), (3, 0), (8, 0), (9, 0), (40, 0), (300, 0), (9, 1), (300, 1)] {
                let listed = Array(Set(family == 0 ? names(count: count, length: length) : Array(random.prefix(count))))
                let table = NameTable(listed.enumerated().map { ($0.element, $0.offset) })
                if table.probeLimit > 0 { displaced += 1 }
                for (index, name) in listed.enumerated() {
                    XCTAssertEqual(Array(name.utf8).withUnsafeBufferPointer { table.value(for: $0) }, index, "\(name) (\(count) names)")
                }
                for absent in ["", "b", String(repeating: "a", count: length + 1), String(repeating: "a", count: max(length, 1) - 1) + "z",
                               "z" + String(repeating: "a", count: max(length, 1) - 1)] where !listed.contains(absent) {
                    XCTAssertNil(Array(absent.utf8).withUnsafeBufferPointer { table.value(for: $0) }, "\(absent) is not in the table")
                }
            }
        }
        XCTAssertGreaterThan(displaced, 0, "some tables probe past a name's own slot")
    }

    func testSchemasWithManyPropertiesCheckTheRightOne() throws {
        var properties = JSONObject()
        for name in names(count: 30, length: 12) { properties[name] = ["type": "string"] }
        properties["aaaaaaaaaaaa"] = ["type": "integer"]
        let validator = try Validator(schema: ["properties": .object(properties)])
        let first = names(count: 30, length: 12)[7]
        XCTAssertTrue(validator.isValid([first: "text"]))
        XCTAssertFalse(validator.isValid([first: 1]))
        XCTAssertFalse(validator.isValid(["aaaaaaaaaaaa": "text"]), "the one integer property among names alike")
        XCTAssertTrue(validator.isValid(["aaaaaaaaaaab": 1]), "an unlisted name is not checked")
    }
}

extension PropertyLookupTests {
    /// `properties` with `required` and `additionalProperties` answered in one pass must give the
    /// verdicts of the keywords: compared with `validate` (which uses the keywords themselves) on every case.
    func testOnePassOverMembersGivesTheVerdictsOfTheKeywords() throws {
        var many = JSONObject()
        for index in 0..<70 { many["p\(index)"] = ["type": "integer"] }
        let long = "a-property-name-longer-than-sixteen-bytes"
        let schemas: [JSONValue] = [
            ["properties": ["a": ["type": "integer"], "b": ["type": "string"]], "required": ["a"]],
            ["required": ["b", "a"], "properties": ["a": ["type": "integer"], "b": ["type": "string"]]],
            ["properties": ["a": ["type": "integer"]], "required": ["a", "c"]],
            ["properties": .object(many), "required": ["p0", "p69"]],
            ["properties": ["a": ["type": "integer"]], "additionalProperties": false],
            ["additionalProperties": ["type": "string"], "required": ["a"], "properties": ["a": ["type": "integer"], "b": true]],
            ["properties": ["a": ["type": "integer"]], "patternProperties": ["^c": ["type": "integer"]], "additionalProperties": false],
            ["additionalProperties": false, "required": ["a"]],
            ["properties": ["a": ["type": "integer"]]],
            ["properties": ["a": ["type": "integer"], "c": ["const": 2]]],
            ["properties": .object(many), "required": .array((0..<64).map { .string("p\($0)") })],
            ["properties": .object(many), "required": .array((0..<65).map { .string("p\($0)") })],
            ["properties": ["a": ["type": "integer"], "b": true], "required": ["a", "a", "b", "a"]],
            ["properties": [long: ["type": "integer"], long + "x": true, "x" + long: false], "required": [.string(long)],
             "additionalProperties": ["type": "string"]],
        ]
        let instances: [JSONValue] = [[:], ["a": 1], ["a": "x"], ["b": "y"], ["a": 1, "b": "y"], ["a": 1, "b": 2], ["a": 1, "c": 0],
                                      ["p0": 1], ["p0": 1, "p69": 2], ["p0": 1, "p69": "x"], ["p69": 1], 3, "text", [1, 2], .null,
                                      ["a": "x", "b": 1, "c": 2, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7, "i": 8],
                                      ["a": 1, "b": 1, "c": 2, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7, "i": 8],
                                      ["b": 1, "c": 3, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7, "i": 8, "j": 9],
                                      .object(JSONObject((0..<64).map { JSONObject.Member(key: "p\($0)", value: 1) })),
                                      .object(JSONObject((0..<70).map { JSONObject.Member(key: "p\($0)", value: 1) })),
                                      .object(JSONObject((1..<70).map { JSONObject.Member(key: "p\($0)", value: 1) })),
                                      [long: 1], [long: "s"], [long: 1, long + "x": 1], [long: 1, "x" + long: 1],
                                      [long: 1, String(long.dropLast()) + "!": "s"], [long: 1, String(long.dropLast()) + "!": 2]]
        for schema in schemas {
            let validator = try Validator(schema: schema)
            for instance in instances {
                XCTAssertEqual(validator.isValid(instance), validator.validate(instance).isEmpty,
                               "\(JSONWriter.compact.string(schema)) on \(JSONWriter.compact.string(instance))")
            }
        }
        let fused = try Validator(schema: schemas[0])
        XCTAssertFalse(fused.isValid(["b": "y"]), "a required property missing")
        XCTAssertFalse(fused.isValid(["a": "x"]), "a required property present but invalid")
        XCTAssertTrue(fused.isValid(["a": 1, "z": true]))
        XCTAssertTrue(fused.isValid("not an object"))
        let closed = try Validator(schema: schemas[4])
        XCTAssertFalse(closed.isValid(["a": 1, "c": 0]), "a member properties does not name is additional")
        XCTAssertTrue(closed.isValid(["a": 1]))
        let typed = try Validator(schema: schemas[5])
        XCTAssertTrue(typed.isValid(["a": 1, "b": 2, "z": "s"]))
        XCTAssertFalse(typed.isValid(["a": 1, "z": 2]), "an additional member against its schema")
        XCTAssertFalse(typed.isValid(["z": "s"]), "required still counted")
    }
}

extension PropertyLookupTests {
    /// An `allOf` of `if`/`then` branches keyed on one member is decided by a lookup for verdicts: it
    /// must give the branches' verdicts (compared with `validate`, which walks the branches) on every case.
    func testIfThenBranchesOnOneMemberGiveTheBranchesVerdicts() throws {
        func branch(_ constant: JSONValue, then: JSONValue) -> JSONValue {
            ["if": ["properties": ["type": ["const": constant]]], "then": then]
        }
        let schemas: [JSONValue] = [
            ["allOf": [branch("a", then: ["required": ["x"]]), branch("b", then: ["properties": ["y": ["type": "integer"]]]),
                       branch("a", then: ["properties": ["x": ["type": "string"]]]), branch("c", then: true)]],
            // Shapes the table does not take: an else, another member, a non-string constant, more in the if.
            ["allOf": [branch("a", then: ["required": ["x"]]), ["if": ["properties": ["type": ["const": "b"]]], "then": false, "else": ["required": ["z"]]]]],
            ["allOf": [branch("a", then: ["required": ["x"]]), ["if": ["properties": ["kind": ["const": "b"]]], "then": false]]],
            ["allOf": [branch(1, then: ["required": ["x"]]), branch("1", then: false)]],
            ["allOf": [branch("a", then: ["required": ["x"]]), ["if": ["properties": ["type": ["const": "b"]], "required": ["type"]], "then": false]]],
        ]
        let instances: [JSONValue] = [
            [:], ["type": "a"], ["type": "a", "x": "s"], ["type": "a", "x": 1], ["type": "b"], ["type": "b", "y": 1], ["type": "b", "y": "s"],
            ["type": "c"], ["type": "d"], ["type": 1, "x": 0], ["type": "1"], ["type": ["a"]], ["kind": "b"], ["x": "s", "y": 1],
            ["type": "\u{e9}", "x": 2], "a", 3, .null, [["type": "a"]],
        ]
        for schema in schemas {
            let validator = try Validator(schema: schema)
            for instance in instances {
                XCTAssertEqual(validator.isValid(instance), validator.validate(instance).isEmpty,
                               "\(JSONWriter.compact.string(schema)) on \(JSONWriter.compact.string(instance))")
            }
        }
        let table = try Validator(schema: schemas[0])
        XCTAssertTrue(table.root.onlyVerdictKeyword is ConditionalTableKeyword, "the first schema takes the table")
        for other in schemas.dropFirst() {
            let validator = try Validator(schema: other)
            XCTAssertFalse(validator.root.onlyVerdictKeyword is ConditionalTableKeyword, "\(JSONWriter.compact.string(other))")
            XCTAssertTrue(validator.root.onlyVerdictKeyword is AllOfKeyword, "\(JSONWriter.compact.string(other))")
        }
        XCTAssertFalse(table.isValid(["type": "a"]), "both branches for \"a\" apply: x is required")
        XCTAssertFalse(table.isValid(["type": "a", "x": 1]), "and must be a string")
        XCTAssertTrue(table.isValid(["type": "b", "x": 1]), "the \"a\" branches do not apply to \"b\"")
        XCTAssertFalse(table.isValid(["y": "s"]), "without the member every if holds: every then applies")
        XCTAssertTrue(table.isValid("not an object"), "a non-object passes every if, and every then here")
    }
}

extension PropertyLookupTests {
    /// An `enum` of strings is decided by a name table: it must agree with JSON equality, spelled as an
    /// `anyOf` of `const`s, for strings alike, absent, escaped, and for values that are not strings.
    func testEnumsOfStringsAgreeWithEquality() throws {
        var generator = seededGenerator(7)
        for count in [1, 2, 5, 9, 40] {
            for length in [0, 1, 3, 7, 8, 12, 16, 17, 30] {
                let strings = Array(Set((0..<count).map { _ in String(decoding: (0..<length).map { _ in UInt8(0x61 + generator.next() % 3) }, as: UTF8.self) }))
                let allowed = JSONValue.array(strings.map(JSONValue.string))
                let table = try Validator(schema: ["enum": allowed])
                let reference = try Validator(schema: ["anyOf": .array(strings.map { ["const": .string($0)] })])
                let candidates = strings + ["", "a", "é", String(repeating: "a", count: length + 1)] + strings.map { String($0.dropLast()) + "z" }
                for candidate in candidates {
                    for instance in [JSONValue.string(candidate), ["k": .string(candidate)]] {
                        XCTAssertEqual(table.isValid(instance), reference.isValid(instance), "\(candidate) in \(strings)")
                        XCTAssertEqual(table.isValid(instance), table.validate(instance).isEmpty, "\(candidate) in \(strings)")
                    }
                    let escaped = try JSONTape(bytes: Array(("\"" + candidate.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined() + "\"").utf8))
                    XCTAssertEqual(table.isValid(escaped), reference.isValid(escaped), "escaped \(candidate)")
                }
                for other: JSONValue in [1, .null, true, [], [.string(strings[0])]] {
                    XCTAssertFalse(table.isValid(other))
                }
            }
        }
    }
}
