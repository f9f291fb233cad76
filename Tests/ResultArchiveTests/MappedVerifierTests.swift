import Foundation
import XCTest
import JSONCore
import JSONSchema
import AssessmentModel
import AssessmentSchemas
import ZipArchive
@testable import ResultArchive

/// Sage's real Mobile Toolbox archive and the map of their ingestion test, decided as their job decides
/// it (tests/test_s3_to_json_s3.py), plus what we add: required files, aliases, tolerated errors, caps.
final class MappedVerifierTests: XCTestCase {
    private let spelling = RecordMetadata(recordId: "OCJByUtSrVTYtqObYp7XZV_J", assessmentId: "spelling", assessmentRevision: 5,
                                          uploadedOn: "2022-02-15T18:48:15.890Z",
                                          clientInfo: "ClientInfo [appName=MobileToolboxApp, appVersion=73, deviceName=iPhone 7 Plus, osName=iPhone OS]",
                                          appId: "mobile-toolbox")

    private func verifier(aliases: [String: String] = ["microphone.json": "microphone_levels.json"], catalog: Bool = true,
                          tolerated: ToleratedErrors = ToleratedErrors(), required: MapVerification.RequiredPolicy = .error,
                          registry: SchemaRegistry? = nil, map: ArchiveMap? = nil, names: SettingNames = SettingNames()) throws -> ArchiveVerifier {
        try SharedFixtures.require(SharedFixtures.spellingArchive, SharedFixtures.spellingMap)
        let registry = try registry ?? SharedFixtures.sageRegistry()
        let cache = SchemaCache(registry: registry, catalog: catalog ? try SharedFixtures.taskDataCatalog() : nil)
        var mapping = MapVerification(map: try map ?? ArchiveMap(contentsOf: SharedFixtures.spellingMap), aliases: aliases,
                                      tolerated: tolerated, required: required)
        mapping.names = names
        return ArchiveVerifier(schemas: cache, resultRegistry: BundledSchemas.registry(), mapping: mapping)
    }

    private var archive: [UInt8] {
        get throws { Array(try Data(contentsOf: URL(fileURLWithPath: SharedFixtures.spellingArchive))) }
    }

    private func summary(_ report: ArchiveReport) -> [String] {
        report.files.map { "\($0.filename) \($0.status.rawValue) \($0.chosenBy?.rawValue ?? "-")" }
    }

    func testTheRealArchiveIsDecidedAsSagesJobDecidesIt() throws {
        let report = try verifier().verify(try archive, name: "spelling.zip", record: spelling)
        XCTAssertEqual(report.status, .valid, "\(report.problems)")
        XCTAssertEqual(Set(summary(report)), [
            "metadata.json valid common", "microphone_levels.json valid app", "microphone.json valid app", "motion.json valid app",
            "taskData.json valid assessment",
            "info.json unvalidated -", "taskData unvalidated -", "taskResult.json unvalidated -", "weather.json unvalidated -",
        ])
        let byName = Dictionary(uniqueKeysWithValues: report.files.map { ($0.filename, $0) })
        XCTAssertEqual(byName["microphone.json"]?.lookupName, "microphone_levels.json")
        XCTAssertEqual(byName["microphone.json"]?.schema, "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/AudioLevelRecord.json")
        XCTAssertEqual(byName["taskData.json"]?.schema, SharedFixtures.taskDataURI)
        guard case .catalog(let path)? = byName["taskData.json"]?.origin else { return XCTFail("taskData.json's schema should come from the catalog") }
        XCTAssertTrue(path.hasSuffix("schemas/task-data-shape.json"), path)
        XCTAssertTrue(byName["taskData.json"]?.notes.contains { $0.hasPrefix("schema from the catalog") } ?? false)
        // metadata.json lists 2 of the 9 files: under a map that is a note, not an error.
        XCTAssertEqual(byName["motion.json"]?.notes, ["not listed in metadata.json"])
        XCTAssertEqual(byName["taskResult.json"]?.notes, [], "listed in metadata.json")
        XCTAssertEqual(report.taskRunUUID, "7D0759C1-DE3D-4B88-9507-77FF3180649B", "from metadata.json: the archive has no assessmentResult.json")
    }

