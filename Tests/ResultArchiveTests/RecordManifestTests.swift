import Foundation
import XCTest
import JSONCore
@testable import ResultArchive

/// `--manifest` lines, catalogs and tolerated-error files: decoded, or refused with their place.
final class RecordManifestTests: XCTestCase {
    func testLinesAreRecordsWithPathsFromTheManifestsFolder() {
        let text = """
            {"path": "a.zip", "recordId": "r1", "assessmentId": "walk-and-balance", "assessmentRevision": 1, "uploadedOn": "2026-01-02T03:04:05.000Z", "clientInfo": "Android", "appId": "mtb", "extra": [1]}

            {"path": "/abs/b.zip", "assessmentRevision": "7"}
            """
        let lines = RecordManifest.read(Array(text.utf8), name: "m.jsonl", folder: "/data/in")
        XCTAssertEqual(lines.map(\.line), [1, 3], "blank lines are skipped, numbers kept")
        guard case .success(let first) = lines[0].record, case .success(let second) = lines[1].record else { return XCTFail("\(lines)") }
        XCTAssertEqual(first.path, "/data/in/a.zip")
        XCTAssertEqual(first.recordId, "r1")
        XCTAssertEqual(first.key, RecordKey(assessmentId: "walk-and-balance", assessmentRevision: 1, appId: "mtb"))
        XCTAssertEqual(first.uploadedOn, "2026-01-02T03:04:05.000Z")
        XCTAssertEqual(first.clientInfo, "Android")
        XCTAssertEqual(first.fields["extra"], [1], "every member is kept")
        XCTAssertEqual(second.path, "/abs/b.zip")
        XCTAssertEqual(second.assessmentRevision, 7, "S3 metadata writes revisions as strings")
    }

    /// The joined path of plain names is the one the file URL gives, standardized.
    func testPathsJoinedPlainlyAreThePathsTheURLGives() {
        let folders = ["/", "/data/in", "/data/in/", "/a/./b", "/a/../b", "//a", "/a b/ü é", "/x/...", "/x/.hidden", "/x/%41", "relative/dir", ""]
        let names = ["a.zip", "sub/a.zip", "./a.zip", "../a.zip", "a/../b.zip", "a//b.zip", "a/./b", "a/", ".", "..", "...", ".zip", "a b.zip",
                     "ü/é.zip", "%20.zip", "a:b.zip", "x/..y/z", "..a", "a.."]
        for folder in folders {
            for name in names {
                XCTAssertEqual(RecordManifest.resolve(name, in: folder), RecordManifest.standardized(name, in: folder), "\(folder) + \(name)")
            }
        }
    }

