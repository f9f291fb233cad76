import CLITestSupport
import Foundation
import XCTest
import JSONCore
import ResultArchive
@testable import AssessCLI
import AssessmentLint

/// A verdict depends only on the archive, the map and the options: with `--catalog`, a catalog schema
/// that `$ref`s another catalog schema compiles whatever the batch needed before it, in every order
/// and with any number of jobs, for `verify` and `ingest` alike.
final class CatalogOrderTests: XCTestCase {
    private let base = "https://example.invalid/catalog/"

    /// A map whose `outer.json` schema (catalog) refers to the `inner.json` one (catalog too), a
    /// catalog serving both, a manifest and three archives: `p` needs only the outer schema, `q` only
    /// the inner one, `r` is invalid against the outer one.
    private func workspace() throws -> URL {
        let folder = try Paths.scratch(self)
        try Data(#"{"$ref": "\#(base)Inner.json", "description": "refers to another catalog entry by its catalog URI"}"#.utf8)
            .write(to: folder.appendingPathComponent("outer-file.json"))
        try Data(#"{"type": "object", "required": ["t"]}"#.utf8).write(to: folder.appendingPathComponent("inner-file.json"))
        try Data(#"{"\#(base)Outer.json": "outer-file.json", "\#(base)Inner.json": "inner-file.json"}"#.utf8)
            .write(to: folder.appendingPathComponent("catalog.json"))
        let map = #"""
            {"assessments": [{"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [
               {"filename": "outer.json", "jsonSchema": "\#(base)Outer.json"},
               {"filename": "inner.json", "jsonSchema": "\#(base)Inner.json"}]}]}
            """#
        try Data(map.utf8).write(to: folder.appendingPathComponent("map.json"))
        let builder = ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 1_767_323_045))
        for (name, file, body) in [("p", "outer.json", #"{"t": 1}"#), ("q", "inner.json", #"{"t": 2}"#), ("r", "outer.json", "{}")] {
            try Data(try builder.build([ArchiveInput(filename: file, bytes: Array(body.utf8))])).write(to: folder.appendingPathComponent("\(name).zip"))
        }
        return folder
    }

    private func manifest(_ order: [String], in folder: URL) throws -> String {
        let lines = order.map { #"{"path": "\#($0).zip", "recordId": "\#($0)", "assessmentId": "walk", "assessmentRevision": 1, "uploadedOn": "2026-02-01T10:00:00.000Z"}"# }
        let url = folder.appendingPathComponent("manifest-\(order.joined()).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url.path
    }

    /// Each archive's status in a run's JSON lines, by the key that names the archive.
    private func verdicts(_ run: CapturedRun, key: String) throws -> [String: String] {
        var verdicts: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let value = try JSONDocument(text: String(line)).value
            guard let name = value[key]?.stringValue, let status = value["status"]?.stringValue else { continue }
            verdicts[URL(fileURLWithPath: name).lastPathComponent] = status
        }
        return verdicts
    }

    private static let orders = [["p", "q", "r"], ["p", "r", "q"], ["q", "p", "r"], ["q", "r", "p"], ["r", "p", "q"], ["r", "q", "p"]]

    func testVerifyGivesTheSameVerdictsInEveryOrderAndWithAnyJobs() throws {
        let folder = try workspace()
        let common = ["verify", "--archive-map", folder.appendingPathComponent("map.json").path,
                      "--catalog", folder.appendingPathComponent("catalog.json").path, "--report", "json"]
        let expected = ["p.zip": "valid", "q.zip": "valid", "r.zip": "invalid"]
        for order in Self.orders {
            for jobs in 1...4 {
                let run = CapturedRun(common + ["--manifest", try manifest(order, in: folder), "--jobs", String(jobs)])
                XCTAssertEqual(try verdicts(run, key: "archive"), expected, "order \(order), --jobs \(jobs)\n\(run.stdout)\(run.stderr)")
                XCTAssertEqual(run.status, .findings, "order \(order), --jobs \(jobs)")
            }
        }
    }

    func testIngestGivesTheSameVerdictsInEveryOrderAndWithAnyJobs() throws {
        let folder = try workspace()
        let common = ["ingest", "--archive-map", folder.appendingPathComponent("map.json").path,
                      "--catalog", folder.appendingPathComponent("catalog.json").path]
        let expected = ["p": "ingested", "q": "ingested", "r": "invalid"]
        for order in Self.orders {
            for jobs in 1...4 {
                let output = folder.appendingPathComponent("out-\(order.joined())-\(jobs)").path
                let run = CapturedRun(common + ["--manifest", try manifest(order, in: folder), "--jobs", String(jobs), "-o", output])
                XCTAssertEqual(try verdicts(run, key: "recordId"), expected, "order \(order), --jobs \(jobs)\n\(run.stdout)\(run.stderr)")
            }
        }
    }
}
