import CLITestSupport
import Foundation
import JSONCore
import XCTest
@testable import AssessCLI

final class GraphCommandTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    func testGraphPrintsEachFormat() throws {
        let survey = path("examples/surveys/example-survey.json")
        let json = CapturedRun(["graph", survey, "--format", "json"])
        XCTAssertEqual(json.status, .ok, json.stderr)
        let edges = try XCTUnwrap(try JSONDocument(text: json.stdout).value["edges"]?.arrayValue)
        XCTAssertEqual(edges.count, 19)
        XCTAssertEqual(edges.filter { $0["dead"] == true }.count, 2)
        let dot = CapturedRun(["graph", survey, "-f", "dot"])
        XCTAssertTrue(dot.stdout.contains("n7 -> n2 [label=\"= false\"];"), dot.stdout)
        let mermaid = CapturedRun(["graph", survey, "-f", "mermaid"])
        XCTAssertTrue(mermaid.stdout.hasPrefix("flowchart TD"))
        let svg = CapturedRun(["graph", survey])
        XCTAssertTrue(svg.stdout.hasPrefix("<svg "), "svg is the default")
        XCTAssertEqual(svg.stdout.components(separatedBy: "class=\"node\"").count - 1, 13)
    }

    func testGraphWritesAFileAndReportsBadInput() throws {
        let folder = try Paths.scratch(self)
        let output = folder.appendingPathComponent("flow.dot").path
        let written = CapturedRun(["graph", path("examples/surveys/mood-loop.json"), "-f", "dot", "-o", output])
        XCTAssertEqual(written.status, .ok, written.stderr)
        XCTAssertEqual(written.stdout, "")
        XCTAssertTrue(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("digraph"))

        let broken = folder.appendingPathComponent("broken.json").path
        try Data("{\"type\": \"assessment\",\n  \"steps\": [}".utf8).write(to: URL(fileURLWithPath: broken))
        let bad = CapturedRun(["graph", broken])
        XCTAssertEqual(bad.status, .inputError)
        XCTAssertTrue(bad.stderr.hasPrefix("\(broken):2:13: error: "), bad.stderr)
        XCTAssertEqual(CapturedRun(["graph", broken, "--format", "png"]).status, .usage)
        XCTAssertEqual(CapturedRun(["graph", path("examples/surveys/mood-loop.json"), "--coverage", broken]).status, .inputError)
    }

    func testAnExistingOutputIsReplacedOnlyWithForce() throws {
        let output = try Paths.scratch(self).appendingPathComponent("flow.dot").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))
        let survey = path("examples/surveys/mood-loop.json")
        let refused = CapturedRun(["graph", survey, "-f", "dot", "-o", output])
        XCTAssertEqual(refused.status, .inputError)
        XCTAssertEqual(refused.stderr, "error: \(output) already exists (use --force to replace it)\n")
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "keep me")
        let forced = CapturedRun(["graph", survey, "-f", "dot", "-o", output, "--force"])
        XCTAssertEqual(forced.status, .ok, forced.stderr)
        XCTAssertTrue(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("digraph"))
    }
}