    func testWithoutTheAliasMicrophoneJSONGetsNoSchema() throws {
        let report = try verifier(aliases: [:]).verify(try archive, name: "spelling.zip", record: spelling)
        XCTAssertTrue(summary(report).contains("microphone.json unvalidated -"), "\(summary(report))")
        XCTAssertEqual(report.status, .valid)
    }

    /// test_validate_data_no_schemas: an assessment the map does not know gets no assessment-level schemas.
    func testAnAssessmentTheMapDoesNotKnow() throws {
        var dccs = spelling
        dccs.assessmentId = "dccs"
        let report = try verifier(catalog: false).verify(try archive, name: "spelling.zip", record: dccs)
        XCTAssertEqual(report.status, .valid, "\(report.problems)")
        XCTAssertTrue(summary(report).contains("taskData.json unvalidated -"))
    }

    /// test_validate_against_schema: metadata.json against ArchiveMetadata.json that also requires "cookies": exactly one error.
    func testOneMoreRequiredPropertyIsExactlyOneError() throws {
        try SharedFixtures.require(SharedFixtures.sageSchemas)
        let path = SharedFixtures.sageSchemas + "/v2/ArchiveMetadata.json"
        var schema = try JSONDocument(bytes: Array(Data(contentsOf: URL(fileURLWithPath: path)))).value
        guard var object = schema.objectValue, var required = object["required"]?.arrayValue else { return XCTFail("unexpected schema") }
        required.append("cookies")
        object["required"] = .array(required)
        schema = .object(object)
        var registry = BundledSchemas.registry()
        registry.register(schema, uri: "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/ArchiveMetadata.json")
        let report = try verifier(registry: registry).verify(try archive, name: "spelling.zip", record: spelling)
        let metadata = try XCTUnwrap(report.files.first { $0.filename == "metadata.json" })
        XCTAssertEqual(metadata.status, .invalid)
        XCTAssertEqual(metadata.errorCount, 1)
        XCTAssertEqual(metadata.errors.first?.keyword, "required")
        XCTAssertEqual(metadata.errors.first?.pointer.description, "/cookies")
        XCTAssertEqual(metadata.errors.first?.position?.line, 1)
        XCTAssertEqual(report.status, .invalid)
    }

