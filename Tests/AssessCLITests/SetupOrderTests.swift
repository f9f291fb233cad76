import CLITestSupport
import Foundation
import XCTest
import AssessmentSchemas
import JSONSchema
@testable import AssessCLI

/// Set-up work done on other threads (the bundled schemas and the schema folders indexed side by side, the map
/// checked against ArchiveMap.json while the command goes on) says the same things, in the same order, as when
/// each step ran after the one before it.
final class SetupOrderTests: XCTestCase {
    /// Everything a command writes, both streams in the order written.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(error: Bool, text: String)] = []
        func append(_ text: String, error: Bool) { lock.withLock { entries.append((error, text)) } }
        var all: String { lock.withLock { entries.map(\.text).joined() } }
        var stderr: String { lock.withLock { entries.filter(\.error).map(\.text).joined() } }
    }

    private func run(_ arguments: [String], stdin: String = "") -> (status: ExitStatus, log: Log) {
        let log = Log()
        let lines = LineQueue(stdin)
        let io = CommandIO(writeOutput: { log.append($0, error: false) }, writeError: { log.append($0, error: true) },
                           readInput: { Array(stdin.utf8) }, readLine: { lines.next() },
                           outputIsTerminal: false, inputIsTerminal: false, environment: [:])
        return (Assess.main(arguments, io: io), log)
    }

    /// A map that breaks the ArchiveMap.json of its schema folder twice (no `$id`, no `$schema`), the folder, and a
    /// manifest line for an archive that is not there.
    private func workspace() throws -> (folder: URL, map: String, schemas: String, manifest: String) {
        let folder = try Paths.scratch(self)
        let schemas = folder.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try Data(#"{"$id": "\#(SageSchemas.archiveMapURI)", "type": "object", "required": ["$id", "$schema"]}"#.utf8)
            .write(to: schemas.appendingPathComponent("ArchiveMap.json"))
        try Data(#"{"$id": "urn:test:a", "type": "object"}"#.utf8).write(to: schemas.appendingPathComponent("a.json"))
        let maps = folder.appendingPathComponent("map")
        try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
        try Data(#"{"assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [{"filename": "a.json", "jsonSchema": "urn:test:a"}]}]}"#.utf8)
            .write(to: maps.appendingPathComponent("map.json"))
        let manifest = folder.appendingPathComponent("manifest.jsonl")
        try Data(#"{"path": "gone.zip", "recordId": "r1", "assessmentId": "walk", "assessmentRevision": 1, "uploadedOn": "2026-02-01T10:00:00.000Z"}"#.utf8)
            .write(to: manifest)
        return (folder, maps.appendingPathComponent("map.json").path, schemas.path, manifest.path)
    }

    private func warnings(_ map: String) -> String {
        ["$id", "$schema"].map { "\(map):1:1: warning: the map does not follow ArchiveMap.json: missing required property \"\($0)\" at the root (/required)\n" }
            .joined()
    }

    func testTheMapsWarningsComeBeforeTheFirstLineOfIngestAndVerify() throws {
        let (folder, map, schemas, manifest) = try workspace()
        let ingest = run(["ingest", "--archive-map", map, "--ref-dir", schemas, "--manifest", manifest, "-o", folder.appendingPathComponent("out").path])
        XCTAssertEqual(ingest.status, .inputError, ingest.log.all)
        XCTAssertTrue(ingest.log.all.hasPrefix(warnings(map) + #"{"#), "warnings first, then the rejected row: \(ingest.log.all)")
        XCTAssertEqual(ingest.log.stderr, warnings(map))
        let verify = run(["verify", "--archive-map", map, "--ref-dir", schemas, "--manifest", manifest])
        XCTAssertEqual(verify.status, .inputError, verify.log.all)
        XCTAssertTrue(verify.log.all.hasPrefix(warnings(map)), verify.log.all)
        XCTAssertTrue(verify.log.stderr.contains("gone.zip"), verify.log.all)
    }

    func testTheMapsWarningsAreWrittenWhenNothingElseIs() throws {
        let (folder, map, schemas, _) = try workspace()
        let empty = folder.appendingPathComponent("empty.jsonl")
        try Data().write(to: empty)
        let ingest = run(["ingest", "--archive-map", map, "--ref-dir", schemas, "--manifest", empty.path, "-o", folder.appendingPathComponent("out").path])
        XCTAssertEqual(ingest.status, .ok, ingest.log.all)
        XCTAssertEqual(ingest.log.all, warnings(map) + #"{"summary":{"total":0,"ingested":0,"invalid":0,"duplicate":0}}"# + "\n")
        let verify = run(["verify", "--archive-map", map, "--ref-dir", schemas, "--manifest", empty.path])
        XCTAssertEqual(verify.log.stderr, warnings(map), verify.log.all)
    }

    func testABadToleratedFileIsReportedAfterTheMapsWarnings() throws {
        let (folder, map, schemas, manifest) = try workspace()
        let tolerated = folder.appendingPathComponent("tolerated.json")
        try Data(#"{"tolerated": 3}"#.utf8).write(to: tolerated)
        let ingest = run(["ingest", "--archive-map", map, "--ref-dir", schemas, "--tolerated", tolerated.path, "--manifest", manifest,
                          "-o", folder.appendingPathComponent("out").path])
        XCTAssertEqual(ingest.status, .inputError, ingest.log.all)
        XCTAssertTrue(ingest.log.all.hasPrefix(warnings(map) + tolerated.path + ":"), ingest.log.all)
        XCTAssertEqual(ingest.log.all.components(separatedBy: "\n").count, 4, "two warnings, the error, nothing else: \(ingest.log.all)")
    }

    func testAnEarlierFailureStopsBeforeTheMapIsChecked() throws {
        let (folder, map, schemas, manifest) = try workspace()
        let catalog = folder.appendingPathComponent("catalog.json")
        try Data("[]".utf8).write(to: catalog)
        let badCatalog = run(["ingest", "--archive-map", map, "--ref-dir", schemas, "--catalog", catalog.path, "--manifest", manifest,
                              "-o", folder.appendingPathComponent("out").path])
        XCTAssertEqual(badCatalog.status, .inputError)
        XCTAssertTrue(badCatalog.log.all.hasPrefix(catalog.path + ":1:1: error: a catalog must be a JSON object"), badCatalog.log.all)
        XCTAssertEqual(badCatalog.log.all.components(separatedBy: "\n").count, 2, "the catalog's error only: \(badCatalog.log.all)")
        let missingMap = run(["ingest", "--archive-map", map + ".missing", "--ref-dir", schemas, "--tolerated", catalog.path, "--manifest", manifest,
                              "-o", folder.appendingPathComponent("out").path])
        XCTAssertEqual(missingMap.status, .inputError)
        XCTAssertEqual(missingMap.log.all.components(separatedBy: "\n").count, 2, "the map's error only: \(missingMap.log.all)")
        XCTAssertTrue(missingMap.log.all.contains(map + ".missing"), missingMap.log.all)
    }

    /// Folders registered in turn and folders indexed side by side give the same registry and the same first error.
    func testSchemaFoldersGiveTheSameRegistryAndErrorAsWhenRegisteredInTurn() throws {
        let (folder, _, schemas, _) = try workspace()
        let second = folder.appendingPathComponent("second")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        // Claims an `$id` of the first folder, and replaces a bundled schema: both are said the same way.
        try Data(#"{"$id": "urn:test:a", "type": "string"}"#.utf8).write(to: second.appendingPathComponent("b.json"))
        try Data(#"{"$id": "\#(BundledSchemas.archiveMetadataURI)"}"#.utf8).write(to: second.appendingPathComponent("c.json"))
        let printer = DiagnosticPrinter(useColor: false)
        let folders = [schemas, second.path]
        var inTurn = BundledSchemas.registry()
        for path in folders { try inTurn.registerDirectory(at: path) }
        var ranAlongside = false
        let registry = try SchemaSetup.registry(refDirectories: folders, printer: printer) { ranAlongside = true }.get()
        XCTAssertTrue(ranAlongside)
        XCTAssertEqual(registry.replacedDefaults, inTurn.replacedDefaults)
        XCTAssertFalse(registry.replacedDefaults.isEmpty)
        for uri in ["urn:test:a", SageSchemas.archiveMapURI, BundledSchemas.archiveMetadataURI] {
            XCTAssertEqual(registry.sharedIDs(of: uri), inTurn.sharedIDs(of: uri), uri)
            XCTAssertEqual(registry.schemaValue(for: uri), inTurn.schemaValue(for: uri), uri)
        }
        XCTAssertEqual(registry.sharedIDs(of: "urn:test:a").count, 1)

        // A bad file of the first folder is the error even when a later folder is missing; a missing first folder
        // is the error even when a later one has a bad file.
        try Data("{".utf8).write(to: second.appendingPathComponent("d.json"))
        let missing = folder.appendingPathComponent("missing").path
        for order in [[second.path, missing], [missing, second.path], [schemas, second.path]] {
            var expected = BundledSchemas.registry()
            var error: SchemaLoadError?
            for path in order where error == nil {
                do throws(SchemaLoadError) { try expected.registerDirectory(at: path) } catch let thrown { error = thrown }
            }
            guard case .failure(let failure) = SchemaSetup.registry(refDirectories: order, printer: printer) else {
                return XCTFail("\(order) should fail")
            }
            XCTAssertEqual(failure.lines, [SchemaSetup.describe(try XCTUnwrap(error), printer)], "\(order)")
        }
    }

    func testTheEnvironmentReadFromEnvironIsProcessInfos() {
        XCTAssertEqual(CommandIO.processEnvironment(), ProcessInfo.processInfo.environment)
        XCTAssertEqual(CommandIO.standard().environment, ProcessInfo.processInfo.environment)
    }

    /// Files beside the map are read while the schema folders load and registered after them, in order: one
    /// that declares ArchiveMap.json's `$id` is the one the map is checked against, and a bad one is the error.
    func testSchemasBesideTheMapTakePartInItsCheckAndTheirFirstErrorIsReported() throws {
        let (folder, map, schemas, manifest) = try workspace()
        let beside = URL(fileURLWithPath: map).deletingLastPathComponent()
        try Data(#"{"$id": "\#(SageSchemas.archiveMapURI)", "required": ["$comment"]}"#.utf8).write(to: beside.appendingPathComponent("ArchiveMap.json"))
        let arguments = ["ingest", "--archive-map", map, "--ref-dir", schemas, "--manifest", manifest, "-o", folder.appendingPathComponent("out").path]
        let replaced = run(arguments)
        XCTAssertTrue(replaced.log.stderr.hasPrefix(
            "\(map):1:1: warning: the map does not follow ArchiveMap.json: missing required property \"$comment\" at the root (/required)\n"), replaced.log.all)
        XCTAssertEqual(replaced.log.stderr.components(separatedBy: "\n").count, 2, replaced.log.stderr)

        let subfolder = beside.appendingPathComponent("schemas/deeper")
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        try Data("[1,\n".utf8).write(to: subfolder.appendingPathComponent("bad.json"))
        try Data("{\n".utf8).write(to: beside.appendingPathComponent("z.json"))
        let bad = run(arguments)
        XCTAssertEqual(bad.status, .inputError)
        XCTAssertEqual(bad.log.all, beside.appendingPathComponent("z.json").path
            + ":2:1: error: unexpected end of input; expected a member name (beside the archive map, whose folder's schemas are used)\n", bad.log.all)
        try FileManager.default.removeItem(at: beside.appendingPathComponent("z.json"))
        let deeper = run(arguments)
        XCTAssertEqual(deeper.log.all, subfolder.appendingPathComponent("bad.json").path
            + ":2:1: error: unexpected end of input; expected a JSON value (beside the archive map, whose folder's schemas are used)\n", deeper.log.all)
    }
}
