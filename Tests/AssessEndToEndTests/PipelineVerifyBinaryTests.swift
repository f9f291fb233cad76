import CLITestSupport
import Foundation
import XCTest
import JSONCore

/// `assess verify --archive-map` on Sage's real Mobile Toolbox archive and the map of their ingestion
/// test, as a pipeline runs it: the built binary, text and JSON reports, manifests, catalogs, bad input.
final class PipelineVerifyBinaryTests: XCTestCase {
    private let taskDataURI = "https://raw.githubusercontent.com/MobileToolbox/MTBfx/937cdd1bf3b09815e97b53632c58208a14255b34/JSONschema/taskData_combinedSchema.json"
    private let sage = "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/"
    private var pipeline: String { Paths.repository.appendingPathComponent("examples/pipeline").path }

    private func spelling() throws -> (archive: String, map: String, schemas: String) {
        (try Paths.shared("bridgedownstream/OCJByUtSrVTYtqObYp7XZV_J-mtbSpelling.zip"), try Paths.shared("bridgedownstream/archive-map.json"),
         try Paths.shared("sage/schemas"))
    }

    private func mapped(_ extra: [String]) throws -> [String] {
        let (_, map, schemas) = try spelling()
        return ["verify", "--archive-map", map, "--ref-dir", schemas] + extra
    }

    private let record = ["--assessment", "spelling", "--revision", "5", "--app", "mobile-toolbox"]

