import JSONCore
import JSONSchema
import XCTest
import FileIO
import AssessmentLint
import ResultArchive
import AssessmentSchemas
import ZipArchive
@testable import AssessCLI

/// Libraries say what went wrong; only the command line names the option that fixes it.
final class FlagHintsTests: XCTestCase {
    func testAnExistingFileIsALibraryFactAndForceIsTheCLIsHint() {
        let error = FileWriteError.destinationExists("out.zip")
        XCTAssertEqual(error.description, "out.zip already exists")
        XCTAssertEqual(FlagHints.describe(error), "out.zip already exists (use --force to replace it)")
        XCTAssertEqual(FlagHints.describe(.cannotWrite(path: "out.zip", reason: "no space")), FileWriteError.cannotWrite(path: "out.zip", reason: "no space").description)
    }

    func testAnUnresolvedRefIsALibraryFactAndRefDirIsTheCLIsHint() throws {
        let schema: JSONValue = ["$ref": "missing.json#/x"]
        XCTAssertThrowsError(try Validator(schema: schema)) { error in
            guard let error = error as? SchemaError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.message, "cannot resolve $ref \"missing.json#/x\": no registered schema has that URI")
            XCTAssertFalse(error.description.contains("--"), error.description)
            XCTAssertEqual(FlagHints.message(error), error.message + " (load it with --ref-dir)")
        }
    }

    func testEveryRemedyIsNamedByItsOption() {
        let options = [Remedy.allowType("tapping"), .allowType(nil), .provideSchema, .schemaFolder, .schemaCatalog, .catalogEntry].map(FlagHints.option)
        XCTAssertEqual(options, ["--allow-type tapping", "--allow-type", "--ref-dir DIR or --schema", "--ref-dir", "--catalog", "a --catalog entry"])
        XCTAssertEqual(VerifySetting.allCases.map(FlagHints.option), ["--file-alias", "--required warning", "--assessment"])
    }

    func testLintFindingsAreRenderedWithTheOptionAsBefore() {
        let steps = [("tapping", "a"), ("instrution", "b"), ("completion", "done")].map { #"{"type": "\#($0)", "identifier": "\#($1)"}"# }
        let survey = #"{"$schema": "https://example.org/my-survey.json", "type": "assessment", "identifier": "s", "steps": ["#
            + steps.joined(separator: ", ") + "]}"
        let findings = Linter().lint(bytes: Array(survey.utf8), file: "s.json").findings
        let schema = findings.first { $0.rule == .schema }
        XCTAssertEqual(schema?.text.remedies, [.provideSchema])
        XCTAssertEqual(schema.map(FlagHints.message), "\"$schema\" names https://example.org/my-survey.json, which is not a schema assess knows; "
                       + "the survey is checked against the bundled https://assess.invalid/schemas/v1/AssessmentObject.json (give the schema with --ref-dir DIR or --schema)")
        let types = findings.filter { $0.rule == .unknownNodeType }
        XCTAssertEqual(types.map(\.text.remedies), [[.allowType("tapping")], [.allowType("instrution")]])
        XCTAssertEqual(types.map { FlagHints.message($0).components(separatedBy: "; ").last }, [
            "an app's own type can be allowed with --allow-type tapping)",
            "if it is an app's own type, allow it with --allow-type instrution)",
        ])
    }

    func testCheckSummariesAreRenderedWithTheOptionAsBefore() {
        let summaries = Dictionary(uniqueKeysWithValues: LintRegistry.all.map { ($0.id, FlagHints.summary($0)) })
        XCTAssertEqual(summaries[.unknownNodeType], "a node's \"type\" is not one the format defines (allow an app's own types with --allow-type)")
        XCTAssertEqual(summaries[.archiveMapUnresolvedSchema],
                       "a schema URI of the archive map that nothing on disk answers to (bundled, --ref-dir, the map's folder, --catalog)")
    }

    func testTheArchiveMapWarningIsRenderedWithTheOptionAsBefore() {
        let registry = BundledSchemas.registry()
        let findings = ArchiveMapLinter(schemas: SchemaCache(registry: registry), registry: registry)
            .lint(bytes: Array(#"{"assessments": []}"#.utf8), file: "map.json").findings
        XCTAssertEqual(findings.map(\.text.remedies), [[.schemaFolder]])
        XCTAssertEqual(findings.map(FlagHints.message), ["not checked against Sage's ArchiveMap.json (\(ArchiveMap.schemaURI)): give --ref-dir with the schemas of a mobile-client-json checkout"])
    }

    func testSchemaResolutionErrorsAreRenderedWithTheOptionAsBefore() {
        let sage = "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/Nothing.json"
        let hint = "give --ref-dir with the schemas of a mobile-client-json checkout (e.g. ../shared/sage/schemas) or --catalog; assess never downloads schemas"
        XCTAssertEqual(SchemaResolutionError.notFound(uri: sage).hint?.remedies, [.schemaFolder, .schemaCatalog])
        XCTAssertEqual(SchemaResolutionError.notFound(uri: sage).hint.map(FlagHints.text), hint)
        XCTAssertEqual(FlagHints.text(SchemaResolutionError.notFound(uri: sage).text), "schema \(sage) is Sage's published schema and is not on disk: " + hint)
        XCTAssertEqual(FlagHints.text(SchemaResolutionError.notFound(uri: "urn:x").text),
                       "schema urn:x is not bundled, under --ref-dir, in the archive map's folder or in --catalog; assess never downloads schemas")
        XCTAssertEqual(FlagHints.text(SchemaResolutionError.notPublished(uri: sage).text), "schema \(sage) is not among Sage's published schemas on disk: "
                       + "mobile-client-json publishes no such schema, so only a --catalog entry can answer to it")
        let problem = ArchiveProblem.unresolvedSchema(file: "taskData.json", error: .notFound(uri: "urn:x"))
        XCTAssertEqual(problem.text.remedies, [.schemaFolder, .schemaCatalog])
        XCTAssertEqual(FlagHints.text(problem.text), "taskData.json: schema urn:x is not bundled, under --ref-dir, in the archive map's folder or in --catalog; assess never downloads schemas")
        XCTAssertEqual(FlagHints.settingNames.remedy(.schemaFolder), "--ref-dir")
        XCTAssertEqual(FlagHints.settingNames.setting(.fileAlias), "--file-alias")
        for error in [SchemaResolutionError.notFound(uri: sage), .notFound(uri: "urn:x"), .notPublished(uri: sage), .broken(uri: "urn:x", reason: "r"),
                      .catalogFile(uri: "urn:x", path: "p", reason: "is missing")] {
            XCTAssertNil(error.description.range(of: "--[a-z]", options: .regularExpression), error.description)
        }
    }
}
