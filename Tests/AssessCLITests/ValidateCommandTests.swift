import CLITestSupport
import AssessVersion
import XCTest
import JSONCore
@testable import AssessCLI
import AssessmentLint

final class ValidateCommandTests: XCTestCase {
    private let schema = Paths.fixture("validate/person.schema.json")
    private func file(_ name: String) -> String { Paths.fixture("validate/\(name)") }

    func testValidFileExitsZero() {
        let run = CapturedRun(["validate", "--schema", schema, file("valid.json")])
        XCTAssertEqual(run.status, .ok)
        XCTAssertEqual(run.stdout, "\(file("valid.json")): valid\n")
        XCTAssertEqual(run.stderr, "")
    }

    func testInvalidFileGivesCompilerStyleLinesAndExitOne() {
        let invalid = file("invalid.json")
        let run = CapturedRun(["validate", "--schema", schema, invalid])
        XCTAssertEqual(run.status, .findings)
        XCTAssertEqual(run.stdout, """
            \(invalid):2:11: error: string is 1 character long; at least 2 required at /name (/properties/name/minLength)
            \(invalid):3:11: error: string is not a valid date at /born (/properties/born/format)
            \(invalid):4:20: error: expected a string but found an integer at /tags/0/key (/properties/tags/items/anyOf/1/$ref/properties/key/type)
            \(invalid):4:12: note: best match among the alternatives of /properties/tags/items/anyOf (use --verbose for all)
            \(invalid):5:12: error: property "extra" is not allowed here at /extra (/additionalProperties)

            """)
    }

