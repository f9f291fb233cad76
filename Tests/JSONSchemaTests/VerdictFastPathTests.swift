import XCTest
import JSONCore
import SeededTesting
@testable import JSONSchema

/// A node's verdict takes shortcuts the error path does not: a first `type` tested inline, a lone
/// `$ref` followed without a keyword call. Each must give the verdict of the keywords (compared with
/// `validate`, which walks them) on every case, and meet the depth limit where the keywords would.
final class VerdictFastPathTests: XCTestCase {
    private func json(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

    /// `isValid` against `validate(…).isEmpty` for every schema and instance, at every depth limit up
    /// to `depths` and at the default one.
    private func assertVerdictsAgree(_ schemas: [String], _ instances: [String], depths: ClosedRange<Int> = 0...8,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        for schema in schemas {
            for maxDepth in Array(depths) + [ValidationOptions.defaultMaxDepth] {
                let validator = try Validator(schema: json(schema), options: ValidationOptions(maxDepth: maxDepth))
                for instance in instances {
                    let value = try json(instance)
                    XCTAssertEqual(validator.isValid(value), validator.validate(value).isEmpty,
                                   "\(schema) on \(instance), depth \(maxDepth)", file: file, line: line)
                }
            }
        }
    }

    func testInlineTypeAndForwardedReferencesGiveTheKeywordsVerdicts() throws {
        let schemas = [
            #"{"type": "integer"}"#,
            #"{"type": ["integer", "string"], "minimum": 3, "minLength": 2}"#,
            #"{"type": "integer", "maximum": 5}"#,
            #"{"type": ["number", "integer"]}"#,
            #"{"minimum": 3, "type": "number"}"#,
            ##"{"$ref": "#/definitions/a", "definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"type": "string", "minLength": 2}}}"##,
            ##"{"$ref": "#/definitions/a", "type": "null", "definitions": {"a": {"type": "integer"}}}"##,
            ##"{"properties": {"p": {"$ref": "#/definitions/r"}, "q": {"type": "boolean"}}, "definitions": {"r": {"$ref": "#/definitions/s"}, "s": {"type": "object", "properties": {"p": {"$ref": "#/definitions/r"}}}}}"##,
            ##"{"items": {"$ref": "#/definitions/i"}, "definitions": {"i": {"type": "integer", "not": {"const": 3}}}}"##,
            ##"{"anyOf": [{"$ref": "#/definitions/x"}, {"type": "string"}], "definitions": {"x": {"$ref": "#/definitions/y"}, "y": {"type": "integer"}}}"##,
            ##"{"not": {"$ref": "#/definitions/x"}, "definitions": {"x": {"$ref": "#/definitions/y"}, "y": {"type": "integer"}}}"##,
            ##"{"allOf": [{"$ref": "#"}], "type": "integer"}"##,
            ##"{"$ref": "#"}"##,
        ]
        let instances = ["1", "1.0", "2.5", "7", "3", "\"x\"", "\"xy\"", "null", "true", "[]", "[1, 2, 3]", "[1.0, 4]", "{}",
                         #"{"p": {"p": {"p": {}}}}"#, #"{"p": {"p": 1}}"#, #"{"q": true}"#, #"{"q": 1}"#, #"{"p": {"q": 1}}"#]
        try assertVerdictsAgree(schemas, instances)
    }

    /// The limit is met at the node where entering one more schema would pass it, as it is without
    /// the shortcuts: each `$ref` followed and each node entered counts one.
    func testTheDepthLimitIsMetAtTheSameNode() throws {
        let schema = try json(##"""
            {"properties": {"a": {"$ref": "#/definitions/x"}}, "definitions": {"x": {"$ref": "#/definitions/y"}, "y": {"type": "integer"}}}
            """##)
        let instance = try json(#"{"a": 1}"#)
        // Root, then `properties/a`, then `x`, then `y`: four levels.
        for (maxDepth, node) in [(0, ""), (1, "/properties/a"), (2, "/definitions/x"), (3, "/definitions/y")] {
            let validator = try Validator(schema: schema, uri: "urn:depth", options: ValidationOptions(maxDepth: maxDepth))
            XCTAssertFalse(validator.isValid(instance))
            let errors = validator.validate(instance)
            XCTAssertEqual(errors.map(\.kind), [.tooDeep(limit: maxDepth)])
            XCTAssertEqual(errors.first?.absoluteKeywordLocation, "urn:depth#" + node, "depth \(maxDepth)")
            XCTAssertEqual(errors.first?.instanceLocation, maxDepth == 0 ? .root : JSONPointer(tokens: ["a"]), "depth \(maxDepth)")
        }
        XCTAssertTrue(try Validator(schema: schema, options: ValidationOptions(maxDepth: 4)).isValid(instance))
        XCTAssertFalse(try Validator(schema: schema, options: ValidationOptions(maxDepth: 4)).isValid(try json(#"{"a": "s"}"#)))
        // A member whose schema is only a `type` is tested in the member loop: the limit is still met at its node.
        for leaf in [#"{"properties": {"a": {"type": "integer"}}}"#, #"{"properties": {"a": {"type": "integer"}}, "required": ["a"]}"#] {
            for (maxDepth, node, valid) in [(1, "/properties/a", false), (2, "", true)] {
                let validator = try Validator(schema: json(leaf), uri: "urn:leaf", options: ValidationOptions(maxDepth: maxDepth))
                XCTAssertEqual(validator.isValid(instance), valid, leaf)
                XCTAssertEqual(validator.validate(instance).map(\.absoluteKeywordLocation), valid ? [] : ["urn:leaf#" + node], leaf)
            }
        }
    }

    /// The assertions decide a verdict without building an error kind; `validate` builds it from the same
    /// test. Bounds met exactly, passed by one, non-ASCII strings, decimals and values of other kinds.
    func testAssertionVerdictsAgreeWithTheirErrors() throws {
        let schemas = [
            #"{"minLength": 2, "maxLength": 3}"#, #"{"maxLength": 0}"#, #"{"minItems": 1, "maxItems": 2}"#,
            #"{"minProperties": 1, "maxProperties": 1}"#, #"{"minimum": 2, "maximum": 2.5}"#,
            #"{"exclusiveMinimum": 2, "exclusiveMaximum": 3}"#, #"{"multipleOf": 0.5}"#, #"{"const": {"a": [1, 2.0]}}"#,
            #"{"const": "é"}"#, #"{"pattern": "^[a-z]+$"}"#, #"{"pattern": "b"}"#, #"{"enum": ["a", 1, null]}"#,
            #"{"format": "date-time"}"#, #"{"format": "uri"}"#, #"{"format": "regex"}"#, #"{"format": "email"}"#,
        ]
        let instances = ["\"\"", "\"a\"", "\"ab\"", "\"abc\"", "\"abcd\"", "\"éé\"", "\"ééé\"", "\"éééé\"", "\"é\"", "\"\\u00e9\"",
                         "\"2026-01-02T03:04:05Z\"", "\"2026-13-02T03:04:05Z\"", "\"https://e.com/a?b#c\"", "\"a b\"", "\"[a-\"",
                         "\"x@example.com\"", "1", "2", "2.0", "2.5", "2.6", "3", "3.0", "1.5", "[]", "[1]", "[1, 2]", "[1, 2, 3]", "{}",
                         #"{"a": 1}"#, #"{"a": [1, 2]}"#, #"{"a": [1, 2.0]}"#, #"{"a": 1, "b": 2}"#, "null", "true"]
        try assertVerdictsAgree(schemas, instances, depths: 1...1)
    }

    /// The `type`-discriminator table (`ConditionalTableKeyword`), at every depth limit around the one
    /// below which the branches themselves decide: constants repeated apart, a branch without `then`,
    /// a `then` that descends into the instance.
    func testDiscriminatorTablesAgreeAtEveryDepth() throws {
        func branch(_ constant: String, _ then: String) -> String {
            #"{"if": {"properties": {"type": {"const": "\#(constant)"}}}, "then": \#(then)}"#
        }
        let schema = #"{"allOf": ["# + [
            branch("a", #"{"required": ["x"]}"#), branch("b", ##"{"properties": {"x": {"$ref": "#"}}}"##), branch("c", "true"),
            branch("a", #"{"properties": {"x": {"type": "string"}}}"#), branch("b", #"{"properties": {"y": {"properties": {"z": {"type": "integer"}}}}}"#),
        ].joined(separator: ", ") + "]}"
        let instances = [#"{}"#, #"{"type": "a"}"#, #"{"type": "a", "x": "s"}"#, #"{"type": "a", "x": 1}"#, #"{"type": "b"}"#,
                         #"{"type": "b", "x": {"type": "a"}}"#, #"{"type": "b", "x": {"type": "a", "x": "s"}}"#,
                         #"{"type": "b", "x": {"type": "b", "x": {"type": "b", "x": {"type": "a"}}}}"#,
                         #"{"type": "b", "y": {"z": 1}}"#, #"{"type": "b", "y": {"z": "s"}}"#, #"{"type": "c", "x": 1}"#,
                         #"{"type": "d"}"#, #"{"type": 1}"#, #"{"x": 1}"#, #"{"x": "s", "y": {"z": 1}}"#, "1", "[]"]
        let validator = try Validator(schema: json(schema))
        XCTAssertTrue(validator.root.onlyVerdictKeyword is ConditionalTableKeyword)
        try assertVerdictsAgree([schema], instances, depths: 0...12)
    }

    /// `maxLength`, `minLength`, `pattern` and `format` together are one verdict keyword
    /// (`StringChecksKeyword`): every combination against `validate`, at the bounds, on non-ASCII
    /// strings, on strings the pattern or format refuses, on values that are not strings.
    func testStringChecksTogetherGiveTheKeywordsVerdicts() throws {
        let parts = [#""maxLength": 4"#, #""minLength": 2"#, #""pattern": "^[a-zé0-9-]+$""#, #""format": "date""#]
        var schemas: [String] = []
        for mask in 1..<(1 << parts.count) {
            let chosen = parts.indices.filter { mask >> $0 & 1 == 1 }.map { parts[$0] }
            schemas.append("{" + chosen.joined(separator: ", ") + "}")
            schemas.append(#"{"type": ["string", "integer"], "# + chosen.joined(separator: ", ") + #", "not": {"const": "abc"}}"#)
            let validator = try Validator(schema: json(schemas[schemas.count - 2]))
            XCTAssertEqual(validator.root.onlyVerdictKeyword is StringChecksKeyword, chosen.count > 1, schemas[schemas.count - 2])
        }
        let instances = ["\"\"", "\"a\"", "\"ab\"", "\"abc\"", "\"abcd\"", "\"abcde\"", "\"é\"", "\"éé\"", "\"éééé\"", "\"ééééé\"",
                         "\"a b\"", "\"AB\"", "\"2026-01-02\"", "\"2026-13-02\"", "\"1-2\"", "3", "null", "[\"ab\"]"]
        try assertVerdictsAgree(schemas, instances, depths: 2...2)
    }

    /// Members and elements whose schema is a `type`, an `enum` of strings (with a `type` or not), or lone
    /// `$ref`s to one are answered in the loop without a call (`isValidInline`): seeded schemas of every such
    /// shape and of shapes that are not (an `enum` with a number, a `minLength`), against seeded instances, at
    /// every depth limit around the chains' lengths, give the verdict of the errors collected keyword by keyword.
    func testInlineVerdictsOfSeededSchemasAgree() throws {
        var random = seededGenerator(0x1A11E)
        let words = ["a", "gyro", "accelerometer", "Z-Up", "é", "", "x"]
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func enumeration() -> String {
            let strings = (0..<Int.random(in: 1...3, using: &random)).map { _ in "\"\(pick(words))\"" }
            return "[" + (strings + (Int.random(in: 0..<4, using: &random) == 0 ? ["1"] : [])).joined(separator: ", ") + "]"
        }
        func leaf() -> String {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return #"{"type": "\#(pick(["string", "number", "integer", "object", "null"]))"}"#
            case 1: return #"{"type": "string", "enum": \#(enumeration())}"#
            case 2: return #"{"enum": \#(enumeration()), "description": "d"}"#
            case 3: return #"{"type": ["string", "integer"], "enum": \#(enumeration())}"#
            case 4: return #"{"type": "string", "minLength": 2}"#
            default: return "{}"
            }
        }
        for _ in 0..<60 {
            // Definitions d0…d3: leaves, or a `$ref` to a later one (chains of up to four; a `type` beside it is ignored).
            var definitions: [String] = []
            for index in 0..<4 {
                let reference = ##"{"$ref": "#/definitions/d\##(Int.random(in: (index + 1)...4, using: &random))""##
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where index < 3: definitions.append(reference + "}")
                case 1 where index < 3: definitions.append(reference + #", "type": "string"}"#)
                default: definitions.append(leaf())
                }
            }
            definitions.append(leaf())
            let member = { () -> String in Int.random(in: 0..<2, using: &random) == 0 ? leaf() : ##"{"$ref": "#/definitions/d\##(Int.random(in: 0...4, using: &random))"}"## }
            // A name longer than 16 bytes is compared byte by byte: another with its first and last 8 bytes is not it.
            let long = "a-property-name-of-24-by"
            let properties = #""properties": {"# + ["p", "q", "r", long].map { "\"\($0)\": \(member())" }.joined(separator: ", ") + "}"
            let defined = #""definitions": {"# + definitions.indices.map { "\"d\($0)\": \(definitions[$0])" }.joined(separator: ", ") + "}"
            let values = words.map { "\"\($0)\"" } + ["1", "2.5", "null", "{}", "[]", "true"]
            let objects = (0..<24).map { _ in
                "{" + ["p", "q", "r", "s", long, "a-property-NAME-of-24-by"].filter { _ in Bool.random(using: &random) }
                    .map { "\"\($0)\": \(pick(values))" }.joined(separator: ", ") + "}"
            }
            // Elements of one shape follow one another, and shapes change (names at a place remembered, then not).
            let arrays = (0..<12).map { _ in "[" + (0..<Int.random(in: 0...6, using: &random)).map { _ in pick(objects) }.joined(separator: ", ") + "]" }
            // Items with `required` (the member pass), items of `properties` alone (called straight from the items
            // loop, the members' inline verdicts read from the keyword's own table) and `properties` at the root.
            let shapes = [(#"{"type": "array", "items": {"type": "object", \#(properties), "required": ["p"]}, \#(defined)}"#, arrays),
                          (#"{"type": "array", "items": {"type": "object", \#(properties)}, \#(defined)}"#, arrays),
                          (#"{\#(properties), \#(defined)}"#, Array(objects.prefix(12)))]
            for (schema, instances) in shapes {
                for maxDepth in Array(0...7) + [ValidationOptions.defaultMaxDepth] {
                    let validator = try Validator(schema: json(schema), options: ValidationOptions(maxDepth: maxDepth))
                    for instance in instances {
                        let tape = JSONTape(try json(instance))
                        XCTAssertEqual(validator.isValid(tape), validator.errors(tape, verdictFirst: false).isEmpty, "\(schema) on \(instance), depth \(maxDepth)")
                    }
                }
            }
        }
    }

    /// The shapes the loops answer inline, and how many schemas each enters: a MotionRecord-like member
    /// (`$ref` to a `type` and an `enum` of strings) is two.
    func testInlineVerdictDepths() throws {
        let schema = try json(##"""
            {"properties": {"t": {"type": "number"}, "s": {"$ref": "#/definitions/k", "description": "d"},
             "e": {"enum": ["a", "b"]}, "m": {"enum": ["a", 1]}, "n": {"type": "string", "minLength": 1},
             "c": {"$ref": "#/definitions/c"}},
             "definitions": {"k": {"type": "string", "enum": ["gyro", "attitude"]}, "c": {"$ref": "#/definitions/k"}}}
            """##)
        let validator = try Validator(schema: schema)
        guard let properties = validator.root.onlyVerdictKeyword as? PropertiesKeyword else { return XCTFail("one properties keyword") }
        let depths = Dictionary(uniqueKeysWithValues: properties.schemas.entries.map { (String(decoding: $0.name, as: UTF8.self), $0.value.node.inlineVerdictDepth) })
        XCTAssertEqual(depths, ["t": 1, "s": 2, "e": 1, "m": 0, "n": 0, "c": 3])
    }
}
