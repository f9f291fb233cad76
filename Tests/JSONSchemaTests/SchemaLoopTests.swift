import XCTest
import JSONCore
@testable import JSONSchema

/// Schemas with a loop of in-place subschemas compile (with a warning); a value that takes the loop
/// is invalid with a `schemaLoop` error, and everything else validates as usual.
final class SchemaLoopTests: XCTestCase {
    private func compile(_ schema: String, file: StaticString = #filePath, line: UInt = #line) throws -> Validator {
        let validator = try Validator(schema: JSONDocument(text: schema).value)
        XCTAssertFalse(validator.warnings.isEmpty, "the loop is a warning", file: file, line: line)
        return validator
    }

    /// Checks one instance on the tree and on the tape, on both paths: the values that take a loop
    /// (as instance pointers) and the kinds of the other errors.
    private func assertResult(
        _ validator: Validator, _ text: String, loopsAt loops: [String], otherErrors: [ValidationErrorKind] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let tree = try JSONDocument(text: text).value
        let tape = try JSONTape(bytes: Array(text.utf8))
        let valid = loops.isEmpty && otherErrors.isEmpty
        XCTAssertEqual(validator.isValid(tree), valid, "isValid on the tree: \(text)", file: file, line: line)
        XCTAssertEqual(validator.isValid(tape), valid, "isValid on the tape: \(text)", file: file, line: line)
        let errors = validator.validate(tape)
        XCTAssertEqual(validator.validate(tree), errors, "the tree and the tape get the same errors: \(text)", file: file, line: line)
        let loopErrors = errors.filter { if case .schemaLoop = $0.kind { true } else { false } }
        XCTAssertEqual(loopErrors.map(\.instanceLocation.description), loops, text, file: file, line: line)
        XCTAssertEqual(errors.filter { !loopErrors.contains($0) }.map(\.kind), otherErrors, text, file: file, line: line)
    }

