import Foundation
import XCTest
import JSONCore
import JSONSchema
@testable import ResultArchive

/// The lookup order of Sage's `get_json_schema`, on maps of our own and on the map of their test.
final class ArchiveMapLookupTests: XCTestCase {
    private func map(_ text: String) throws -> ArchiveMap {
        try ArchiveMap(bytes: Array(text.utf8), name: "map.json")
    }

    private let layered = #"""
    {"anyOf": [{"filename": "metadata.json", "isRequired": true, "jsonSchema": "s:common-metadata"},
               {"filename": "info.json", "deprecated": true},
               {"filename": "motion.json", "jsonSchema": "s:common-motion"}],
     "assessments": [
       {"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [{"filename": "walk.json", "jsonSchema": "s:walk-1"}]},
       {"assessmentIdentifier": "walk", "assessmentRevision": 3, "files": [{"filename": "walk.json", "jsonSchema": "s:walk-3a"}]},
       {"assessmentIdentifier": "walk", "assessmentRevision": 3, "files": [{"filename": "walk.json", "jsonSchema": "s:walk-3b"}]},
       {"assessmentIdentifier": "walk", "assessmentRevision": 5, "files": [{"filename": "walk.json", "isRequired": true, "jsonSchema": "s:walk-5"}]}],
     "apps": [{"appId": "app", "default": [
                 {"organization": "A", "files": [{"filename": "taskData.json", "jsonSchema": "s:org-a"}, {"filename": "result.json", "isRequired": true, "jsonSchema": "s:result"}]},
                 {"organization": "B", "files": [{"filename": "taskData.json", "jsonSchema": "s:org-b"}]}],
               "anyOf": [{"filename": "motion.json", "jsonSchema": "s:app-motion"}, {"filename": "walk.json", "jsonSchema": "s:app-walk"}]}]}
    """#

    func testNearestRevisionNotAboveTheRecordsFirstOnATie() throws {
        let map = try map(layered)
        func walk(_ revision: Int?) -> SchemaChoice? {
            map.schema(for: "walk.json", record: RecordKey(assessmentId: "walk", assessmentRevision: revision))
        }
        XCTAssertEqual(walk(1), SchemaChoice(uri: "s:walk-1", chosenBy: .assessment))
        XCTAssertEqual(walk(2), SchemaChoice(uri: "s:walk-1", chosenBy: .assessment))
        XCTAssertEqual(walk(4), SchemaChoice(uri: "s:walk-3a", chosenBy: .assessment))
        XCTAssertEqual(walk(99), SchemaChoice(uri: "s:walk-5", chosenBy: .assessment))
        XCTAssertEqual(walk(nil), SchemaChoice(uri: "s:walk-5", chosenBy: .assessment), "unknown revision: the newest entry")
        XCTAssertNil(walk(0), "no entry at or below revision 0, no app: no schema")
        XCTAssertEqual(map.assessmentEntry(for: RecordKey(assessmentId: "walk", assessmentRevision: 4))?.pointer.description, "/assessments/1")
    }

    func testMetadataThenAssessmentThenAppThenCommon() throws {
        let map = try map(layered)
        let record = RecordKey(assessmentId: "walk", assessmentRevision: 5, appId: "app")
        XCTAssertEqual(map.schema(for: "walk.json", record: record, metadataSchemas: ["walk.json": "s:self"]),
                       SchemaChoice(uri: "s:self", chosenBy: .metadata))
        XCTAssertEqual(map.schema(for: "walk.json", record: record), SchemaChoice(uri: "s:walk-5", chosenBy: .assessment))
        XCTAssertEqual(map.schema(for: "walk.json", record: RecordKey(assessmentId: "walk", assessmentRevision: 0, appId: "app")),
                       SchemaChoice(uri: "s:app-walk", chosenBy: .app), "no assessment entry applies: the app's")
        XCTAssertEqual(map.schema(for: "motion.json", record: record), SchemaChoice(uri: "s:app-motion", chosenBy: .app), "the app beats the common list")
        XCTAssertEqual(map.schema(for: "motion.json", record: RecordKey(appId: "other")), SchemaChoice(uri: "s:common-motion", chosenBy: .common))
        XCTAssertEqual(map.schema(for: "taskData.json", record: record), SchemaChoice(uri: "s:org-b", chosenBy: .app), "the last organisation naming the file")
        XCTAssertEqual(map.schema(for: "metadata.json", record: record), SchemaChoice(uri: "s:common-metadata", chosenBy: .common))
        XCTAssertNil(map.schema(for: "info.json", record: record), "a common entry without jsonSchema lends none")
        XCTAssertNil(map.schema(for: "jellybeanz.json", record: record))
        XCTAssertEqual(map.deprecatedEntry(for: "info.json", record: record)?.filename, "info.json")
        XCTAssertNil(map.deprecatedEntry(for: "motion.json", record: record))
    }

    /// The first deprecated entry in lookup order, as the list of every candidate gives it.
    func testTheDeprecatedEntryIsTheFirstInLookupOrder() throws {
        let map = try map(#"""
            {"anyOf": [{"filename": "x.json", "deprecated": true}, {"filename": "y.json", "deprecated": true}],
             "assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [{"filename": "a.json", "deprecated": true}]}],
             "apps": [{"appId": "app", "default": [{"organization": "A", "files": [{"filename": "x.json", "deprecated": true}]},
                                                   {"organization": "B", "files": [{"filename": "y.json"}, {"filename": "z.json", "deprecated": true}]}],
                       "anyOf": [{"filename": "a.json", "deprecated": true}, {"filename": "z.json", "deprecated": true}]},
                      {"appId": "app", "anyOf": [{"filename": "y.json", "deprecated": true}]}]}
            """#)
        for record in [RecordKey(assessmentId: "walk", assessmentRevision: 1, appId: "app"), RecordKey(appId: "app"), RecordKey(assessmentId: "walk"), RecordKey()] {
            var candidates = map.assessmentEntry(for: record)?.files ?? []
            for app in map.apps where app.appId == record.appId { candidates += app.defaults.flatMap(\.files) + app.anyOf }
            candidates += map.common
            for name in ["a.json", "x.json", "y.json", "z.json", "none.json"] {
                XCTAssertEqual(map.deprecatedEntry(for: name, record: record)?.pointer, candidates.first { $0.filename == name && $0.deprecated }?.pointer,
                               "\(name) \(record)")
            }
        }
    }

    func testRequiredFilesComeFromTheAssessmentEntryAndTheCommonListOnly() throws {
        let map = try map(layered)
        XCTAssertEqual(map.requiredFiles(for: RecordKey(assessmentId: "walk", assessmentRevision: 5, appId: "app")).map(\.filename),
                       ["walk.json", "metadata.json"])
        XCTAssertEqual(map.requiredFiles(for: RecordKey(assessmentId: "walk", assessmentRevision: 3, appId: "app")).map(\.filename),
                       ["metadata.json"], "result.json of the app's defaults is required per organisation, not per archive")
    }

    func testDecodingErrorsArePositioned() {
        func issue(_ text: String) -> InputIssue? {
            do {
                _ = try ArchiveMap(bytes: Array(text.utf8), name: "m.json")
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(issue(#"{"assessments": [{"assessmentIdentifier": "a", "assessmentRevision": "5", "files": []}]}"#)?.description,
                       #"m.json:1:70: "assessmentRevision" must be an integer, found a string"#)
        XCTAssertEqual(issue("{\"anyOf\": [\n  {\"jsonSchema\": \"x\"}]}")?.description, #"m.json:2:3: "filename" is missing"#)
        XCTAssertEqual(issue(#"{"apps": {}}"#)?.description, #"m.json:1:10: "apps" must be an array, found an object"#)
        XCTAssertEqual(issue("{\"anyOf\": [}")?.position?.line, 1)
        XCTAssertEqual(issue("[]")?.message, "an archive map must be an object, found an array")
    }

    /// `test_get_json_schema_*` of Sage's tests/test_s3_to_json_s3.py, on the map of that test.
    func testSagesLookupAssertionsOnTheirTestMap() throws {
        try SharedFixtures.require(SharedFixtures.spellingMap)
        let map = try ArchiveMap(contentsOf: SharedFixtures.spellingMap)
        let spelling = RecordKey(assessmentId: "spelling", assessmentRevision: 5, appId: "mobile-toolbox")
        XCTAssertEqual(map.schema(for: "metadata.json", record: spelling)?.chosenBy, .common)
        XCTAssertEqual(map.schema(for: "taskData.json", record: spelling), SchemaChoice(uri: SharedFixtures.taskDataURI, chosenBy: .assessment))
        XCTAssertEqual(map.schema(for: "motion.json", record: spelling)?.chosenBy, .app)
        XCTAssertEqual(map.schema(for: "assessmentResult.json", record: spelling)?.uri,
                       "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/AssessmentResultObject.json")
        XCTAssertNil(map.schema(for: "jellybeanz.json", record: spelling))
        // The self-referencing schema of metadata.json's files[] comes first (test_that_get_json_schema_returns_expected_settings_for_self_ref).
        let verbal = "https://raw.githubusercontent.com/MobileToolbox/MobileToolboxSchemas/0.9.0/VerbalReasoning/VerbalReasoningJSONSchema.json"
        XCTAssertEqual(map.schema(for: "taskData.json", record: spelling, metadataSchemas: ["taskData.json": verbal]),
                       SchemaChoice(uri: verbal, chosenBy: .metadata))
    }

    func testSagesOwnMapIsValidAgainstArchiveMapV3AndTheirTestMapIsNot() throws {
        try SharedFixtures.require(SharedFixtures.sageMap, SharedFixtures.spellingMap)
        let registry = try SharedFixtures.sageRegistry()
        XCTAssertEqual(try ArchiveMap(contentsOf: SharedFixtures.sageMap).schemaIssues(registry: registry), [])
        let issues = try XCTUnwrap(try ArchiveMap(contentsOf: SharedFixtures.spellingMap).schemaIssues(registry: registry))
        XCTAssertEqual(issues.map(\.message), [
            #"the map does not follow ArchiveMap.json: missing required property "$id" at the root (/required)"#,
            #"the map does not follow ArchiveMap.json: missing required property "$schema" at the root (/required)"#,
        ])
        XCTAssertEqual(issues.first?.position?.line, 1)
        XCTAssertNil(try ArchiveMap(contentsOf: SharedFixtures.spellingMap).schemaIssues(registry: SchemaRegistry()), "without Sage's schemas: not checked")
    }
}
