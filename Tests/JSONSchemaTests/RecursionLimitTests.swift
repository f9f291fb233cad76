import XCTest
import JSONCore
@testable import JSONSchema

/// Schemas that could recurse forever, and instances nested deeper than evaluation may go.
final class RecursionLimitTests: XCTestCase {
    private func json(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

    /// The schema compiles with the loop as its first warning, and `instance` takes the loop: it is
    /// invalid with a `schemaLoop` error, on both paths.
    private func assertCycle(
        _ schema: String, reference: String, cycle: [String], registry: SchemaRegistry = SchemaRegistry(),
        instance: String = "1", file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let validator = try Validator(schema: json(schema), registry: registry)
        XCTAssertEqual(validator.warnings.first?.kind, .referenceCycle(reference: reference, cycle: cycle), schema, file: file, line: line)
        XCTAssertFalse(validator.isValid(try json(instance)), schema, file: file, line: line)
        let loops = validator.validate(try json(instance)).filter { if case .schemaLoop = $0.kind { true } else { false } }
        XCTAssertEqual(loops.count, 1, schema, file: file, line: line)
        XCTAssertEqual(loops.first?.instanceLocation, .root, schema, file: file, line: line)
    }

    func testReferenceCyclesThroughApplicatorsAreWarningsAndLoopErrorsWhenTaken() throws {
        // The first two were the repros: a stack overflow, and unbounded memory collecting errors for `1`.
        try assertCycle(##"{"allOf":[{"$ref":""}]}"##, reference: "", cycle: ["#/allOf/0/$ref", "#", "#/allOf/0"])
        try assertCycle(##"{"type":"string","allOf":[{"$ref":"#"}]}"##, reference: "#", cycle: ["#/allOf/0/$ref", "#", "#/allOf/0"])
        try assertCycle(##"{"anyOf":[{"type":"null"},{"$ref":"#"}]}"##, reference: "#", cycle: ["#/anyOf/1/$ref", "#", "#/anyOf/1"])
        try assertCycle(##"{"oneOf":[{"$ref":"#"}]}"##, reference: "#", cycle: ["#/oneOf/0/$ref", "#", "#/oneOf/0"])
        try assertCycle(##"{"not":{"$ref":"#"}}"##, reference: "#", cycle: ["#/not/$ref", "#", "#/not"])
        try assertCycle(##"{"if":{"$ref":"#"},"then":true}"##, reference: "#", cycle: ["#/if/$ref", "#", "#/if"])
        try assertCycle(##"{"if":true,"then":{"$ref":"#"}}"##, reference: "#", cycle: ["#/then/$ref", "#", "#/then"])
        try assertCycle(##"{"if":false,"else":{"$ref":"#"}}"##, reference: "#", cycle: ["#/else/$ref", "#", "#/else"])
        try assertCycle(##"{"dependencies":{"a":{"$ref":"#"}}}"##, reference: "#", cycle: ["#/dependencies/a/$ref", "#", "#/dependencies/a"],
                        instance: #"{"a": 1}"#)
        try assertCycle(##"{"$ref":"#"}"##, reference: "#", cycle: ["#/$ref", "#"])
    }

    func testCyclesReachedOnlyThroughPropertiesAreStillFound() throws {
        let schema = ##"""
            {"definitions": {"x": {"anyOf": [{"$ref": "#/definitions/y"}]}, "y": {"not": {"$ref": "#/definitions/x"}}},
             "properties": {"p": {"$ref": "#/definitions/x"}}}
            """##
        let validator = try Validator(schema: json(schema))
        XCTAssertEqual(validator.warnings.map(\.kind), [.referenceCycle(reference: "#/definitions/x",
            cycle: ["#/definitions/y/not/$ref", "#/definitions/x", "#/definitions/x/anyOf/0/$ref", "#/definitions/y", "#/definitions/y/not"])])
        XCTAssertTrue(validator.isValid(try json(#"{"q": 1}"#)), "the loop is only under p")
        XCTAssertEqual(validator.validate(try json(#"{"p": 1}"#)).map(\.instanceLocation), [JSONPointer(tokens: ["p"])])
    }

    func testCyclesAcrossDocumentsNameTheOtherDocument() throws {
        var registry = SchemaRegistry()
        registry.register(try json(##"{"$id": "https://example.com/b.json", "anyOf": [{"$ref": "a.json"}]}"##))
        try assertCycle(##"{"$id": "https://example.com/a.json", "allOf": [{"$ref": "b.json"}]}"##, reference: "a.json",
                        cycle: ["#/anyOf/0/$ref", "https://example.com/a.json#", "https://example.com/a.json#/allOf/0/$ref", "#", "#/anyOf/0"],
                        registry: registry)
    }

    func testCycleWarningPointsAtTheReferenceInTheFile() throws {
        let document = try JSONDocument(text: "{\n  \"type\": \"string\",\n  \"allOf\": [{\"$ref\": \"#\"}]\n}", options: .init(recordPositions: true))
        let validator = try Validator(schema: document.value, uri: "file:///s/cycle.json", sourceMap: document.sourceMap, sourceName: "cycle.json")
        XCTAssertEqual(validator.warnings.count, 1)
        XCTAssertEqual(validator.warnings.first?.location, "file:///s/cycle.json#/allOf/0/$ref")
        XCTAssertEqual(validator.warnings.first?.description, "cycle.json:3:22: $ref \"#\" loops back to the same schema without descending into "
                       + "the instance: #/allOf/0/$ref → # → #/allOf/0; a value that takes this loop is invalid (schema loop) (at file:///s/cycle.json#/allOf/0/$ref)")
    }

    func testRecursionThatDescendsIntoTheInstanceCompiles() throws {
        let schemas = [
            ##"{"properties": {"a": {"$ref": "#"}}}"##, ##"{"items": {"$ref": "#"}}"##, ##"{"items": [{"$ref": "#"}]}"##,
            ##"{"items": [], "additionalItems": {"allOf": [{"$ref": "#"}]}}"##, ##"{"additionalProperties": {"$ref": "#"}}"##,
            ##"{"patternProperties": {"^a": {"anyOf": [{"$ref": "#"}]}}}"##, ##"{"contains": {"not": {"$ref": "#"}}}"##,
            ##"{"propertyNames": {"$ref": "#"}}"##,
            ##"{"if": {"$ref": "#"}}"##, // `if` without `then`/`else` is never evaluated
        ]
        for schema in schemas {
            XCTAssertEqual(try Validator(schema: json(schema)).warnings, [], schema)
        }
        let tree = try Validator(schema: json(##"{"type": "object", "additionalProperties": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}}"##))
        XCTAssertTrue(tree.isValid(try json(##"{"a": {"b": null, "c": {}}}"##)))
        XCTAssertEqual(tree.validate(try json(##"{"a": {"b": 1}}"##)).first?.instanceLocation.description, "/a")
    }

    func testTheDraft7MetaschemaStillCompilesAndAcceptsItself() throws {
        let metaschema = try XCTUnwrap(Validator.draft7Metaschema(), "the metaschema recurses only through properties and items")
        XCTAssertTrue(metaschema.isValid(try json(Draft7Metaschema.text)))
    }

    /// `{"a": {"a": … 1 …}}` nested `depth` deep, parsed straight onto a tape (no deep trees).
    private func nested(_ depth: Int) throws -> JSONTape {
        try JSONTape(bytes: Array((String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)).utf8))
    }

    private let recursive = ##"{"type": "object", "properties": {"a": {"$ref": "#"}}}"##

    func testDeepInstanceStopsWithAnErrorInsteadOfOverflowingTheStack() throws {
        // 9,000 levels need 18,000 nested schema evaluations: far more than this (default-size) stack holds.
        let schema = try Validator(schema: json(recursive))
        let deep = try nested(9_000)
        XCTAssertFalse(schema.isValid(deep))
        let errors = schema.validate(deep)
        XCTAssertEqual(errors.map(\.kind), [.tooDeep(limit: ValidationOptions.defaultMaxDepth)])
        // Each level enters the root and `properties/a`: the root at level 1,000 is evaluation 2,001.
        XCTAssertEqual(errors.first?.instanceLocation, JSONPointer(tokens: Array(repeating: "a", count: 1_000)))
        XCTAssertEqual(errors.first?.absoluteKeywordLocation.hasSuffix("#"), true)
        XCTAssertEqual(errors.first?.message.hasPrefix("evaluation stopped here: more than 2000 schemas apply inside one another"), true)
    }

    func testTheLimitIsAnOptionAndShallowInstancesAreUnaffected() throws {
        let schema = try Validator(schema: json(recursive), options: ValidationOptions(maxDepth: 100))
        XCTAssertEqual(schema.validate(try nested(49)).map(\.kind), [.type(expected: [.object], actual: .integer)])
        XCTAssertEqual(schema.validate(try nested(49)).first?.instanceLocation.tokens.count, 49)
        let tooDeep = schema.validate(try nested(50))
        XCTAssertEqual(tooDeep.map(\.kind), [.tooDeep(limit: 100)])
        XCTAssertEqual(tooDeep.first?.instanceLocation.tokens.count, 50)
        XCTAssertFalse(schema.isValid(try nested(50)))
    }

    func testHittingTheLimitUnderNotDoesNotMakeAnInstanceValid() throws {
        // `r` accepts any chain of "a"s, so `not r` rejects it; hitting the limit inside `r` must not flip that.
        let schema = try Validator(schema: json(##"""
            {"not": {"$ref": "#/definitions/r"}, "definitions": {"r": {"properties": {"a": {"$ref": "#/definitions/r"}}}}}
            """##))
        XCTAssertEqual(schema.validate(try nested(3)).map(\.kind), [.not])
        let deep = try nested(5_000)
        XCTAssertFalse(schema.isValid(deep))
        XCTAssertEqual(schema.validate(deep).map(\.kind), [.tooDeep(limit: ValidationOptions.defaultMaxDepth)])
    }

    func testCollectingErrorsIsLimitedToo() throws {
        // The verdict stops at the failed `type`; collecting errors goes on into the deep `$ref` as well.
        let schema = try Validator(schema: json(##"""
            {"allOf": [{"type": "string"}, {"$ref": "#/definitions/r"}],
             "definitions": {"r": {"type": "object", "properties": {"a": {"$ref": "#/definitions/r"}}}}}
            """##))
        let deep = try nested(9_000)
        XCTAssertFalse(schema.isValid(deep))
        XCTAssertEqual(schema.validate(deep).map(\.kind), [.tooDeep(limit: ValidationOptions.defaultMaxDepth)])
        XCTAssertEqual(schema.validate(try nested(2)).map(\.kind), [.type(expected: [.string], actual: .object), .type(expected: [.object], actual: .integer)])
    }

    func testErrorsDeepInsideValidSiblingsAreFoundOnceWhereTheyAre() throws {
        // Collecting errors descends straight into members and items (no verdict first at every level,
        // which made a deep error quadratic); valid siblings at every level still add nothing.
        let schema = try Validator(schema: json(##"""
            {"type": "object", "properties": {"a": {"$ref": "#"}, "ok": {"type": "integer"}},
             "additionalProperties": {"type": "array", "items": {"type": "string"}}}
            """##))
        var text = #"{"a": 1, "ok": 2}"#
        for _ in 0..<300 { text = #"{"ok": 1, "list": ["x", "y"], "a": "# + text + "}" }
        text = text.replacingOccurrences(of: #"{"a": 1, "ok": 2}"#, with: #"{"ok": 2, "list": ["x", 3], "a": {}}"#)
        let errors = schema.validate(try json(text))
        XCTAssertEqual(errors.map(\.kind), [.type(expected: [.string], actual: .integer)])
        XCTAssertEqual(errors.first?.instanceLocation, JSONPointer(tokens: Array(repeating: "a", count: 300) + ["list", "1"]))
    }
}