    func testSelfReferenceInAllOfOnlyWhereTheDefinitionIsUsed() throws {
        // The shape of the issue: a definition that includes itself, used only under one property.
        let schema = try compile(##"""
            {"definitions": {"fooProperties": {"type": "object",
               "allOf": [{"$ref": "#/definitions/fooProperties"}, {"properties": {"os": {"type": "string"}}}]}},
             "properties": {"foo": {"$ref": "#/definitions/fooProperties"}, "name": {"type": "string"}}}
            """##)
        try assertResult(schema, #"{"name": "x"}"#, loopsAt: [])
        try assertResult(schema, #"{"name": 1}"#, loopsAt: [], otherErrors: [.type(expected: [.string], actual: .integer)])
        // The verdict stops at `type`; collecting every error goes on into `allOf` and so takes the loop.
        try assertResult(schema, #"{"foo": 3}"#, loopsAt: ["/foo"], otherErrors: [.type(expected: [.object], actual: .integer)])
        XCTAssertFalse(schema.isValid(try JSONDocument(text: #"{"foo": 3}"#).value))
        try assertResult(schema, #"{"foo": {"os": "linux"}, "name": 2}"#, loopsAt: ["/foo"],
                         otherErrors: [.type(expected: [.string], actual: .integer)])
        let error = try XCTUnwrap(schema.validate(try JSONDocument(text: #"{"foo": {}}"#).value).last)
        XCTAssertEqual(error.kind, .schemaLoop(schema: "urn:assess:schema:1#/definitions/fooProperties"))
        XCTAssertEqual(error.keywordLocation.description, "/properties/foo/$ref/allOf/0/$ref")
        XCTAssertEqual(error.absoluteKeywordLocation, "urn:assess:schema:1#/definitions/fooProperties")
        XCTAssertEqual(error.message, "schema loop: evaluation came back to urn:assess:schema:1#/definitions/fooProperties at this value "
                       + "without descending into it, so it would never end; the value is treated as invalid")
    }

    func testTwoDefinitionsReferringToEachOtherThroughAnyOfAndOneOf() throws {
        let schema = try compile(##"""
            {"items": {"$ref": "#/definitions/a"},
             "definitions": {"a": {"anyOf": [{"type": "string"}, {"$ref": "#/definitions/b"}]},
                             "b": {"oneOf": [{"type": "boolean"}, {"$ref": "#/definitions/a"}]}}}
            """##)
        XCTAssertEqual(schema.warnings.count, 1)
        try assertResult(schema, #"["x", "y"]"#, loopsAt: [])
        // Each value that is not a string goes a → b → a; the others are decided as usual, once each.
        try assertResult(schema, #"["x", 1, "z", null]"#, loopsAt: ["/1", "/3"], otherErrors: [.anyOf, .anyOf])
        try assertResult(schema, #"[true]"#, loopsAt: ["/0"], otherErrors: [])
    }

    func testLoopOnlyUnderThenOrElse() throws {
        let schema = try compile(##"""
            {"if": {"properties": {"type": {"const": "rare"}}, "required": ["type"]},
             "then": {"$ref": "#/definitions/loop"},
             "else": {"properties": {"n": {"$ref": "#/definitions/elseLoop"}}},
             "definitions": {"loop": {"allOf": [{"$ref": "#/definitions/loop"}]},
                             "elseLoop": {"if": {"type": "integer"}, "then": {"minimum": 0}, "else": {"$ref": "#/definitions/elseLoop"}}}}
            """##)
        XCTAssertEqual(schema.warnings.count, 2)
        try assertResult(schema, #"{"type": "common", "n": 3}"#, loopsAt: [])
        try assertResult(schema, #"{"type": "common", "n": -3}"#, loopsAt: [], otherErrors: [.minimum(limit: JSONNumber(0), exclusive: false)])
        try assertResult(schema, #"{"type": "rare"}"#, loopsAt: [""])
        try assertResult(schema, #"{"n": "text"}"#, loopsAt: ["/n"])
    }

    func testLoopUnderDependencies() throws {
        let schema = try compile(##"{"type": "object", "dependencies": {"loop": {"$ref": "#"}, "b": ["c"]}}"##)
        try assertResult(schema, #"{"a": 1}"#, loopsAt: [])
        try assertResult(schema, #"{"b": 1}"#, loopsAt: [], otherErrors: [.dependency(property: "b", missing: "c")])
        try assertResult(schema, #"{"loop": 1, "b": 2}"#, loopsAt: [""], otherErrors: [.dependency(property: "b", missing: "c")])
        try assertResult(schema, #"[1]"#, loopsAt: [], otherErrors: [.type(expected: [.object], actual: .array)])
    }

    func testLoopUnderNotIsInvalidEvenThoughNotWouldPass() throws {
        // Taking the loop under `not` must not turn into "valid": a loop taken anywhere spoils the verdict.
        let schema = try compile(##"""
            {"items": {"$ref": "#/definitions/n"},
             "definitions": {"n": {"anyOf": [{"type": "string"}, {"not": {"$ref": "#/definitions/n"}}]}}}
            """##)
        try assertResult(schema, #"["a", "b"]"#, loopsAt: [])
        try assertResult(schema, #"["a", 2]"#, loopsAt: ["/1"])
        // The boolean pass has no evaluation path: reached only there, the error's keyword location is the root.
        let error = try XCTUnwrap(schema.validate(try JSONDocument(text: "[2]").value).first)
        XCTAssertEqual(error.absoluteKeywordLocation, "urn:assess:schema:1#/definitions/n")
        XCTAssertEqual(error.keywordLocation, .root)
        XCTAssertEqual(error.instanceLocation, JSONPointer(tokens: ["0"]))
    }

    func testDeepValuesUnderARecursiveSchemaStillValidateWhenALoopIsElsewhere() throws {
        // Recursion that descends (properties) and a loop that does not, in one schema: deep instances
        // are decided, the loop is caught at each value that takes it, and the stack does not grow.
        let schema = try compile(##"""
            {"properties": {"next": {"$ref": "#"}, "loop": {"$ref": "#/definitions/l"}},
             "definitions": {"l": {"anyOf": [{"type": "null"}, {"allOf": [{"$ref": "#/definitions/l"}]}]}}}
            """##)
        var text = #"{"loop": null}"#
        for _ in 0..<200 { text = #"{"next": "# + text + "}" }
        try assertResult(schema, text, loopsAt: [])
        let looping = text.replacingOccurrences(of: #"{"loop": null}"#, with: #"{"loop": 1}"#)
        try assertResult(schema, looping, loopsAt: ["/" + Array(repeating: "next", count: 200).joined(separator: "/") + "/loop"],
                         otherErrors: [.anyOf])
    }

    func testSchemasWithoutLoopsGetNoGuards() throws {
        let schema = try Validator(schema: JSONDocument(text: ##"{"properties": {"a": {"$ref": "#"}}, "allOf": [{"type": "object"}]}"##).value)
        XCTAssertEqual(schema.warnings, [])
        XCTAssertTrue(schema.isValid(try JSONDocument(text: #"{"a": {"a": {}}}"#).value))
    }
}
