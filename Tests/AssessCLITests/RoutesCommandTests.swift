import CLITestSupport
import Foundation
import JSONCore
import XCTest
@testable import AssessCLI
import AssessmentLint

final class RoutesCommandTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    /// `routes --write-scripts DIR`, then `run --answers DIR --coverage --min-coverage 100`.
    private func assertFullCoverage(_ survey: String, allowLintErrors: Bool) throws -> CapturedRun {
        let folder = try Paths.scratch(self).appendingPathComponent("scripts").path
        let routes = CapturedRun(["routes", survey, "--write-scripts", folder])
        XCTAssertEqual(routes.status, .ok, routes.stderr)
        XCTAssertTrue(routes.stdout.contains("and their .expected.json to \(folder)\n"), routes.stdout)
        let run = CapturedRun(["run", survey, "--answers", folder, "--coverage", "--min-coverage", "100"] + (allowLintErrors ? ["--allow-lint-errors"] : []))
        XCTAssertEqual(run.status, .ok, run.stderr + run.stdout)
        XCTAssertEqual(run.stderr.split(separator: "\n").filter { !$0.hasSuffix(": as expected") }, [], "only status lines, beside the coverage on standard output")
        let edges = run.stdout.split(separator: "\n").first { $0.hasPrefix("  edges") }
        XCTAssertEqual(edges.map { String($0.suffix(6)) }, "100.0%")
        return routes
    }

    func testWrittenScriptsCoverEveryReachableEdgeOfTheExampleSurvey() throws {
        let routes = try assertFullCoverage(path("examples/surveys/example-survey.json"), allowLintErrors: true)
        XCTAssertTrue(routes.stdout.contains("routes take 15 of 15 reachable edges\n"), routes.stdout)
        XCTAssertTrue(routes.stdout.contains(":47:9: rule 4 of \"choiceQ1\" (= 4) → simpleQ4 [lint: unmatchable-answer]\n"), routes.stdout)
    }

    func testWrittenScriptsCoverThirtyBranchingQuestions() throws {
        var steps: [String] = []
        for index in 0..<30 {
            let next = index < 29 ? "q\(index + 1)" : "done"
            steps.append(#"{"type": "simpleQuestion", "identifier": "q\#(index)", "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 0, "maximumValue": 10}}, "surveyRules": [{"matchingAnswer": 3, "ruleOperator": "lt", "skipToIdentifier": "low\#(index)"}, {"matchingAnswer": 7, "ruleOperator": "gt", "skipToIdentifier": "high\#(index)"}]}"#)
            steps.append(#"{"type": "instruction", "identifier": "mid\#(index)", "nextStepIdentifier": "\#(next)"}"#)
            steps.append(#"{"type": "instruction", "identifier": "low\#(index)", "nextStepIdentifier": "\#(next)"}"#)
            steps.append(#"{"type": "instruction", "identifier": "high\#(index)"}"#)
        }
        steps.append(#"{"type": "completion", "identifier": "done"}"#)
        let survey = try Paths.scratch(self).appendingPathComponent("branching.json")
        try Data(#"{"type": "assessment", "identifier": "branching", "steps": [\#(steps.joined(separator: ",\n"))]}"#.utf8).write(to: survey)
        let routes = try assertFullCoverage(survey.path, allowLintErrors: false)
        XCTAssertTrue(routes.stdout.contains("3 routes take 181 of 181 reachable edges\n"), routes.stdout)

        let all = CapturedRun(["routes", survey.path, "--all", "--max-routes", "50", "--format", "json"])
        XCTAssertEqual(all.status, .ok, all.stderr)
        let json = try JSONDocument(text: all.stdout).value
        XCTAssertEqual(json["routes"]?.arrayValue?.count, 50)
        XCTAssertEqual(json["truncated"], true)
        let text = CapturedRun(["routes", survey.path, "--all", "--max-routes", "5"])
        XCTAssertTrue(text.stdout.contains("note: stopped at --max-routes 5\n"), text.stdout)
    }

    func testUsageAndInputErrors() throws {
        XCTAssertEqual(CapturedRun(["routes"]).status, .usage)
        XCTAssertEqual(CapturedRun(["routes", path("examples/surveys/mood-loop.json"), "--max-routes", "0"]).status, .usage)
        let missing = CapturedRun(["routes", path("examples/surveys/nope.json")])
        XCTAssertEqual(missing.status, .inputError)
        XCTAssertTrue(missing.stderr.contains("error: cannot read \(path("examples/surveys/nope.json")): no such file"), missing.stderr)
        let file = try Paths.scratch(self).appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let unwritable = CapturedRun(["routes", path("examples/surveys/mood-loop.json"), "--write-scripts", file.path])
        XCTAssertEqual(unwritable.status, .inputError)
        XCTAssertEqual(unwritable.stderr, "error: cannot write into \(file.path): it is a file\n", "the rule every output follows (issue 23)")
    }

    func testEarlierRouteScriptsAreReplacedOnlyWithForceAndAsAWhole() throws {
        let folder = try Paths.scratch(self).appendingPathComponent("scripts")
        let survey = path("examples/surveys/example-survey.json")
        XCTAssertEqual(CapturedRun(["routes", survey, "--write-scripts", folder.path]).status, .ok)
        // A stale script from a longer plan, and a file of the user's that is not a route script.
        let stale = folder.appendingPathComponent("route-007.json"), notes = folder.appendingPathComponent("notes.json")
        try Data("{}".utf8).write(to: stale)
        try Data("{}".utf8).write(to: notes)
        let refused = CapturedRun(["routes", survey, "--write-scripts", folder.path])
        XCTAssertEqual(refused.status, .inputError)
        XCTAssertTrue(refused.stderr.contains("\(folder.path): error: the folder already holds route scripts (route-001.expected.json…); use --force to replace them"), refused.stderr)
        let forced = CapturedRun(["routes", survey, "--write-scripts", folder.path, "--force"])
        XCTAssertEqual(forced.status, .ok, forced.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, ["notes.json", "route-001.expected.json", "route-001.json", "route-002.expected.json", "route-002.json"])
        XCTAssertTrue(RoutesCommand.isRouteScript("route-12.expected.json"))
        XCTAssertFalse(RoutesCommand.isRouteScript("route-.json"))
        XCTAssertFalse(RoutesCommand.isRouteScript("route-1.json.bak"))
    }
}

/// `graph` and `routes` see a survey as `run` does: `transform` nodes replaced by their resource
/// files (from the survey's folder or `--resources`).
final class TransformFlowCommandTests: XCTestCase {
    private let survey = Paths.repository.appendingPathComponent("examples/surveys/breathing-test.json").path

    func testGraphDrawsTheStepsOfEachTransformsResource() throws {
        let graph = CapturedRun(["graph", survey, "--format", "json"])
        XCTAssertEqual(graph.status, .ok, graph.stderr)
        let paths = try XCTUnwrap(JSONDocument(text: graph.stdout).value["vertices"]?.arrayValue).compactMap { $0["stepPath"]?.stringValue }
        for round in ["firstRound", "secondRound"] {
            for step in ["breatheIn", "hold", "breatheOut"] {
                XCTAssertTrue(paths.contains("\(round)/\(step)"), "\(round)/\(step) missing from \(paths)")
            }
        }
    }

    func testRoutesOfATransformedSurveyRunToFullCoverage() throws {
        let folder = try Paths.scratch(self).appendingPathComponent("scripts").path
        let routes = CapturedRun(["routes", survey, "--write-scripts", folder])
        XCTAssertEqual(routes.status, .ok, routes.stderr)
        XCTAssertTrue(routes.stdout.contains("secondRound/breatheOut"), routes.stdout)
        let run = CapturedRun(["run", survey, "--answers", folder, "--coverage", "--min-coverage", "100"])
        XCTAssertEqual(run.status, .ok, run.stderr + run.stdout)
    }

    func testAMissingResourceIsAnErrorNamingTheTransform() throws {
        let folder = try Paths.scratch(self)
        let copy = folder.appendingPathComponent("breathing-test.json")
        try FileManager.default.copyItem(atPath: survey, toPath: copy.path)
        for command in ["graph", "routes"] {
            let result = CapturedRun([command, copy.path])
            XCTAssertEqual(result.status, .findings, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("error: transform \"firstRound\""), "\(command): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", command)
        }
        // --resources points at the folder that has the file.
        let resources = Paths.repository.appendingPathComponent("examples/surveys").path
        XCTAssertEqual(CapturedRun(["graph", copy.path, "--resources", resources, "--format", "dot"]).status, .ok)
        XCTAssertEqual(CapturedRun(["routes", copy.path, "--resources", resources]).status, .ok)
    }
}
