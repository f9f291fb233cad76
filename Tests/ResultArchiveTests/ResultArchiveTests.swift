import Foundation
import XCTest
import JSONCore
import JSONSchema
import AssessmentModel
import AssessmentSchemas
import ZipArchive
@testable import ResultArchive

final class ResultArchiveTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_767_323_045)
    private let result: [UInt8] = Array(#"{"type": "assessment", "identifier": "surveyA", "assessmentIdentifier": "surveyA", "taskRunUUID": "6F2A1A52-0000-4000-8000-000000000001", "startDate": "2026-01-02T03:04:05.000+00:00", "stepHistory": [{"type": "answer", "identifier": "choiceQ1", "value": 2}]}"#.utf8)

    private func build(_ extra: [ArchiveInput] = []) throws -> [UInt8] {
        try ArchiveBuilder(timestamp: now).build([ArchiveInput(filename: "assessmentResult.json", bytes: result)] + extra)
    }

    private var verifier: ArchiveVerifier { ArchiveVerifier(registry: BundledSchemas.registry()) }

    func testBuiltArchiveHoldsFilesAndAManifestThatValidates() throws {
        let bytes = try build([ArchiveInput(filename: "motion.csv", bytes: Array("t,x\n0,1\n".utf8), contentType: "text/csv")])
        let reader = try ZipReader(bytes: bytes)
        XCTAssertEqual(reader.entries.map(\.name), ["assessmentResult.json", "motion.csv", "metadata.json"])
        let manifest = try JSONDocument(bytes: reader.data(of: reader.entries[2])).value
        XCTAssertEqual(manifest["files"]?.arrayValue?.compactMap { $0["filename"]?.stringValue }, ["assessmentResult.json", "motion.csv"])
        XCTAssertEqual(manifest["files"]?[0]?["timestamp"], "2026-01-02T03:04:05.000+00:00")
        XCTAssertEqual(manifest["files"]?[0]?["contentType"], "application/json")
        XCTAssertEqual(manifest["files"]?[1]?["contentType"], "text/csv")
        let schema = try Validator(registered: BundledSchemas.archiveMetadataURI, in: BundledSchemas.registry())
        XCTAssertEqual(schema.validate(manifest), [])
        let report = verifier.verify(bytes, name: "a.zip")
        XCTAssertEqual(report.status, .valid, "\(report.problems)")
        XCTAssertEqual(report.taskRunUUID, "6F2A1A52-0000-4000-8000-000000000001")
    }

    func testReproducibleBytes() throws {
        XCTAssertEqual(try build(), try build())
    }

    func testBuilderRefusesUnsafeAndDuplicateNames() {
        XCTAssertThrowsError(try build([ArchiveInput(filename: "../x", bytes: [])])) { error in
            guard case .invalidFilename? = error as? ArchiveBuildError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try build([ArchiveInput(filename: "metadata.json", bytes: [])]))
        XCTAssertThrowsError(try build([ArchiveInput(filename: "assessmentResult.json", bytes: [])])) { error in
            XCTAssertEqual(error as? ArchiveBuildError, .duplicateFilename("assessmentResult.json"))
        }
    }

    private func zip(_ entries: [(String, String)]) throws -> [UInt8] {
        var writer = ZipWriter()
        for (name, text) in entries { try writer.add(name: name, bytes: Array(text.utf8), modified: now) }
        return writer.finish()
    }

    private let goodManifest = #"{"files": [{"filename": "assessmentResult.json", "timestamp": "2026-01-02T03:04:05Z"}]}"#
    private var resultText: String { String(decoding: result, as: UTF8.self) }

    func testManifestAndEntriesMustMatch() throws {
        let missing = verifier.verify(try zip([("metadata.json", goodManifest)]), name: "m.zip")
        XCTAssertEqual(missing.problems, [.missingFile("assessmentResult.json")])
        let unlisted = verifier.verify(try zip([("metadata.json", goodManifest), ("assessmentResult.json", resultText), ("extra.txt", "x")]), name: "u.zip")
        XCTAssertEqual(unlisted.problems, [.unlistedFile("extra.txt")])
        let noMetadata = verifier.verify(try zip([("assessmentResult.json", resultText)]), name: "n.zip")
        XCTAssertEqual(noMetadata.problems, [.missingMetadata])
        let selfListed = #"{"files": [{"filename": "metadata.json", "timestamp": "2026-01-02T03:04:05Z"}]}"#
        XCTAssertTrue(verifier.verify(try zip([("metadata.json", selfListed)]), name: "s.zip").problems.contains(.metadataListsItself))
        let twice = #"{"files": [{"filename": "a.json", "timestamp": "2026-01-02T03:04:05Z"}, {"filename": "a.json", "timestamp": "2026-01-02T03:04:05Z"}]}"#
        XCTAssertEqual(verifier.verify(try zip([("metadata.json", twice), ("a.json", "{}")]), name: "t.zip").problems, [.duplicateManifestEntry("a.json")])
    }

    func testMetadataMustFollowItsSchemaAndJSONEntriesMustParse() throws {
        let badTimestamp = #"{"files": [{"filename": "assessmentResult.json", "timestamp": "yesterday"}]}"#
        let report = verifier.verify(try zip([("metadata.json", badTimestamp), ("assessmentResult.json", "{}")]), name: "b.zip")
        XCTAssertEqual(report.status, .invalid)
        guard case .metadataSchema(let message)? = report.problems.first else { return XCTFail("\(report.problems)") }
        XCTAssertTrue(message.contains("date-time"), message)
        let notJSON = verifier.verify(try zip([("metadata.json", goodManifest), ("assessmentResult.json", "{nope")]), name: "j.zip")
        guard case .invalidJSON(let file, _)? = notJSON.problems.first else { return XCTFail("\(notJSON.problems)") }
        XCTAssertEqual(file, "assessmentResult.json")
    }

    func testEntriesAreCheckedAgainstTheSchemaTheirManifestNames() throws {
        let manifest = #"{"files": [{"filename": "survey.json", "timestamp": "2026-01-02T03:04:05Z", "jsonSchema": "https://assess.invalid/schemas/v1/AssessmentObject.json"}]}"#
        let report = verifier.verify(try zip([("metadata.json", manifest), ("survey.json", #"{"type": "assessment"}"#)]), name: "s.zip")
        guard case .schemaViolation(let file, let message)? = report.problems.first else { return XCTFail("\(report.problems)") }
        XCTAssertEqual(file, "survey.json")
        XCTAssertTrue(message.contains("\"steps\""), message)
        // Sage's URI is Sage's schema: without Sage's files it is noted, never checked with ours.
        let sage = manifest.replacingOccurrences(of: "https://assess.invalid/schemas/v1/", with: "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/")
        let noted = verifier.verify(try zip([("metadata.json", sage), ("survey.json", #"{"type": "assessment"}"#)]), name: "s.zip")
        XCTAssertEqual(noted.problems, [])
        XCTAssertEqual(noted.notes.count, 1)
        XCTAssertTrue(noted.notes[0].hasPrefix("survey.json: schema https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/AssessmentObject.json is Sage's published schema and is not on disk"), noted.notes[0])
    }

    func testSurveyConsistency() throws {
        let survey = try JSONDocument(bytes: Array(Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/surveys/example-survey.json")))).value
        let checking = ArchiveVerifier(registry: BundledSchemas.registry(), survey: survey)
        XCTAssertEqual(checking.verify(try build(), name: "ok.zip").status, .valid)
        let otherResult = Array(#"{"type": "assessment", "identifier": "other", "taskRunUUID": "R", "startDate": "2026-01-02T03:04:05Z", "stepHistory": [{"type": "base", "identifier": "nope"}]}"#.utf8)
        let bytes = try ArchiveBuilder(timestamp: now).build([ArchiveInput(filename: "assessmentResult.json", bytes: otherResult)])
        XCTAssertEqual(checking.verify(bytes, name: "bad.zip").problems.count, 2)
    }

    func testBatchMarksRepeatedRunsAsDuplicates() throws {
        var batch = BatchVerifier(verifier: verifier)
        XCTAssertEqual(batch.verify(try build(), name: "first.zip").status, .valid)
        let second = batch.verify(try build(), name: "second.zip")
        XCTAssertEqual(second.status, .duplicate)
        XCTAssertEqual(second.problems, [.duplicateRun(taskRunUUID: "6F2A1A52-0000-4000-8000-000000000001", firstSeenIn: "first.zip")])
    }

    func testZipLevelProblemsAreReported() throws {
        var bytes = try build()
        bytes[40] ^= 0xFF
        let report = verifier.verify(bytes, name: "corrupt.zip")
        XCTAssertEqual(report.status, .invalid)
        guard case .zip? = report.problems.first else { return XCTFail("\(report.problems)") }
        XCTAssertEqual(verifier.verify(Array("not a zip".utf8), name: "x.zip").problems, [.zip(ZipError.notAZip.description)])
    }

    func testAtomicWriteNeverOverwritesWithoutPermission() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.zip").path
        let builder = ArchiveBuilder(timestamp: now)
        try builder.write([ArchiveInput(filename: "assessmentResult.json", bytes: result)], to: path, overwrite: false)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try builder.write([ArchiveInput(filename: "other.json", bytes: [])], to: path, overwrite: false))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), first, "the existing archive is untouched")
        try builder.write([ArchiveInput(filename: "other.json", bytes: Array("{}".utf8))], to: path, overwrite: true)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: path)), first)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.zip"], "no temporary files left")
        XCTAssertThrowsError(try builder.write([], to: folder.appendingPathComponent("no/such/dir.zip").path, overwrite: false))
    }
}

final class ResultCheckTests: XCTestCase {
    private let survey: JSONValue = ["identifier": "s", "steps": [["identifier": "intro"], ["identifier": "sec", "steps": [["identifier": "q"]]]]]

    private func result(_ identifier: String, _ history: JSONValue) -> JSONValue {
        ["type": "assessment", "identifier": .string(identifier), "taskRunUUID": "R", "startDate": "2026-01-02T03:04:05.000+00:00", "stepHistory": history]
    }

    func testAResultMustFollowTheSchemaAndItsSurvey() {
        let check = ResultCheck(survey: survey)
        let history: JSONValue = [["type": "base", "identifier": "intro"], ["type": "section", "identifier": "sec", "stepHistory": [["type": "answer", "identifier": "q"]]]]
        XCTAssertEqual(check.problems(result("s", history)), [])
        XCTAssertEqual(ResultCheck().problems(["identifier": "s"]).first?.description, "not an assessment result: missing required property \"type\" at the root (/required)")
        guard case .notAResult(let error) = ResultCheck().problems(["identifier": "s"]).first?.kind else { return XCTFail("a schema error") }
        XCTAssertEqual(error.keywordLocation.description, "/required", "the schema error itself, not its text")
        XCTAssertEqual(check.problems(result("s", [["type": "answer", "identifier": "q"]])),
                       [ResultProblem(.undefinedStep("q", section: ""), at: JSONPointer(tokens: ["stepHistory", "0", "identifier"]))],
                       "q exists only inside its section")
        XCTAssertEqual(check.problems(result("t", history)).map(\.description), ["the result is for \"t\" but the survey is \"s\""])
        XCTAssertEqual(check.problems(result("t", history)).map(\.kind), [.otherSurvey(found: "t", survey: "s")])
        let unnamed: JSONValue = ["type": "assessment", "taskRunUUID": "R", "startDate": "2026-01-02T03:04:05.000+00:00",
                                  "stepHistory": [["type": "section", "identifier": "sec", "stepHistory": [["type": "answer", "identifier": "x"]]]]]
        let mismatches = check.problems(unnamed).filter { if case .notAResult = $0.kind { false } else { true } }
        XCTAssertEqual(mismatches.map(\.kind), [.noIdentifier(survey: "s"), .undefinedStep("x", section: "sec")])
        XCTAssertEqual(mismatches.map(\.description), ["the result has no identifier, so it cannot be matched to \"s\"",
                                                                     "the result has a step \"x\" in section \"sec\" that the survey does not define"])
    }
}