    func testKeepsGoingAfterBadFilesAndReportsTheWorstStatus() {
        let run = CapturedRun(["validate", "--schema", schema, file("syntax-error.json"), file("valid.json"), "missing.json"])
        XCTAssertEqual(run.status, .inputError)
        XCTAssertTrue(run.stdout.contains("\(file("syntax-error.json")):2:22: error: trailing comma"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(file("valid.json")): valid"))
        XCTAssertTrue(run.stdout.contains("error: cannot read missing.json: no such file\n"), run.stdout)
    }

    func testReadsStandardInput() {
        let run = CapturedRun(["validate", "--schema", schema, "-"], stdin: #"{"name": "Bo", "born": "2001-02-03"}"#)
        XCTAssertEqual(run.status, .ok)
        XCTAssertEqual(run.stdout, "<stdin>: valid\n")
    }

    func testRepeatedKeysAreWarnedAboutAndTheLastValueIsValidated() {
        let warned = CapturedRun(["validate", "--schema", schema, "-"], stdin: "{\"name\": 5,\n \"name\": \"Bo\", \"born\": \"2001-02-03\"}")
        XCTAssertEqual(warned.status, .ok)
        XCTAssertEqual(warned.stdout, "<stdin>:2:2: warning: duplicate key \"name\" (first at 1:2); the last value is used\n<stdin>: valid\n")
        let invalid = CapturedRun(["validate", "--schema", schema, "-"], stdin: "{\"name\": \"Bo\",\n \"name\": 5, \"born\": \"2001-02-03\"}")
        XCTAssertEqual(invalid.status, .findings)
        XCTAssertTrue(invalid.stdout.contains("<stdin>:2:10: error:"), invalid.stdout)
    }

    func testValidatesEveryJSONFileInAFolder() throws {
        let folder = try Paths.scratch(self)
        try Data(#"{"name": "Bo", "born": "2001-02-03"}"#.utf8).write(to: folder.appendingPathComponent("a.json"))
        try Data(#"{"name": "B", "born": "2001-02-03"}"#.utf8).write(to: folder.appendingPathComponent("b.json"))
        try Data("not json".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let run = CapturedRun(["validate", "--schema", schema, folder.path])
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stdout.contains("a.json: valid"))
        XCTAssertTrue(run.stdout.contains("b.json:1:10: error: string is 1 character long"))
        XCTAssertFalse(run.stdout.contains("notes.txt"))
    }

    func testNoFormatTurnsFormatAssertionOff() {
        let run = CapturedRun(["validate", "--no-format", "--schema", schema, "-"], stdin: #"{"name": "Bo", "born": "2001-02-30"}"#)
        XCTAssertEqual(run.status, .ok)
    }

    func testBasicOutputIsOneJSONDocumentWithPositions() throws {
        let run = CapturedRun(["validate", "--schema", schema, "--output", "basic", file("valid.json"), file("invalid.json")])
        XCTAssertEqual(run.status, .findings)
        let document = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(document["valid"], false)
        XCTAssertEqual(document["instances"]?[0]?["file"], .string(file("valid.json")))
        XCTAssertEqual(document["instances"]?[0]?["valid"], true)
        let first = document["instances"]?[1]?["errors"]?[0]
        XCTAssertEqual(first?["instanceLocation"], "/name")
        XCTAssertEqual(first?["keywordLocation"], "/properties/name/minLength")
        XCTAssertEqual(first?["instancePosition"], ["line": 2, "column": 11])
        XCTAssertEqual(first?["absoluteKeywordLocation"]?.stringValue?.hasSuffix("person.schema.json#/properties/name/minLength"), true)
    }

    func testFlagAndDetailedOutputs() throws {
        let flag = try JSONDocument(text: CapturedRun(["validate", "-s", schema, "-o", "flag", file("invalid.json")]).stdout).value
        XCTAssertEqual(flag, ["valid": false, "instances": [["file": .string(file("invalid.json")), "valid": false]]])
        let detailed = try JSONDocument(text: CapturedRun(["validate", "-s", schema, "-o", "detailed", file("invalid.json")]).stdout).value
        let anyOf = detailed["instances"]?[0]?["errors"]?.arrayValue?.first { $0["keywordLocation"] == "/properties/tags/items/anyOf" }
        XCTAssertEqual(anyOf?["errors"]?.arrayValue?.count, 2, "branch errors nest under the anyOf unit")
    }

    func testBrokenSchemaExitsThreeNamingTheReference() {
        let run = CapturedRun(["validate", "--schema", file("broken.schema.json"), file("valid.json")])
        XCTAssertEqual(run.status, .inputError)
        XCTAssertTrue(run.stderr.contains("broken.schema.json:4:19: error: broken schema: cannot resolve $ref \"other.json#/definitions/missing\""), run.stderr)
    }

    func testRefDirResolvesRelativeReferences() throws {
        let folder = try Paths.scratch(self)
        try Data(#"{"$id": "https://example.com/schemas/other.json", "definitions": {"missing": {"type": "integer"}}}"#.utf8)
            .write(to: folder.appendingPathComponent("other.json"))
        try Data(#"{"$id": "https://example.com/schemas/main.json", "properties": {"a": {"$ref": "other.json#/definitions/missing"}}}"#.utf8)
            .write(to: folder.appendingPathComponent("main.json"))
        let run = CapturedRun(["validate", "--schema", folder.appendingPathComponent("main.json").path, "--ref-dir", folder.path, "-"],
                              stdin: #"{"a": "x"}"#)
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stdout.contains("<stdin>:1:7: error: expected an integer but found a string at /a"), run.stdout)
    }

    func testReferenceCyclesThroughApplicatorsAreInstanceErrorsWhereTaken() {
        // Both repros died before (a stack overflow, and memory growing without bound for the instance 1),
        // then were refused as broken schemas; now `1` takes the loop and gets a positioned schema-loop error.
        for (name, others) in [("cycle-allof.schema.json", ""), ("cycle-typed.schema.json", "expected a string but found an integer at the root (/type)\n")] {
            let run = CapturedRun(["validate", "--schema", file(name), file("one.json")])
            XCTAssertEqual(run.status, .findings, name)
            XCTAssertEqual(run.stderr, "", name)
            let place = "\(file("one.json")):1:1: error: "
            XCTAssertEqual(run.stdout, (others.isEmpty ? "" : place + others) + place + "schema loop: evaluation came back to "
                + "\(URL(fileURLWithPath: file(name)).absoluteString)# at this value without descending into it, so it would never end; "
                + "the value is treated as invalid at the root (/allOf/0/$ref)\n", name)
        }
        let verbose = CapturedRun(["validate", "--verbose", "--schema", file("cycle-allof.schema.json"), file("one.json")])
        XCTAssertTrue(verbose.stderr.hasPrefix("\(file("cycle-allof.schema.json")):1:19: warning: $ref \"\" loops back"), verbose.stderr)
    }

    func testTooDeepAnInstanceForARecursiveSchemaIsAnErrorNotACrash() throws {
        let folder = try Paths.scratch(self)
        let schema = folder.appendingPathComponent("tree.schema.json")
        try Data(##"{"type": "object", "properties": {"a": {"$ref": "#"}}}"##.utf8).write(to: schema)
        let depth = 5_000
        let instance = String(repeating: #"{"a":"#, count: depth) + "{}" + String(repeating: "}", count: depth)
        let run = CapturedRun(["validate", "--schema", schema.path, "-"], stdin: instance)
        XCTAssertEqual(run.status, .findings)
        // Two schemas per level: the limit of 2,000 is reached entering the root at /a repeated 1,000 times.
        XCTAssertTrue(run.stdout.hasPrefix("<stdin>:1:5001: error: evaluation stopped here: more than 2000 schemas apply inside one another"),
                      String(run.stdout.prefix(300)))
    }

    func testUsageErrors() {
        XCTAssertEqual(CapturedRun(["validate", "x.json"]).status, .usage)
        XCTAssertEqual(CapturedRun(["validate", "--schema", schema]).status, .usage)
        let typo = CapturedRun(["validate", "--shema", schema, "x.json"])
        XCTAssertEqual(typo.status, .usage)
        XCTAssertTrue(typo.stderr.contains("unknown option '--shema' for 'assess validate' (did you mean --schema?)"))
        XCTAssertEqual(CapturedRun(["validate", "-s", schema, "-o", "xml", "x.json"]).status, .usage)
        XCTAssertEqual(CapturedRun(["valdate"]).status, .usage)
        XCTAssertTrue(CapturedRun(["valdate"]).stderr.contains("did you mean 'validate'?"))
    }

    func testHelpAndVersionAreCleanExits() {
        let help = CapturedRun(["validate", "--help"])
        XCTAssertEqual(help.status, .ok)
        XCTAssertTrue(help.stdout.hasPrefix("USAGE: assess validate --schema SCHEMA"))
        XCTAssertTrue(help.stdout.contains("EXIT STATUS"))
        XCTAssertEqual(CapturedRun(["--version"]).stdout, "assess \(AssessVersion.current)\n")
        XCTAssertTrue(CapturedRun(["--help"]).stdout.contains("validate"))
    }

    func testColourOnlyOnATerminalAndNeverWithNoColor() {
        let arguments = ["validate", "--schema", schema, file("invalid.json")]
        XCTAssertFalse(CapturedRun(arguments).stdout.contains("\u{1B}["))
        XCTAssertTrue(CapturedRun(arguments, terminal: true, environment: ["TERM": "xterm"]).stdout.contains("\u{1B}[1;31merror:"))
        XCTAssertFalse(CapturedRun(arguments, terminal: true, environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    }
}

final class MetaschemaCommandTests: XCTestCase {
    func testValidSchemaPasses() {
        let run = CapturedRun(["metaschema", Paths.fixture("validate/person.schema.json")])
        XCTAssertEqual(run.status, .ok)
        XCTAssertTrue(run.stdout.hasSuffix("person.schema.json: valid\n"))
    }

    func testInvalidSchemaIsReportedAtItsLine() {
        let run = CapturedRun(["metaschema", "-"], stdin: "{\n  \"type\": \"object\",\n  \"minLength\": -1\n}")
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stdout.contains("<stdin>:3:16: error: value must be at least 0 at /minLength"), run.stdout)
    }

    func testReferenceCyclesThroughApplicatorsAreWarnings() {
        let allOf = Paths.fixture("validate/cycle-allof.schema.json"), typed = Paths.fixture("validate/cycle-typed.schema.json")
        let run = CapturedRun(["metaschema", allOf, typed])
        XCTAssertEqual(run.status, .ok)
        XCTAssertEqual(run.stdout, """
            \(allOf):1:19: warning: $ref "" loops back to the same schema without descending into the instance: #/allOf/0/$ref → # → #/allOf/0; a value that takes this loop is invalid (schema loop)
            \(allOf): valid
            \(typed):3:22: warning: $ref "#" loops back to the same schema without descending into the instance: #/allOf/0/$ref → # → #/allOf/0; a value that takes this loop is invalid (schema loop)
            \(typed): valid

            """)
    }

    func testRelativeReferencesResolveAgainstTheSchemaFileAsInValidate() {
        let main = Paths.fixture("refs/main.schema.json"), common = Paths.fixture("refs/common")
        let checked = CapturedRun(["metaschema", "--ref-dir", common, main])
        XCTAssertEqual(checked.status, .ok, checked.stdout)
        XCTAssertEqual(checked.stdout, "\(main): valid\n")
        let validated = CapturedRun(["validate", "--schema", main, "--ref-dir", common, "-"], stdin: #"{"name": "B", "tags": ["ok", "No"]}"#)
        XCTAssertEqual(validated.status, .findings)
        XCTAssertTrue(validated.stdout.contains("<stdin>:1:10: error: string is 1 character long; at least 2 required at /name"), validated.stdout)
        XCTAssertTrue(validated.stdout.contains("<stdin>:1:30: error: string does not match the pattern \"^[a-z]+$\" at /tags/1"), validated.stdout)
        // Without the folder the same reference is reported, at its line.
        let alone = CapturedRun(["metaschema", main])
        XCTAssertEqual(alone.status, .findings)
        XCTAssertTrue(alone.stdout.contains("main.schema.json:4:22: error: cannot resolve $ref \"common/name.json\""), alone.stdout)
    }

    func testUnresolvableReferenceIsAFinding() {
        let run = CapturedRun(["metaschema", Paths.fixture("validate/broken.schema.json")])
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stdout.contains("broken.schema.json:4:19: error: cannot resolve $ref"), run.stdout)
    }
}