    /// remove_expected_validation_errors, as a tolerated-errors file: only for Android clients; still counted.
    func testToleratedErrorsNeedTheirClientInfoAndAreCounted() throws {
        let config = #"{"tolerated": [{"file": "metadata.json", "keyword": "required", "pointer": "/cookies", "clientInfo": "Android"}]}"#
        let tolerated = try ToleratedErrors(bytes: Array(config.utf8), name: "tolerated.json")
        let map = try ArchiveMap(bytes: Array(#"{"anyOf": [{"filename": "metadata.json", "jsonSchema": "urn:test:cookies"}]}"#.utf8), name: "m.json")
        var registry = BundledSchemas.registry()
        registry.register(["type": "object", "required": ["cookies"]], uri: "urn:test:cookies")
        let verifier = try verifier(tolerated: tolerated, registry: registry, map: map)
        var android = spelling
        android.clientInfo = "ClientInfo [osName=Android]"
        let ignored = verifier.verify(try archive, name: "a.zip", record: android)
        XCTAssertEqual(ignored.status, .valid, "\(ignored.problems)")
        XCTAssertEqual(ignored.files.first { $0.filename == "metadata.json" }?.toleratedCount, 1)
        XCTAssertEqual(ignored.files.first { $0.filename == "metadata.json" }?.status, .valid)
        let kept = verifier.verify(try archive, name: "i.zip", record: spelling)
        XCTAssertEqual(kept.status, .invalid)
        XCTAssertEqual(kept.files.first { $0.filename == "metadata.json" }?.toleratedCount, 0)
    }

    func testRequiredFilesAreErrorsOrNotesAndDeprecatedFilesAreNoted() throws {
        let text = #"{"anyOf": [{"filename": "info.json", "deprecated": true}, {"filename": "answers.json", "isRequired": true}]}"#
        let map = try ArchiveMap(bytes: Array(text.utf8), name: "m.json")
        let strict = try verifier(catalog: false, map: map).verify(try archive, name: "r.zip", record: spelling)
        XCTAssertEqual(strict.problems, [.missingRequiredFile("answers.json", mapEntry: "m.json /anyOf/1")])
        XCTAssertEqual(strict.files.first { $0.filename == "info.json" }?.notes, ["not listed in metadata.json", "deprecated in the archive map"])
        let lenient = try verifier(catalog: false, required: .warning, map: map).verify(try archive, name: "r.zip", record: spelling)
        XCTAssertEqual(lenient.status, .valid)
        XCTAssertTrue(lenient.notes.contains { $0.contains("requires \"answers.json\"") }, "\(lenient.notes)")
    }

    func testNotesNameTheCallersSettingsInTheLibrarysWordsOrAsItsNamesSay() throws {
        let map = try ArchiveMap(bytes: Array(#"{"anyOf": [{"filename": "answers.json", "isRequired": true}]}"#.utf8), name: "m.json")
        let plain = try verifier(catalog: false, required: .warning, map: map).verify(try archive, name: "r.zip", record: spelling)
        let notes = plain.notes + plain.files.flatMap(\.notes)
        XCTAssertTrue(notes.contains("looked up as microphone_levels.json (a file alias)"), "\(notes)")
        XCTAssertTrue(notes.contains(#"the archive map requires "answers.json" (m.json /anyOf/0) but the archive has no such file (required files noted only)"#), "\(notes)")
        XCTAssertTrue(notes.allSatisfy { $0.range(of: "--[a-z]", options: .regularExpression) == nil }, "\(notes)")
        let names = SettingNames(setting: { "<\($0)>" }, remedy: { "<\($0)>" })
        let named = try verifier(catalog: false, required: .warning, map: map, names: names).verify(try archive, name: "r.zip", record: spelling)
        let namedNotes = named.notes + named.files.flatMap(\.notes)
        XCTAssertTrue(namedNotes.contains("looked up as microphone_levels.json (<a file alias>)"), "\(namedNotes)")
        XCTAssertTrue(namedNotes.contains { $0.hasSuffix("no such file (<required files noted only>)") }, "\(namedNotes)")
        let unresolved = try verifier(catalog: false, names: names).verify(try archive, name: "s.zip", record: spelling)
        XCTAssertEqual(unresolved.problems.map(try verifier(catalog: false, names: names).describe), [
            "taskData.json: schema \(SharedFixtures.taskDataURI) is not bundled, under <a schema folder>, in the archive map's folder or in <a schema catalog>; assess never downloads schemas",
        ], "the verifier describes its problems with its names")
    }

    func testErrorsAreCappedButCounted() throws {
        let map = try ArchiveMap(bytes: Array(#"{"anyOf": [{"filename": "motion.json", "jsonSchema": "urn:test:strings"}]}"#.utf8), name: "m.json")
        var registry = BundledSchemas.registry()
        registry.register(["type": "array", "items": ["type": "object", "additionalProperties": ["type": "string"]]], uri: "urn:test:strings")
        try SharedFixtures.require(SharedFixtures.spellingArchive)
        var mapping = MapVerification(map: map, maxErrors: 3)
        mapping.required = .error
        let verifier = ArchiveVerifier(schemas: SchemaCache(registry: registry), resultRegistry: registry, mapping: mapping)
        let motion = try XCTUnwrap(verifier.verify(try archive, name: "m.zip", record: spelling).files.first { $0.filename == "motion.json" })
        XCTAssertEqual(motion.errors.count, 3)
        XCTAssertGreaterThan(motion.errorCount, 3)
        XCTAssertEqual(motion.errors.first?.schemaPath.description, "/items/additionalProperties/type")
        XCTAssertNotNil(motion.errors.first?.position)
    }

    func testAnUnresolvableSchemaNamesItsURIAndTheRecordIsInvalid() throws {
        let report = try verifier(catalog: false).verify(try archive, name: "spelling.zip", record: spelling)
        XCTAssertEqual(report.status, .invalid)
        XCTAssertTrue(report.hasUnresolvedSchema)
        XCTAssertEqual(report.problems, [.unresolvedSchema(file: "taskData.json", error: .notFound(uri: SharedFixtures.taskDataURI))])
        XCTAssertEqual(report.problems.map(\.description), [
            "taskData.json: schema \(SharedFixtures.taskDataURI) is not bundled, under a schema folder, in the archive map's folder or in a schema catalog; assess never downloads schemas",
        ], "the library's words; FlagHintsTests has the command line's")
        let withoutSage = try verifier(catalog: false, registry: BundledSchemas.registry()).verify(try archive, name: "s.zip", record: spelling)
        XCTAssertTrue(withoutSage.problems.contains { $0.description.contains("is Sage's published schema and is not on disk: give a schema folder") },
                      "\(withoutSage.problems)")
        XCTAssertTrue(withoutSage.problems.allSatisfy { $0.description.range(of: "--[a-z]", options: .regularExpression) == nil }, "\(withoutSage.problems)")
    }

    func testInvalidJSONInAMappedFileIsPositionedAndCorruptZipsAreInvalid() throws {
        let map = try ArchiveMap(bytes: Array(#"{"anyOf": [{"filename": "data.json", "jsonSchema": "urn:test:any"}]}"#.utf8), name: "m.json")
        var registry = BundledSchemas.registry()
        registry.register(true, uri: "urn:test:any")
        let verifier = ArchiveVerifier(schemas: SchemaCache(registry: registry), resultRegistry: registry, mapping: MapVerification(map: map))
        var writer = ZipWriter()
        try writer.add(name: "data.json", bytes: Array("{\n  \"a\": tru\n}".utf8), modified: Date(timeIntervalSince1970: 0))
        let bytes = writer.finish()
        let report = verifier.verify(bytes, name: "j.zip")
        XCTAssertEqual(report.files.first?.status, .invalid)
        XCTAssertEqual(report.files.first?.errors.first?.keyword, "json")
        XCTAssertEqual(report.files.first?.errors.first?.position?.line, 2)
        let truncated = verifier.verify(Array(bytes.prefix(bytes.count - 10)), name: "t.zip")
        XCTAssertEqual(truncated.status, .invalid)
        guard case .zip? = truncated.problems.first else { return XCTFail("\(truncated.problems)") }
    }

    func testTheSameRecordTwiceIsADuplicateWhateverItsVerdict() throws {
        var batch = BatchVerifier(verifier: try verifier())
        XCTAssertEqual(batch.verify(try archive, name: "a.zip", record: spelling).status, .valid)
        let second = batch.verify(try archive, name: "b.zip", record: spelling)
        XCTAssertEqual(second.status, .duplicate)
        XCTAssertEqual(second.problems, [.duplicateRecord(recordId: "OCJByUtSrVTYtqObYp7XZV_J", firstSeenIn: "a.zip")])
        var other = spelling
        other.recordId = "another"
        XCTAssertEqual(batch.verify(try archive, name: "c.zip", record: other).problems,
                       [.duplicateRun(taskRunUUID: "7D0759C1-DE3D-4B88-9507-77FF3180649B", firstSeenIn: "a.zip")])
    }

    func testOneVerifierOnSeveralThreadsGivesTheSequentialReports() throws {
        let verifier = try verifier()
        let bytes = try archive
        let expected = verifier.verify(bytes, name: "a.zip", record: spelling)
        let reports = ReportBox()
        let record = spelling
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            reports.set(index, verifier.verify(bytes, name: "a.zip", record: record))
        }
        XCTAssertEqual(reports.all.count, 8)
        for report in reports.all { XCTAssertEqual(report, expected) }
    }

    func testTheCacheCompilesEachSchemaOnceAcrossThreads() throws {
        let registry = try SharedFixtures.sageRegistry()
        let cache = SchemaCache(registry: registry)
        let uri = "https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/MotionRecord.json"
        let results = UnsafeSendableBox()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if case .success = cache.schema(for: uri) { results.increment() }
        }
        XCTAssertEqual(results.count, 8, "Sage's schema answers on either host")
        XCTAssertTrue(cache.canResolve(uri))
        XCTAssertFalse(cache.canResolve("https://example.invalid/none.json"))
    }
}

/// A counter several threads may bump.
private final class UnsafeSendableBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

/// Reports written by several threads.
private final class ReportBox: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [Int: ArchiveReport] = [:]
    var all: [ArchiveReport] { lock.withLock { reports.keys.sorted().compactMap { reports[$0] } } }
    func set(_ index: Int, _ report: ArchiveReport) { lock.withLock { reports[index] = report } }
}
