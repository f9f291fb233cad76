import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ZipArchive

/// Our own archives through Sage's lookup, `assessmentResult.json` by its role, `lint` on archive maps
/// and `validate --catalog`, on the built binary.
final class PipelineArchiveBinaryTests: XCTestCase {
    private let now = "2026-01-02T03:04:05.000+00:00"
    private let sage = "https://sage-bionetworks.github.io/mobile-client-json/schemas/"

    private func zip(_ entries: [(String, String)], to name: String, in folder: URL) throws -> String {
        var writer = ZipWriter()
        for (entry, text) in entries { try writer.add(name: entry, bytes: Array(text.utf8), modified: Date(timeIntervalSince1970: 0)) }
        let path = folder.appendingPathComponent(name).path
        try Data(writer.finish()).write(to: URL(fileURLWithPath: path))
        return path
    }

    private let manifest = #"{"appName": "a", "appVersion": "1", "deviceInfo": "d", "deviceTypeIdentifier": "t", "files": [{"filename": "assessmentResult.json", "timestamp": "2026-01-02T03:04:05Z"}]}"#
    private let result = #"{"type": "assessment", "identifier": "s", "taskRunUUID": "RUN-1", "startDate": "2026-01-02T03:04:05Z", "stepHistory": []}"#

    /// Issue #23 item 4: the result is checked by its role even when its manifest entry names no schema.
    func testAssessmentResultIsCheckedAsAResultByItsRole() throws {
        let folder = try Paths.scratch(self)
        let hello = try zip([("assessmentResult.json", #"{"hello":1}"#), ("metadata.json", manifest)], to: "hello.zip", in: folder)
        let run = try Binary.run(["verify", hello])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("\(hello): error: invalid: assessmentResult.json does not follow its schema: 1:1: not an assessment result: missing required property \"type\" at the root (/required)\n"), run.stdout)
        let noRun = result.replacingOccurrences(of: #""taskRunUUID": "RUN-1", "#, with: "")
        let unnamed = try zip([("assessmentResult.json", noRun), ("metadata.json", manifest)], to: "no-run.zip", in: folder)
        let flagged = try Binary.run(["verify", unnamed])
        XCTAssertEqual(flagged.status, 1)
        XCTAssertEqual(flagged.stdout, "\(unnamed): error: invalid: assessmentResult.json does not follow its schema: 1:1: not an assessment result: missing required property \"taskRunUUID\" at the root (/required)\n")

        let batch = folder.appendingPathComponent("batch")
        try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
        _ = try zip([("assessmentResult.json", result), ("metadata.json", manifest)], to: "a.zip", in: batch)
        _ = try zip([("assessmentResult.json", result), ("metadata.json", manifest)], to: "b.zip", in: batch)
        _ = try zip([("assessmentResult.json", #"{"hello":1}"#), ("metadata.json", manifest)], to: "c.zip", in: batch)
        _ = try zip([("assessmentResult.json", #"{"hello":1}"#), ("metadata.json", manifest)], to: "d.zip", in: batch)
        let verdicts = try Binary.run(["verify", "--batch", batch.path, "--report", "json"])
        XCTAssertEqual(verdicts.status, 1)
        let lines = try verdicts.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(lines.map { $0["status"]?.stringValue ?? "summary" }, ["valid", "duplicate", "invalid", "invalid", "summary"])
        XCTAssertEqual(lines[1]["reasons"]?[0]?.stringValue, "taskRunUUID RUN-1 was already seen in \(batch.path)/a.zip")
    }

    /// Issue #21 §5: Sage's lookup over archives we build, every URI resolved from ../shared/sage only
    /// (the map's folder): every JSON file gets one of Sage's schemas and passes it.
    func testSagesLookupOverOurArchivesGivesEveryFileASageSchemaThatPasses() throws {
        let map = try Paths.shared("sage/archive-map.json")
        let folder = try Paths.scratch(self)
        let scripts = Paths.repository.appendingPathComponent("examples/scripts")
        var seed = 0
        for survey in try FileManager.default.contentsOfDirectory(atPath: scripts.path).sorted() {
            let surveyPath = Paths.repository.appendingPathComponent("examples/surveys/\(survey).json").path
            for script in try FileManager.default.contentsOfDirectory(atPath: scripts.appendingPathComponent(survey).path).sorted()
            where !script.hasSuffix(".expected.json") {
                seed += 1
                let run = try Binary.run(["run", surveyPath, "--allow-lint-errors", "--answers", scripts.appendingPathComponent("\(survey)/\(script)").path,
                                          "--now", now, "--seed", "\(seed)", "--archive", folder.appendingPathComponent("\(survey)-\(script).zip").path])
                XCTAssertEqual(run.status, 0, run.stderr)
            }
        }
        XCTAssertGreaterThan(seed, 8)
        let verify = try Binary.run(["verify", "--archive-map", map, "--batch", folder.path, "--report", "json"])
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertEqual(verify.stderr, "", "Sage's own map follows ArchiveMap.json")
        let reports = try verify.stdout.split(separator: "\n").dropLast().map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(reports.count, seed)
        for report in reports {
            let files = report["files"]?.arrayValue ?? []
            XCTAssertEqual(files.compactMap { $0["filename"]?.stringValue }.sorted(), ["assessmentResult.json", "metadata.json"], "\(report)")
            for file in files {
                XCTAssertEqual(file["status"], "valid", "\(file)")
                XCTAssertTrue(file["schema"]?.stringValue?.hasPrefix(sage) ?? false, "\(file)")
            }
            XCTAssertEqual(files.first { $0["filename"] == "assessmentResult.json" }?["schema"]?.stringValue, sage + "v2/AssessmentResultObject.json")
            XCTAssertEqual(files.first { $0["filename"] == "assessmentResult.json" }?["chosenBy"], "metadata")
            XCTAssertEqual(files.first { $0["filename"] == "metadata.json" }?["chosenBy"], "common")
            let said = report["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            XCTAssertTrue(said.contains { $0.hasPrefix("assessment \"") && $0.hasSuffix("\" taken from assessmentResult.json (no manifest line or --assessment)") },
                          "without a manifest the identifier comes from the result, and the report says so: \(said)")
        }
    }

    func testLintChecksArchiveMaps() throws {
        let map = try Paths.shared("sage/archive-map.json")
        let run = try Binary.run(["lint", map])
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stdout.contains("[archive-map-schema]"), "Sage's map follows ArchiveMap.json v3 (found in the map's folder): \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("warning: \"walk_motion.json\" (line 51) and \"balance_motion.json\" of \"walk-and-balance\" (revision 1) share the schema \(sage)v2/MotionRecord.json, so one dataset: Sage's job writes both to the same key and the second overwrites the first; assess ingest keeps both"), run.stdout)
        // Sage's schemas are in the map's folder: v1/TappingResultObject.json is a URI they do not publish (their
        // map's mistake), not a missing --ref-dir; the two MobileToolbox URLs need a catalog.
        XCTAssertTrue(run.stdout.contains("\(map):121:35: error: right_tapping: schema \(sage)v1/TappingResultObject.json is not among Sage's published schemas on disk: mobile-client-json publishes no such schema, so only a --catalog entry can answer to it"), run.stdout)
        XCTAssertEqual(run.stdout.components(separatedBy: "[archive-map-unresolved-schema]").count - 1, 4, run.stdout)
        let given = try Binary.run(["lint", map, "--ref-dir", try Paths.shared("sage/schemas")])
        XCTAssertFalse(given.stdout.contains("give --ref-dir"), "no --ref-dir hint when Sage's schemas are given: \(given.stdout)")
        XCTAssertEqual(given.stdout.components(separatedBy: "[archive-map-unresolved-schema]").count - 1, 4, given.stdout)

        let test = try Paths.shared("bridgedownstream/archive-map.json")
        let theirs = try Binary.run(["lint", test, "--ref-dir", try Paths.shared("sage/schemas"), "--catalog",
                                     Paths.repository.appendingPathComponent("examples/pipeline/catalog.json").path])
        XCTAssertEqual(theirs.status, 1)
        XCTAssertEqual(theirs.stdout, """
            \(test):1:1: error: the map does not follow ArchiveMap.json: missing required property "$id" at the root (/required) [archive-map-schema]
            \(test):1:1: error: the map does not follow ArchiveMap.json: missing required property "$schema" at the root (/required) [archive-map-schema]

            """)
        let unchecked = try Binary.run(["lint", test, "--exclude", "archive-map-unresolved-schema"])
        XCTAssertEqual(unchecked.status, 0, unchecked.stdout)
        XCTAssertTrue(unchecked.stdout.hasPrefix("\(test):1:1: warning: not checked against Sage's ArchiveMap.json"), unchecked.stdout)
    }

    func testLintFlagsASchemaWhoseOwnExampleFailsIt() throws {
        let folder = try Paths.scratch(self)
        _ = try Binary.write(#"{"$id": "https://example.invalid/tap.json", "type": "object", "required": ["samples"], "examples": [{"type": "tapping"}]}"#,
                             to: "tap.json", in: folder)
        let map = try Binary.write(#"""
            {"assessments": [{"assessmentIdentifier": "tap", "assessmentRevision": 1,
              "files": [{"filename": "tapping.json", "jsonSchema": "https://example.invalid/tap.json"}]}]}
            """#, to: "map.json", in: folder)
        let run = try Binary.run(["lint", map, "--exclude", "archive-map-schema"])
        XCTAssertEqual(run.status, 0, "a warning")
        XCTAssertEqual(run.stdout, "\(map):2:56: warning: tapping.json: the schema's own example 0 does not satisfy it (missing required property \"samples\" at the root (/required)); no file shaped like it can pass [archive-map-example-fails]\n")
        XCTAssertEqual(try Binary.run(["lint", map, "--exclude", "archive-map-schema", "--strict"]).status, 1)
    }

    func testValidateTakesASchemaFromTheCatalogAndSaysSo() throws {
        let folder = try Paths.scratch(self)
        let pipeline = Paths.repository.appendingPathComponent("examples/pipeline")
        let uri = "https://raw.githubusercontent.com/MobileToolbox/MTBfx/937cdd1bf3b09815e97b53632c58208a14255b34/JSONschema/taskData_combinedSchema.json"
        let data = try Binary.write(#"{"taskRunUUID": "x", "taskName": "Spelling", "stepHistory": []}"#, to: "taskData.json", in: folder)
        let run = try Binary.run(["validate", "--schema", uri, "--catalog", pipeline.appendingPathComponent("catalog.json").path, data])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "note: schema \(uri) from the catalog (\(pipeline.path)/schemas/task-data-shape.json)\n")
        XCTAssertEqual(run.stdout, "\(data):1:1: error: missing required property \"steps\" at the root (/required)\n")
        let without = try Binary.run(["validate", "--schema", uri, data])
        XCTAssertEqual(without.status, 3)
        XCTAssertTrue(without.stderr.hasPrefix("error: unknown schema URI \(uri)"), without.stderr)
    }
}
