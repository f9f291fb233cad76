import Foundation
import XCTest
import JSONCore
import JSONSchema
@testable import AssessmentModel
import AssessmentSchemas

final class BundledSchemasTests: XCTestCase {
    func testEmbeddedCopiesMatchTheSchemasFolder() throws {
        let folder = Repository.file("schemas")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(BundledSchemas.files.map(\.fileName), names, "run scripts/embed-schemas.sh")
        for file in BundledSchemas.files {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(file.fileName), encoding: .utf8)
            XCTAssertEqual(file.text + "\n", onDisk, "\(file.fileName) is out of date: run scripts/embed-schemas.sh")
        }
    }

    func testEmbeddedIDsAreTheSchemasOwnAndCanBeLookedUp() throws {
        for file in BundledSchemas.files {
            let schema = try JSONDocument(text: file.text).value
            XCTAssertEqual(schema["$id"]?.stringValue, file.id, "\(file.fileName): run scripts/embed-schemas.sh")
            XCTAssertEqual(file.id, BundledSchemas.baseURI + file.fileName)
        }
        XCTAssertEqual(BundledSchemas.file(id: BundledSchemas.assessmentObjectURI)?.fileName, "AssessmentObject.json")
        XCTAssertEqual(BundledSchemas.file(id: BundledSchemas.baseURI + "ButtonActionInfo.json#NavigationIdentifier")?.fileName,
                       "ButtonActionInfo.json", "a fragment names a part of the file")
        XCTAssertEqual(BundledSchemas.file(named: "ArchiveMetadata.json")?.id, BundledSchemas.archiveMetadataURI)
        XCTAssertNil(BundledSchemas.file(id: BundledSchemas.baseURI + "Missing.json"))
    }

    func testEverySchemaIsValidAgainstTheMetaschemaAndCompiles() throws {
        let metaschema = try XCTUnwrap(Validator.draft7Metaschema())
        let registry = BundledSchemas.registry()
        for file in BundledSchemas.files {
            let schema = try JSONDocument(text: file.text).value
            XCTAssertEqual(metaschema.validate(schema), [], file.fileName)
            XCTAssertNoThrow(try Validator(registered: BundledSchemas.baseURI + file.fileName, in: registry), file.fileName)
        }
    }

    private func surveyValidator() throws -> Validator {
        try Validator(registered: BundledSchemas.assessmentObjectURI, in: BundledSchemas.registry())
    }

    func testEveryExampleSurveyValidates() throws {
        let validator = try surveyValidator()
        for url in try Repository.exampleSurveys() {
            let value = try JSONDocument(bytes: Array(try Data(contentsOf: url))).value
            XCTAssertEqual(validator.validate(value).map(\.description), [], url.lastPathComponent)
        }
    }

    func testBrokenSurveysFailWithErrorsAtTheirSteps() throws {
        let validator = try surveyValidator()
        let unknown = try JSONDocument(bytes: Repository.bytes("examples/bad/unknown-type.json")).value
        let unknownErrors = validator.validate(unknown)
        XCTAssertEqual(unknownErrors.map(\.instanceLocation.description), [], "unknown types get only the checks every node gets; lint names them")
        let malformed = try JSONDocument(bytes: Repository.bytes("examples/bad/malformed-choice.json")).value
        XCTAssertEqual(Set(validator.validate(malformed).map(\.instanceLocation.description)),
                       ["/steps/0/choices/1", "/steps/0/choices/2/selectorType", "/steps/1/inputItem/formatOptions/minimumValue"])
    }

    func testInputItemsNeedOnlyTheirType() throws {
        let validator = try surveyValidator()
        let survey: JSONValue = ["type": "assessment", "identifier": "s", "steps": [
            ["type": "simpleQuestion", "identifier": "q", "inputItem": ["type": "string", "placeholder": "…"]],
        ]]
        XCTAssertTrue(validator.isValid(survey))
    }

    func testArchiveMetadataSchema() throws {
        let validator = try Validator(registered: BundledSchemas.archiveMetadataURI, in: BundledSchemas.registry())
        XCTAssertTrue(validator.isValid(["appName": "a", "files": [["filename": "assessmentResult.json", "timestamp": "2026-01-02T03:04:05.000+00:00"]]]))
        XCTAssertFalse(validator.isValid(["files": [["filename": "x.json", "timestamp": "yesterday"]]]))
        XCTAssertFalse(validator.isValid(["files": [["filename": "metadata.json", "timestamp": "2026-01-02T03:04:05Z"]]]))
        XCTAssertFalse(validator.isValid(["files": [["timestamp": "2026-01-02T03:04:05Z"]]]))
    }
}
