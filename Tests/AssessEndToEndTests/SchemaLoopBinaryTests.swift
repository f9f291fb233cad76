import CLITestSupport
import Foundation
import XCTest

/// The built binary on a schema with a `$ref` loop that only some instances reach (the shape of a
/// large public config schema: a definition that includes itself, used under one rare `then`).
final class SchemaLoopBinaryTests: XCTestCase {
    private let schema = Paths.fixture("validate/loop-foo.schema.json")
    private var schemaURI: String { URL(fileURLWithPath: schema).absoluteString }

    func testValidateAnswersEveryInstanceAndPositionsTheLoop() throws {
        let ordinary = try Binary.run(["validate", "--schema", schema, "-"], stdin: #"{"type": "common", "settings": 1, "config": {"os": "x"}}"#)
        XCTAssertEqual(ordinary.status, 0, ordinary.stdout + ordinary.stderr)
        XCTAssertEqual(ordinary.stdout, "<stdin>: valid\n")
        let rare = try Binary.run(["validate", "--schema", schema, "-"], stdin: "{\"type\": \"rare\",\n \"settings\": {\"os\": \"linux\"}, \"config\": {\"os\": 2}}")
        XCTAssertEqual(rare.status, 1, rare.stderr)
        XCTAssertEqual(rare.stderr, "")
        XCTAssertEqual(rare.stdout, """
            <stdin>:2:48: error: expected a string but found an integer at /config/os (/properties/config/$ref/properties/os/type)
            <stdin>:2:14: error: schema loop: evaluation came back to \(schemaURI)#/definitions/fooProperties at this value without descending into it, so it would never end; the value is treated as invalid at /settings (/then/properties/settings/$ref/allOf/0/$ref)

            """)
    }

    func testValidateJSONOutputCarriesTheLoopError() throws {
        let run = try Binary.run(["validate", "--schema", schema, "--output", "basic", "-"], stdin: #"{"type": "rare", "settings": {}}"#)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains(#""keywordLocation": "/then/properties/settings/$ref/allOf/0/$ref""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""instanceLocation": "/settings""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""column": 30"#), run.stdout)
    }

    func testMetaschemaWarnsAtTheReferenceAndExitsZero() throws {
        let run = try Binary.run(["metaschema", schema])
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertEqual(run.stdout, """
            \(schema):13:26: warning: $ref "#/definitions/fooProperties" loops back to the same schema without descending into the instance: #/definitions/fooProperties/allOf/0/$ref → #/definitions/fooProperties → #/definitions/fooProperties/allOf/0; a value that takes this loop is invalid (schema loop)
            \(schema): valid

            """)
    }

    func testLintReportsTheLoopOfItsSchemaAsAWarning() throws {
        let survey = Paths.repository.appendingPathComponent("examples/surveys/breathing-exercise.json").path
        let run = try Binary.run(["lint", "--schema", schema, survey])
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertTrue(run.stdout.hasPrefix("\(survey):1:1: warning: schema \(schema):13:26: $ref \"#/definitions/fooProperties\" loops back"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[schema]"), run.stdout)
        XCTAssertEqual(try Binary.run(["lint", "--strict", "--schema", schema, survey]).status, 1)
    }

    func testASharedIDResolvesEachFilesOwnFragmentsAndNamesTheWinner() throws {
        let folder = try Paths.scratch(self)
        let first = try Binary.write(##"{"$id": "https://example.com/s.json", "definitions": {"x": {"type": "string"}}, "properties": {"a": {"$ref": "#/definitions/x"}}}"##,
                                     to: "a.json", in: folder)
        let second = try Binary.write(##"{"$id": "https://example.com/s.json", "definitions": {"y": {"type": "integer"}}}"##, to: "b.json", in: folder)
        // Before, a.json's "#/definitions/x" was looked up in b.json, which declared the same $id later.
        let checked = try Binary.run(["metaschema", first, second])
        XCTAssertEqual(checked.status, 0, checked.stdout)
        XCTAssertEqual(checked.stdout, """
            \(first): warning: $id "https://example.com/s.json" is also declared by \(second); $refs to it from other schemas resolve to \(second) (this file's own $refs resolve within it)
            \(first): valid
            \(second): warning: $id "https://example.com/s.json" is also declared by \(first); $refs to it from other schemas resolve to this file
            \(second): valid

            """)
        let validated = try Binary.run(["validate", "--verbose", "--schema", first, "--ref-dir", folder.path, "-"], stdin: #"{"a": 1}"#)
        XCTAssertEqual(validated.status, 1)
        XCTAssertEqual(validated.stdout, "<stdin>:1:7: error: expected a string but found an integer at /a (/properties/a/$ref/type)\n")
        XCTAssertTrue(validated.stderr.contains("warning: $id \"https://example.com/s.json\" is also declared by "), validated.stderr)
        XCTAssertTrue(validated.stderr.hasSuffix("resolve to this file\n"), validated.stderr)
    }
}
