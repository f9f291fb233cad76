import CLITestSupport
import Foundation
import JSONCore
import XCTest
@testable import AssessCLI
import AssessmentLint

final class CoverageCommandTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    func testExampleScriptsCoverEveryReachableEdge() throws {
        let survey = path("examples/surveys/example-survey.json")
        let run = CapturedRun(["run", survey, "--allow-lint-errors", "--answers", path("examples/scripts/example-survey"), "--coverage", "--min-coverage", "100"])
        XCTAssertEqual(run.status, .ok, run.stderr)
        XCTAssertTrue(run.stdout.contains("coverage of \(survey) over 5 runs:\n  steps        10/10  100.0%\n  edges        15/15  100.0%\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(survey):212:9: choice \"ice cream\" of \"favoriteFood\"\n"), run.stdout)
    }

    func testMinCoverageFailsBelowTheThreshold() throws {
        let survey = path("examples/surveys/example-survey.json")
        let run = CapturedRun(["run", survey, "--allow-lint-errors", "--answers", path("examples/scripts/example-survey/skip.json"), "--min-coverage", "50"])
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stderr.contains("error: edge coverage 40.0% is below --min-coverage 50%"), run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("coverage of"), "a single script's run report gives way to the coverage report")
        XCTAssertEqual(CapturedRun(["run", survey, "--allow-lint-errors", "--answers", path("examples/scripts/example-survey/skip.json"), "--min-coverage", "40"]).status, .ok)
        XCTAssertEqual(CapturedRun(["run", survey, "--allow-lint-errors", "--answers", path("examples/scripts/example-survey/skip.json"), "--min-coverage", "abc"]).status, .usage)
        XCTAssertEqual(CapturedRun(["run", survey, "--allow-lint-errors", "--answers", path("examples/scripts/example-survey/skip.json"), "--coverage-report", "xml"]).status, .usage)
    }

    func testJSONAndLcovReports() throws {
        let survey = path("examples/surveys/sleep-sections.json")
        let json = CapturedRun(["run", survey, "--answers", path("examples/scripts/sleep-sections"), "--coverage-report", "json"])
        XCTAssertEqual(json.status, .ok, json.stderr)
        let report = try JSONDocument(text: String(json.stdout.drop { $0 != "{" })).value
        XCTAssertEqual(report["runs"], 2)
        XCTAssertEqual(report["summary"]?["steps"]?["total"], 8)
        let lcov = CapturedRun(["run", survey, "--answers", path("examples/scripts/sleep-sections"), "--coverage-report", "lcov"])
        XCTAssertTrue(lcov.stdout.contains("TN:assess\nSF:\(survey)\nDA:10,2\n"), lcov.stdout)

        // The JSON report colours a graph.
        let folder = try Paths.scratch(self)
        let file = folder.appendingPathComponent("coverage.json").path
        try Data(String(json.stdout.drop { $0 != "{" }).utf8).write(to: URL(fileURLWithPath: file))
        let graph = CapturedRun(["graph", survey, "-f", "json", "--coverage", file])
        XCTAssertEqual(graph.status, .ok, graph.stderr)
        let vertices = try XCTUnwrap(try JSONDocument(text: graph.stdout).value["vertices"]?.arrayValue)
        XCTAssertEqual(vertices.filter { $0["covered"] == true }.count, report["summary"]?["steps"]?["covered"]?.numberValue?.intValue)
    }
}
