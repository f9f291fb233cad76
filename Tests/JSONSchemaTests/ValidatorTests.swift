import XCTest
import JSONCore
@testable import JSONSchema

final class ValidatorTests: XCTestCase {
    private func json(_ text: String) throws -> JSONValue { try JSONDocument(text: text).value }

    private func validator(_ schema: String, registry: SchemaRegistry = SchemaRegistry()) throws -> Validator {
        try Validator(schema: json(schema), registry: registry)
    }

    func testErrorsAreDataWithLocations() throws {
        let schema = try validator(##"{"properties": {"age": {"type": "integer", "minimum": 0}}, "required": ["name"]}"##)
        let errors = schema.validate(try json(##"{"age": -1.5}"##))
        XCTAssertEqual(errors.map(\.kind), [
            .required(missing: "name"),
            .type(expected: [.integer], actual: .number),
            .minimum(limit: JSONNumber(0), exclusive: false),
        ])
        let minimum = errors[2]
        XCTAssertEqual(minimum.instanceLocation.description, "/age")
        XCTAssertEqual(minimum.keywordLocation.description, "/properties/age/minimum")
        XCTAssertTrue(minimum.absoluteKeywordLocation.hasSuffix("#/properties/age/minimum"))
        XCTAssertEqual(minimum.message, "value must be at least 0")
        XCTAssertEqual(errors[1].message, "expected an integer but found a number")
    }

    func testIsValidAgreesWithValidate() throws {
        let schema = try validator(##"{"items": {"oneOf": [{"type": "string"}, {"type": "number", "minimum": 3}]}}"##)
        for (text, valid) in [("[\"a\", 4]", true), ("[2]", false), ("[\"a\", null]", false), ("[]", true)] {
            let instance = try json(text)
            XCTAssertEqual(schema.isValid(instance), valid, text)
            XCTAssertEqual(schema.validate(instance).isEmpty, valid, text)
        }
    }

    func testKeywordLocationFollowsReferences() throws {
        let schema = try validator(##"{"definitions": {"n": {"type": "number"}}, "properties": {"x": {"$ref": "#/definitions/n"}}}"##)
        let error = try XCTUnwrap(schema.validate(try json(##"{"x": "s"}"##)).first)
        XCTAssertEqual(error.keywordLocation.description, "/properties/x/$ref/type")
        XCTAssertTrue(error.absoluteKeywordLocation.hasSuffix("#/definitions/n/type"))
    }

    func testAnyOfKeepsBranchesAndPicksABestMatch() throws {
        let schema = try validator(##"""
            {"anyOf": [
                {"type": "string"},
                {"type": "object", "properties": {"kind": {"enum": ["a", "b"]}}, "required": ["kind"]}
            ]}
            """##)
        let error = try XCTUnwrap(schema.validate(try json(##"{"kind": "c"}"##)).first)
        XCTAssertEqual(error.kind, .anyOf)
        XCTAssertEqual(error.branches.count, 2)
        XCTAssertEqual(error.branches[0].errors.first?.kind, .type(expected: [.string], actual: .object))
        XCTAssertEqual(error.bestMatch.instanceLocation.description, "/kind", "the branch that got further wins")
        XCTAssertEqual(error.bestMatch.kind, .enumeration(allowed: ["a", "b"]))
    }

    func testOneOfReportsEveryMatchingBranch() throws {
        let schema = try validator(##"{"oneOf": [{"minimum": 1}, {"maximum": 10}, {"type": "string"}]}"##)
        XCTAssertEqual(schema.validate(5).first?.kind, .oneOfMany(matching: [0, 1]))
    }

    func testSiblingsOfRefAreIgnored() throws {
        let schema = try validator(##"{"definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "maxLength": 1}"##)
        XCTAssertTrue(schema.isValid("long string"))
        XCTAssertFalse(schema.isValid(1))
    }

    func testPlainNameFragmentsAndRelativeReferencesBetweenDocuments() throws {
        var registry = SchemaRegistry()
        registry.register(try json(##"""
            {"$id": "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/ButtonActionInfo.json",
             "definitions": {"NavigationIdentifier": {"$id": "#NavigationIdentifier", "type": "string", "minLength": 1}}}
            """##))
        let schema = try Validator(schema: try json(##"""
            {"$id": "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/Step.json",
             "properties": {"nextStepIdentifier": {"$ref": "ButtonActionInfo.json#NavigationIdentifier"}}}
            """##), registry: registry)
        XCTAssertTrue(schema.isValid(["nextStepIdentifier": "q2"]))
        let error = try XCTUnwrap(schema.validate(["nextStepIdentifier": ""]).first)
        XCTAssertEqual(error.kind, .minLength(limit: 1, actual: 0))
        XCTAssertEqual(error.absoluteKeywordLocation,
                       "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/ButtonActionInfo.json#/definitions/NavigationIdentifier/minLength")
    }

    func testPointerFragmentsAreUnescaped() throws {
        let schema = try validator(##"{"definitions": {"a/b": {"type": "integer"}, "c%d": {"type": "string"}}, "properties": {"x": {"$ref": "#/definitions/a~1b"}, "y": {"$ref": "#/definitions/c%25d"}}}"##)
        XCTAssertFalse(schema.isValid(["x": "no"]))
        XCTAssertFalse(schema.isValid(["y": 1]))
        XCTAssertTrue(schema.isValid(["x": 1, "y": "s"]))
    }

    func testRecursiveSchemas() throws {
        let schema = try validator(##"{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}, "additionalProperties": false}"##)
        XCTAssertTrue(schema.isValid(try json(##"{"children": [{"children": []}, {}]}"##)))
        let error = try XCTUnwrap(schema.validate(try json(##"{"children": [{"children": [{"x": 1}]}]}"##)).first)
        XCTAssertEqual(error.instanceLocation.description, "/children/0/children/0/x")
        XCTAssertEqual(error.kind, .additionalProperty(name: "x"))
    }

    func testUnresolvableReferenceIsACompileErrorNamingIt() throws {
        let document = try JSONDocument(text: "{\n  \"properties\": {\"a\": {\"$ref\": \"missing.json#/x\"}}\n}", options: .init(recordPositions: true))
        XCTAssertThrowsError(try Validator(schema: document.value, uri: "file:///s/schema.json", sourceMap: document.sourceMap,
                                           sourceName: "schema.json")) { error in
            let schemaError = error as? SchemaError
            XCTAssertEqual(schemaError?.kind, .unresolvableReference("missing.json#/x"))
            XCTAssertEqual(schemaError?.location, "file:///s/schema.json#/properties/a/$ref")
            XCTAssertEqual(schemaError?.position?.line, 2)
            XCTAssertEqual(schemaError?.description.hasPrefix("schema.json:2:"), true)
        }
    }

    func testMalformedKeywordValuesAreRejectedAtCompileTime() throws {
        let cases: [(String, SchemaError.Kind)] = [
            (##"{"minLength": -1}"##, .invalidKeywordValue(keyword: "minLength", expected: "a non-negative integer")),
            (##"{"type": "strin"}"##, .invalidKeywordValue(keyword: "type", expected: "type names among null, boolean, object, array, number, string, integer")),
            (##"{"multipleOf": 0}"##, .invalidKeywordValue(keyword: "multipleOf", expected: "a number greater than 0")),
            (##"{"allOf": []}"##, .invalidKeywordValue(keyword: "allOf", expected: "a non-empty array of schemas")),
            (##"{"properties": {"a": 3}}"##, .notASchema(found: .integer)),
        ]
        for (schema, expected) in cases {
            XCTAssertThrowsError(try validator(schema), schema) { error in
                XCTAssertEqual((error as? SchemaError)?.kind, expected, schema)
            }
        }
    }

    func testReferenceCycleCompilesWithAWarningAndEveryInstanceTakesIt() throws {
        let schema = try validator(##"{"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}}, "$ref": "#/definitions/a"}"##)
        XCTAssertEqual(schema.warnings.map(\.kind),
                       [.referenceCycle(reference: "#/definitions/a", cycle: ["#/definitions/b/$ref", "#/definitions/a/$ref", "#/definitions/b"])])
        XCTAssertFalse(schema.isValid(.null))
        XCTAssertEqual(schema.validate(.null).map(\.kind), [.schemaLoop(schema: "urn:assess:schema:1#/definitions/a")])
    }

    func testInvalidPatternIsACompileError() throws {
        XCTAssertThrowsError(try validator(##"{"pattern": "(unclosed"}"##)) { error in
            guard case .invalidPattern(let pattern, _)? = (error as? SchemaError)?.kind else {
                return XCTFail("expected invalidPattern, got \(error)")
            }
            XCTAssertEqual(pattern, "(unclosed")
        }
    }

    func testPathologicalPatternDoesNotBacktrackCatastrophically() throws {
        let schema = try validator(##"{"pattern": "^(a+)+$"}"##)
        let instance = JSONValue.string(String(repeating: "a", count: 40) + "!")
        XCTAssertFalse(schema.isValid(instance), "a hang here would be catastrophic backtracking")
    }

    func testFormatIsAssertedUnlessTurnedOff() throws {
        let schema = try json(##"{"format": "date-time"}"##)
        XCTAssertFalse(try Validator(schema: schema).isValid("2024-13-01T00:00:00Z"))
        XCTAssertTrue(try Validator(schema: schema, options: ValidationOptions(assertFormat: false)).isValid("2024-13-01T00:00:00Z"))
        XCTAssertTrue(try Validator(schema: schema).isValid("2024-12-01T00:00:00Z"))
        XCTAssertTrue(try validator(##"{"format": "no-such-format"}"##).isValid("anything"))
        XCTAssertFalse(try validator(##"{"format": "regex"}"##).isValid("(unclosed"))
    }

    func testSchemasRegisteredByIdCompileByURIAndFragment() throws {
        var registry = SchemaRegistry()
        registry.register(try json(##"{"$id": "https://example.com/s.json", "definitions": {"n": {"type": "number"}}}"##))
        let whole = try Validator(registered: "https://example.com/s.json#/definitions/n", in: registry)
        XCTAssertFalse(whole.isValid("x"))
        XCTAssertThrowsError(try Validator(registered: "https://example.com/other.json", in: registry))
    }

    func testMetaschemaValidatorChecksSchemas() throws {
        let metaschema = try XCTUnwrap(Validator.draft7Metaschema())
        XCTAssertTrue(metaschema.isValid(try json(##"{"type": "object", "properties": {"a": {"minimum": 1}}}"##)))
        let errors = metaschema.validate(try json(##"{"properties": {"a": {"minimum": "1"}}}"##))
        XCTAssertEqual(errors.first?.instanceLocation.description, "/properties/a/minimum")
    }

    func testOutputFormats() throws {
        let schema = try validator(##"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"##)
        let errors = schema.validate(1.5)
        let output = ValidationOutput(position: { _ in SourcePosition(line: 1, column: 1, offset: 0) })
        XCTAssertEqual(output.unit(for: errors, format: .flag), JSONObject([.init(key: "valid", value: false)]))
        let basic = output.unit(for: errors, format: .basic)
        XCTAssertEqual(basic["errors"]?.arrayValue?.count, 3, "the anyOf error and both branch errors, flattened")
        XCTAssertEqual(basic["errors"]?[1]?["keywordLocation"], "/anyOf/0/type")
        XCTAssertEqual(basic["errors"]?[0]?["instancePosition"], ["line": 1, "column": 1])
        let detailed = output.unit(for: errors, format: .detailed)
        XCTAssertEqual(detailed["errors"]?.arrayValue?.count, 1)
        XCTAssertEqual(detailed["errors"]?[0]?["errors"]?.arrayValue?.count, 2)
        XCTAssertEqual(output.unit(for: [], format: .basic), JSONObject([.init(key: "valid", value: true)]))
    }

    func testURIResolution() {
        let base = URIReference("http://a/b/c/d;p?q")
        XCTAssertEqual(base.resolving("g").description, "http://a/b/c/g")
        XCTAssertEqual(base.resolving("../g").description, "http://a/b/g")
        XCTAssertEqual(base.resolving("#s").description, "http://a/b/c/d;p?q#s")
        XCTAssertEqual(base.resolving("//g").description, "http://g")
        XCTAssertEqual(base.resolving("../../../g").description, "http://a/g")
        XCTAssertEqual(URIReference("urn:x:y").resolving("#frag").description, "urn:x:y#frag")
    }

    func testManyPropertiesAreLookedUpByName() throws {
        // More names than a linear scan handles: the hashed name table is used.
        let names = (0..<30).map { "p\($0)" } + ["é", "日本", ""]
        let properties = names.map { "\"\($0)\": {\"type\": \"integer\"}" }.joined(separator: ", ")
        let schema = try validator("{\"properties\": {\(properties)}, \"additionalProperties\": false}")
        XCTAssertTrue(schema.isValid(try json(#"{"p0": 1, "p29": 2, "é": 3, "日本": 4, "": 5}"#)))
        let errors = schema.validate(try json(#"{"p17": "x", "日本": 1.5, "p30": 1, "e\u0301": 1}"#))
        XCTAssertEqual(errors.map(\.instanceLocation.description), ["/p17", "/日本", "/p30", "/e\u{301}"])
        XCTAssertEqual(errors.map(\.kind), [
            .type(expected: [.integer], actual: .string), .type(expected: [.integer], actual: .number),
            .additionalProperty(name: "p30"), .additionalProperty(name: "e\u{301}"),
        ])
    }

    func testStringEnumsCompareCodePoints() throws {
        let schema = try validator(#"{"enum": ["é", "a", "日本"]}"#)
        XCTAssertTrue(schema.isValid("é"))
        XCTAssertTrue(schema.isValid("日本"))
        XCTAssertFalse(schema.isValid("e\u{301}"), "canonically equivalent is not equal")
        XCTAssertFalse(schema.isValid(1))
        XCTAssertEqual(schema.validate(["a"]).map(\.kind), [.enumeration(allowed: ["é", "a", "日本"])])
    }

    func testTapesFromBytesValidateLikeValues() throws {
        let schema = try validator(##"{"type": "object", "properties": {"n": {"type": "integer", "maximum": 10}, "s": {"pattern": "^é+$", "maxLength": 3}}}"##)
        for (text, valid) in [(#"{"n": 10.0, "s": "éé"}"#, true), (#"{"n": 1e1}"#, true), (#"{"n": 10.5}"#, false),
                              (#"{"s": "éééé"}"#, false), (#"{"s": "ée"}"#, false), (#"{"n": 1, "n": 11}"#, false),
                              (#"{"n": 11, "n": 1}"#, true)] {
            let tape = try JSONTape(bytes: Array(text.utf8))
            XCTAssertEqual(schema.isValid(tape), valid, text)
            XCTAssertEqual(schema.validate(tape).isEmpty, valid, text)
            XCTAssertEqual(schema.isValid(try json(text)), valid, text)
        }
    }
}