    func testTheRealArchiveIsDecidedAsSagesJobDecidesIt() throws {
        let archive = try spelling().archive
        let run = try Binary.run(try mapped(record + ["--catalog", pipeline + "/catalog.json", "--file-alias", "microphone.json=microphone_levels.json", archive]))
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lines = run.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "\(archive): valid")
        for expected in [
            "  metadata.json: valid \(sage)ArchiveMetadata.json (chosen by common)",
            "  microphone.json: valid \(sage)AudioLevelRecord.json (chosen by app); looked up as microphone_levels.json (--file-alias); not listed in metadata.json",
            "  microphone_levels.json: valid \(sage)AudioLevelRecord.json (chosen by app); not listed in metadata.json",
            "  motion.json: valid \(sage)MotionRecord.json (chosen by app); not listed in metadata.json",
            "  taskData.json: valid \(taskDataURI) (chosen by assessment); not listed in metadata.json; schema from the catalog (\(pipeline)/schemas/task-data-shape.json)",
            "  info.json: unvalidated (no schema); not listed in metadata.json",
            "  taskData: unvalidated (no schema)",
            "  taskResult.json: unvalidated (no schema)",
            "  weather.json: unvalidated (no schema); not listed in metadata.json",
        ] {
            XCTAssertTrue(lines.contains(expected), "missing line \(expected)\n\(run.stdout)")
        }
        XCTAssertEqual(lines.count, 11, run.stdout)
        // The map of their test has no $id or $schema: said, with the place, and verification goes on.
        XCTAssertTrue(run.stderr.contains("bridgedownstream/archive-map.json:1:1: warning: the map does not follow ArchiveMap.json: missing required property \"$id\""), run.stderr)
    }

    func testTheJSONReportCarriesEveryFileAndTheRecord() throws {
        let archive = try spelling().archive
        let run = try Binary.run(try mapped(["--manifest", pipeline + "/manifest.jsonl", "--catalog", pipeline + "/catalog.json",
                                             "--file-alias", "microphone.json=microphone_levels.json", "--report", "json"]))
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        let report = try JSONDocument(text: lines[0]).value
        XCTAssertEqual(report["archive"]?.stringValue.map { URL(fileURLWithPath: $0).standardized.path }, URL(fileURLWithPath: archive).standardized.path)
        XCTAssertEqual(report["recordId"], "OCJByUtSrVTYtqObYp7XZV_J")
        XCTAssertEqual(report["assessmentId"], "spelling")
        XCTAssertEqual(report["assessmentRevision"], 5)
        XCTAssertEqual(report["appId"], "mobile-toolbox")
        XCTAssertEqual(report["taskRunUUID"], "7D0759C1-DE3D-4B88-9507-77FF3180649B")
        let files = try XCTUnwrap(report["files"]?.arrayValue)
        XCTAssertEqual(files.count, 9)
        let byName = Dictionary(uniqueKeysWithValues: files.compactMap { file in file["filename"]?.stringValue.map { ($0, file) } })
        XCTAssertEqual(byName["taskData.json"]?["chosenBy"], "assessment")
        XCTAssertEqual(byName["taskData.json"]?["schema"]?.stringValue, taskDataURI)
        XCTAssertEqual(byName["taskData.json"]?["schemaSource"]?.stringValue, "catalog: \(pipeline)/schemas/task-data-shape.json")
        XCTAssertEqual(byName["microphone.json"]?["lookupName"], "microphone_levels.json")
        XCTAssertEqual(byName["weather.json"]?["schema"], .null)
        XCTAssertEqual(byName["weather.json"]?["chosenBy"], .null)
        XCTAssertEqual(byName["weather.json"]?["status"], "unvalidated")
        XCTAssertEqual(byName["metadata.json"]?["errors"], [])
        XCTAssertEqual(report["errors"], [:], "Sage's shape: no file has errors")
        XCTAssertEqual(byName.values.filter { $0["chosenBy"] == "metadata" }.count, 0, "their metadata.json names no jsonSchema (test_that_get_self_ref_schema_list_returns_empty_if_not_self_ref)")
        XCTAssertEqual(lines[1], #"{"summary":{"total":1,"valid":1,"invalid":0,"duplicate":0}}"#)
    }

    func testASchemaNothingOnDiskAnswersIsAnErrorNamingIt() throws {
        let archive = try spelling().archive
        let run = try Binary.run(try mapped(record + [archive]))
        XCTAssertEqual(run.status, 3, "an unresolvable URI is an input error, never a download")
        XCTAssertTrue(run.stdout.contains("\(archive): error: invalid: taskData.json: schema \(taskDataURI) is not bundled, under --ref-dir, in the archive map's folder or in --catalog; assess never downloads schemas\n"), run.stdout)
        let (_, map, _) = try spelling()
        let withoutSage = try Binary.run(["verify", "--archive-map", map] + record + ["--catalog", pipeline + "/catalog.json", archive])
        XCTAssertEqual(withoutSage.status, 3)
        XCTAssertTrue(withoutSage.stdout.contains("metadata.json: schema \(sage)ArchiveMetadata.json is Sage's published schema and is not on disk: give --ref-dir"), withoutSage.stdout)
    }

    func testCatalogEntriesThatAreNoSchemaNameBothURIAndFile() throws {
        let folder = try Paths.scratch(self)
        _ = try Binary.write("[1, 2]", to: "list.json", in: folder)
        let catalog = try Binary.write("{\"\(taskDataURI)\": \"list.json\", \"urn:x\": \"missing.json\"}", to: "catalog.json", in: folder)
        let run = try Binary.run(try mapped(record + ["--catalog", catalog, try spelling().archive]))
        XCTAssertEqual(run.status, 3)
        XCTAssertTrue(run.stdout.contains("taskData.json: the catalog maps \(taskDataURI) to \(folder.path)/list.json, which is not a JSON Schema (it is an array)"), run.stdout)
        let broken = try Binary.write("{\"\(taskDataURI)\": 5}", to: "broken.json", in: folder)
        let refused = try Binary.run(try mapped(record + ["--catalog", broken, try spelling().archive]))
        XCTAssertEqual(refused.status, 3)
        XCTAssertEqual(refused.stderr.components(separatedBy: "\n").last { $0.contains("error:") },
                       "\(broken):1:\(taskDataURI.count + 6): error: the catalog entry for \(taskDataURI) must be a file path, found an integer")
    }

    func testManifestLinesBadInputAndDuplicatesLeaveTheOtherRecordsVerified() throws {
        let folder = try Paths.scratch(self)
        let archive = try spelling().archive
        try FileManager.default.copyItem(atPath: archive, toPath: folder.appendingPathComponent("a.zip").path)
        var truncated = try Data(contentsOf: URL(fileURLWithPath: archive))
        truncated.removeLast(100)
        try truncated.write(to: folder.appendingPathComponent("cut.zip"))
        let manifest = try Binary.write("""
            {"path": "a.zip", "recordId": "r1", "assessmentId": "spelling", "assessmentRevision": 5, "appId": "mobile-toolbox"}
            {"recordId": "r2", "assessmentId": "spelling"}
            {"path": "cut.zip", "recordId": "r3", "assessmentId": "spelling", "assessmentRevision": 5, "appId": "mobile-toolbox"}

            {"path": "a.zip", "recordId": "r1", "assessmentId": "spelling", "assessmentRevision": "five"}
            {"path": "none.zip", "recordId": "r4"}
            {"path": "a.zip", "recordId": "r1", "assessmentId": "spelling", "assessmentRevision": 5, "appId": "mobile-toolbox"}
            """, to: "records.jsonl", in: folder)
        let run = try Binary.run(try mapped(["--manifest", manifest, "--catalog", pipeline + "/catalog.json", "--report", "json"]))
        XCTAssertEqual(run.status, 3, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("\(manifest):2:1: error: the line has no \"path\" (the archive's path, relative to the manifest's folder)\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(manifest):5:87: error: \"assessmentRevision\" must be an integer (or a string of digits), found \"five\"\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: cannot read \(folder.path)/none.zip: no such file\n"), run.stderr)
        let reports = try run.stdout.split(separator: "\n").map { try JSONDocument(text: String($0)).value }
        XCTAssertEqual(reports.map { $0["status"]?.stringValue ?? "summary" }, ["valid", "invalid", "duplicate", "summary"])
        XCTAssertTrue(reports[1]["reasons"]?[0]?.stringValue?.contains("archive") ?? false, "\(reports[1])")
        XCTAssertEqual(reports[2]["reasons"]?[0]?.stringValue, "recordId r1 was already seen in \(folder.path)/a.zip")
        XCTAssertEqual(reports[3], ["summary": ["total": 4, "valid": 1, "invalid": 1, "duplicate": 1]])
    }

    func testTheManifestStreamsFromStandardInput() throws {
        let archive = try spelling().archive
        let line = "{\"path\": \"\(archive)\", \"recordId\": \"r\", \"assessmentId\": \"spelling\", \"assessmentRevision\": 5, \"appId\": \"mobile-toolbox\"}\n"
        let run = try Binary.run(try mapped(["--manifest", "-", "--catalog", pipeline + "/catalog.json", "--report", "json"]), stdin: line + "{}\n")
        XCTAssertEqual(run.status, 3, "the second line has no path")
        XCTAssertTrue(run.stderr.contains("<stdin>:2:1: error: the line has no \"path\""), run.stderr)
        let report = try JSONDocument(text: String(run.stdout.split(separator: "\n")[0])).value
        XCTAssertEqual(report["status"], "valid")
        XCTAssertEqual(report["recordId"], "r")
    }

    func testAMapTheLookupCannotUseIsRefusedWithItsPlace() throws {
        let folder = try Paths.scratch(self)
        let map = try Binary.write("{\"assessments\": [\n  {\"assessmentIdentifier\": \"spelling\", \"assessmentRevision\": \"5\"}]}", to: "map.json", in: folder)
        let run = try Binary.run(["verify", "--archive-map", map, try spelling().archive])
        XCTAssertEqual(run.status, 3)
        XCTAssertEqual(run.stderr, "\(map):2:62: error: \"assessmentRevision\" must be an integer, found a string\n")
        XCTAssertEqual(run.stdout, "")
    }

    func testRequiredFilesToleratedErrorsAndTheirOptions() throws {
        let folder = try Paths.scratch(self)
        let map = try Binary.write(#"""
            {"anyOf": [{"filename": "metadata.json", "jsonSchema": "urn:test:cookies"}, {"filename": "answers.json", "isRequired": true},
                       {"filename": "info.json", "deprecated": true}]}
            """#, to: "map.json", in: folder)
        _ = try Binary.write(#"{"$id": "urn:test:cookies", "type": "object", "required": ["cookies"]}"#, to: "cookies.schema.json", in: folder)
        let tolerated = try Binary.write(#"{"tolerated": [{"file": "metadata.json", "keyword": "required", "pointer": "/cookies", "clientInfo": "Android"}]}"#,
                                         to: "tolerated.json", in: folder)
        let archive = try spelling().archive
        let strict = try Binary.run(["verify", "--archive-map", map, archive])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdout.contains("error: invalid: the archive map requires \"answers.json\" (\(map) /anyOf/1) but the archive has no such file"), strict.stdout)
        XCTAssertTrue(strict.stdout.contains("\(archive)/metadata.json:1:1: error: missing required property \"cookies\" at the root (/required)"), strict.stdout)
        XCTAssertTrue(strict.stdout.contains("  info.json: unvalidated (no schema); not listed in metadata.json; deprecated in the archive map"), strict.stdout)
        let json = try Binary.run(["verify", "--archive-map", map, archive, "--report", "json"])
        let line = try JSONDocument(text: String(json.stdout.split(separator: "\n")[0])).value
        XCTAssertEqual(line["errors"]?["metadata.json"], ["1:1: missing required property \"cookies\" at the root (/required)"], "Sage's errors: {file: [...]}")
        let manifest = try Binary.write("{\"path\": \"\(archive)\", \"clientInfo\": \"osName=Android\"}", to: "m.jsonl", in: folder)
        let lenient = try Binary.run(["verify", "--archive-map", map, "--manifest", manifest, "--tolerated", tolerated, "--required", "warning"])
        XCTAssertEqual(lenient.status, 0, lenient.stdout)
        XCTAssertTrue(lenient.stdout.contains("  metadata.json: valid urn:test:cookies (chosen by common); 1 tolerated error ignored"), lenient.stdout)
        XCTAssertTrue(lenient.stdout.contains("note: the archive map requires \"answers.json\""), lenient.stdout)
        let usage = try Binary.run(["verify", "--tolerated", tolerated, archive])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.hasPrefix("error: --tolerated needs --archive-map FILE"), usage.stderr)
        let alias = try Binary.run(["verify", "--archive-map", map, "--file-alias", "microphone.json", archive])
        XCTAssertEqual(alias.status, 2)
        XCTAssertTrue(alias.stderr.hasPrefix("error: --file-alias needs NAME=MAPPED"), alias.stderr)
    }
}
