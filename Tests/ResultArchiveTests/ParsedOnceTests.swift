import Foundation
import XCTest
import JSONCore
import JSONSchema
import AssessmentModel
import AssessmentSchemas
import ZipArchive
@testable import ResultArchive

/// The files read as values under a map (assessmentResult.json, metadata.json) are parsed once, onto the
/// tape their validation reads, and their values made from it: values and verdicts are those of parsing
/// them as documents.
final class ParsedOnceTests: XCTestCase {
    private let base = "https://example.invalid/parsed-once/"

    private func verifier() throws -> ArchiveVerifier {
        var registry = BundledSchemas.registry()
        _ = registry.register(try JSONDocument(text: #"{"type": "object", "required": ["taskRunUUID"]}"#).value, uri: base + "Result.json")
        _ = registry.register(try JSONDocument(text: #"{"type": "object"}"#).value, uri: base + "Metadata.json")
        let map = #"""
            {"anyOf": [{"filename": "metadata.json", "jsonSchema": "\#(base)Metadata.json"}],
             "assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1,
                              "files": [{"filename": "assessmentResult.json", "jsonSchema": "\#(base)Result.json"}]}]}
            """#
        return ArchiveVerifier(schemas: SchemaCache(registry: registry), resultRegistry: registry,
                               mapping: MapVerification(map: try ArchiveMap(bytes: Array(map.utf8), name: "map.json")))
    }

    private func zip(_ files: [(String, String)]) throws -> [UInt8] {
        var writer = ZipWriter()
        for (name, text) in files { try writer.add(name: name, bytes: Array(text.utf8), modified: Date(timeIntervalSince1970: 0)) }
        return writer.finish()
    }

    func testValuesAndVerdictsAreThoseOfTheDocuments() throws {
        let record = RecordMetadata(assessmentId: "walk", assessmentRevision: 1)
        let cases: [(result: String?, metadata: String, record: RecordMetadata?, run: String?, valid: Bool)] = [
            (#"{"taskRunUUID": "a", "identifier": "walk", "taskRunUUID": "b"}"#, #"{"taskRunUUID": "m"}"#, record, "b", true),
            (#"{"identifier": "walk"}"#, #"{"taskRunUUID": "m", "files": []}"#, record, "m", false),
            (#"{"taskRunUUID": "#, #"{"taskRunUUID": "m"}"#, record, "m", false),
            (#"{"taskRunUUID": "r", "identifier": "walk"}"#, #"{"#, nil, "r", false),
            (nil, #"{"taskRunUUID": "m", "taskRunUUID": 3}"#, record, nil, true),
        ]
        for (result, metadata, record, run, valid) in cases {
            var files = [("metadata.json", metadata)]
            if let result { files.append(("assessmentResult.json", result)) }
            let verified = try verifier().verifyKeepingContents(zip(files), name: "a.zip", record: record)
            XCTAssertEqual(verified.result?.value, result.flatMap { try? JSONDocument(text: $0).value }, "\(files)")
            XCTAssertEqual(verified.report.taskRunUUID, run, "\(files)")
            XCTAssertEqual(verified.report.status == .valid, valid, "\(files): \(verified.report.problems)")
            XCTAssertEqual(verified.report, try verifier().verify(zip(files), name: "a.zip", record: record), "verify reports the same")
        }
    }

    func testAFileNotJSONIsPositionedAndTheAssessmentComesFromTheResult() throws {
        let verified = try verifier().verifyKeepingContents(zip([("metadata.json", "{}"), ("assessmentResult.json", "{\n \"identifier\": \"walk\",\n ]")]),
                                                            name: "a.zip", record: RecordMetadata(assessmentId: "walk", assessmentRevision: 1))
        XCTAssertEqual(verified.report.status, .invalid)
        XCTAssertNil(verified.result)
        XCTAssertTrue(verified.report.problems.contains { $0.description.hasPrefix("assessmentResult.json is not valid JSON: 3:2") }, "\(verified.report.problems)")
        let named = try verifier().verifyKeepingContents(zip([("assessmentResult.json", #"{"identifier": "walk", "taskRunUUID": "r"}"#)]), name: "a.zip")
        XCTAssertEqual(named.report.key?.assessmentId, "walk")
        XCTAssertEqual(named.report.files.map(\.status), [.valid])
    }
}