    func testBadLinesArePositioned() {
        func issue(_ line: String) -> String? {
            guard case .failure(let issue) = RecordManifest.parse(Array(line.utf8), line: 4, name: "m.jsonl", folder: "/") else { return nil }
            return issue.description
        }
        XCTAssertEqual(issue(#"{"recordId": "r"}"#), #"m.jsonl:4:1: the line has no "path" (the archive's path, relative to the manifest's folder)"#)
        XCTAssertEqual(issue(#"{"path": ""}"#), #"m.jsonl:4:1: the line has no "path" (the archive's path, relative to the manifest's folder)"#)
        XCTAssertEqual(issue(#"{"path": 3}"#), #"m.jsonl:4:10: "path" must be a string, found an integer"#)
        XCTAssertEqual(issue(#"{"path": "a", "uploadedOn": "yesterday"}"#), #"m.jsonl:4:29: "uploadedOn" must be an ISO 8601 date-time such as 2026-01-02T03:04:05.000Z, found "yesterday""#)
        XCTAssertEqual(issue(#"{"path": "a", "assessmentRevision": 1.5}"#), #"m.jsonl:4:37: "assessmentRevision" must be an integer (or a string of digits), found 1.5"#)
        XCTAssertEqual(issue("[1]"), "m.jsonl:4:1: a manifest line must be a JSON object, found an array")
        XCTAssertEqual(issue(#"{"path": "a",}"#)?.hasPrefix("m.jsonl:4:13: not a JSON object: "), true)
    }

    func testCatalogPathsAreRelativeToTheCatalog() throws {
        let catalog = try SchemaCatalog(bytes: Array(#"{"urn:a": "s/a.json", "urn:b": "/abs/b.json"}"#.utf8), name: "c.json", folder: "/cat")
        XCTAssertEqual(catalog.paths, ["urn:a": "/cat/s/a.json", "urn:b": "/abs/b.json"])
        XCTAssertThrowsError(try SchemaCatalog(bytes: Array("[]".utf8), name: "c.json", folder: "/")) { error in
            XCTAssertEqual((error as? InputIssue)?.description, "c.json:1:1: a catalog must be a JSON object of schema URI → local path, found an array")
        }
    }

    func testToleratedRulesMatchFileKeywordPointerClientAndApp() throws {
        let config = #"{"tolerated": [{"file": "motion.json", "keyword": "required", "pointer": "/*/stepPath", "clientInfo": "Android", "appId": "mtb"}]}"#
        let rules = try ToleratedErrors(bytes: Array(config.utf8), name: "t.json")
        let error = FileError(message: "m", keyword: "required", instancePointer: JSONPointer(tokens: ["3"]),
                              pointer: JSONPointer(tokens: ["3", "stepPath"]), schemaPath: .root, position: nil)
        let android = RecordMetadata(clientInfo: "ClientInfo [osName=Android]", appId: "mtb")
        XCTAssertTrue(rules.tolerates(error, file: "motion.json", record: android))
        XCTAssertFalse(rules.tolerates(error, file: "weather.json", record: android))
        XCTAssertFalse(rules.tolerates(error, file: "motion.json", record: RecordMetadata(clientInfo: "iOS", appId: "mtb")))
        XCTAssertFalse(rules.tolerates(error, file: "motion.json", record: RecordMetadata(clientInfo: "Android", appId: "other")))
        XCTAssertFalse(rules.tolerates(error, file: "motion.json", record: nil), "a client-info rule needs a record")
        let other = FileError(message: "m", keyword: "type", instancePointer: JSONPointer(tokens: ["3"]), pointer: JSONPointer(tokens: ["3", "stepPath"]),
                              schemaPath: .root, position: nil)
        XCTAssertFalse(rules.tolerates(other, file: "motion.json", record: android))
        XCTAssertThrowsError(try ToleratedErrors(bytes: Array(#"{"tolerated": [{"file": "a", "kw": "x"}]}"#.utf8), name: "t.json")) { error in
            XCTAssertEqual((error as? InputIssue)?.description, #"t.json:1:36: unknown rule key "kw" (known: file, keyword, pointer, clientInfo, appId, comment)"#)
        }
        XCTAssertThrowsError(try ToleratedErrors(bytes: Array(#"{"tolerated": [{"keyword": "x"}]}"#.utf8), name: "t.json"))
    }

    func testTheExampleToleratedFileDecodes() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/pipeline/tolerated.json").path
        XCTAssertEqual(try ToleratedErrors(contentsOf: path).rules.count, 7)
    }
}

/// Sage's test_remove_expected_validation_error, on our tolerated-errors file that states their filter as rules.
final class SagesExpectedErrorsTests: XCTestCase {
    private func rules() throws -> ToleratedErrors {
        try ToleratedErrors(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/pipeline/tolerated.json").path)
    }

    private func error(_ keyword: String, _ pointer: [String]) -> FileError {
        FileError(message: keyword, keyword: keyword, instancePointer: JSONPointer(tokens: Array(pointer.dropLast())),
                  pointer: JSONPointer(tokens: pointer), schemaPath: .root, position: nil)
    }

    func testTheirAndroidFiltersAsRules() throws {
        let rules = try rules()
        let android = RecordMetadata(clientInfo: "{osName:'Android'}", appId: "mobile-toolbox")
        // "'appName' is a required property", "'files' is a required property"
        XCTAssertTrue(rules.tolerates(error("required", ["appName"]), file: "metadata.json", record: android))
        XCTAssertTrue(rules.tolerates(error("required", ["files"]), file: "metadata.json", record: android))
        XCTAssertFalse(rules.tolerates(error("required", ["deviceInfo"]), file: "metadata.json", record: android))
        // "Additional properties are not allowed ('type' was unexpected)"
        XCTAssertTrue(rules.tolerates(error("additionalProperties", ["type"]), file: "taskData.json", record: android))
        // "'type' is a required property" (weather), twice is still tolerated
        XCTAssertTrue(rules.tolerates(error("required", ["type"]), file: "weather.json", record: android))
        // motion.json: a sensor type outside the enum, a missing stepPath, None is not of type 'integer'
        XCTAssertTrue(rules.tolerates(error("enum", ["12", "sensorType"]), file: "motion.json", record: android))
        XCTAssertTrue(rules.tolerates(error("required", ["3", "stepPath"]), file: "motion.json", record: android))
        XCTAssertTrue(rules.tolerates(error("type", ["3", "timestamp"]), file: "motion.json", record: android))
        // Not Android, or another app: nothing is tolerated.
        XCTAssertFalse(rules.tolerates(error("required", ["appName"]), file: "metadata.json", record: RecordMetadata(clientInfo: "{osName:'iOS'}", appId: "mobile-toolbox")))
        XCTAssertFalse(rules.tolerates(error("required", ["appName"]), file: "metadata.json", record: RecordMetadata(clientInfo: "{osName:'Android'}", appId: "example-app")))
    }
}
