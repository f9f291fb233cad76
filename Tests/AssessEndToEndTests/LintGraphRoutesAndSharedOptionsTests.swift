import CLITestSupport
import Foundation
import JSONCore
import XCTest
@testable import AssessCLI

/// lint, graph, routes and the options every command shares, as a new user meets them, through the
/// built binary (issue 23: items 5–9, 11, 12, 14).
final class LintGraphRoutesAndSharedOptionsTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }
    private var exampleSurvey: String { path("examples/surveys/example-survey.json") }

    func testAWrongTypedMatchingAnswerIsOneFindingInPluralEnglishWithItsFix() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"type": "assessment", "identifier": "types", "steps": [
             {"type": "choiceQuestion", "identifier": "size", "baseType": "integer", "singleChoice": true,
              "choices": [{"value": 1, "text": "S"}, {"value": 2, "text": "M"}],
              "surveyRules": [{"matchingAnswer": "1", "skipToIdentifier": "done"}]},
             {"type": "simpleQuestion", "identifier": "sure", "inputItem": {"type": "checkbox", "identifier": "yes", "label": "Yes"},
              "surveyRules": [{"matchingAnswer": "maybe", "skipToIdentifier": "done"}]},
             {"type": "simpleQuestion", "identifier": "weight", "inputItem": {"type": "number"},
              "surveyRules": [{"matchingAnswer": true, "skipToIdentifier": "done"}]},
             {"type": "choiceQuestion", "identifier": "colours", "baseType": "string", "singleChoice": false,
              "choices": [{"value": "red", "text": "Red"}, {"value": "3", "text": "Three"}],
              "surveyRules": [{"matchingAnswer": [3], "skipToIdentifier": "done"}]},
             {"type": "completion", "identifier": "done"}]}
            """#, to: "types.json", in: folder)
        let lint = try Binary.run(["lint", survey])
        XCTAssertEqual(lint.status, 1)
        let lines = lint.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains(":4:38:") }, [
            "\(survey):4:38: error: matchingAnswer \"1\" of a rule of \"size\" is a string but answers are integers, so the rule can never match; write 1 [value-type-mismatch]",
        ], "one finding at the column, not unmatchable-answer as well")
        XCTAssertTrue(lint.stdout.contains("\"weight\" is a boolean but answers are numbers, so the rule can never match [value-type-mismatch]"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("matchingAnswer [3] of a rule of \"colours\" holds an integer but answers are arrays of strings, so the rule can never match; write [\"3\"]"), lint.stdout)
        for wrong in ["an integers", "a booleans", "a numbers", "a strings"] { XCTAssertFalse(lint.stdout.contains(wrong), wrong) }
    }

    func testACaseOnlyOrNearMissTypeSuggestsTheKnownTypeFirst() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"type": "assessment", "identifier": "typos", "steps": [
             {"type": "choicequestion", "identifier": "a", "choices": [{"value": 1}]},
             {"type": "instrution", "identifier": "b"},
             {"type": "tapping", "identifier": "c"}]}
            """#, to: "typos.json", in: folder)
        let lint = try Binary.run(["lint", survey])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stdout.contains("\(survey):2:11: error: step \"a\" has unknown type \"choicequestion\"; did you mean \"choiceQuestion\"? (type names are case-sensitive) [unknown-node-type]"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("step \"b\" has unknown type \"instrution\"; did you mean \"instruction\"? (known types: assessment, section,"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("step \"c\" has unknown type \"tapping\" (known types: "), "no near miss: the list and --allow-type")
        XCTAssertTrue(lint.stdout.contains("if it is an app's own type, allow it with --allow-type instrution) [unknown-node-type]"), lint.stdout)
        XCTAssertFalse(lint.stdout.contains("--allow-type choicequestion"), lint.stdout)
    }

    func testAnUnknownSchemaURIGetsANoteThatNeverFails() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"$schema": "https://example.org/my-survey.json", "type": "assessment", "identifier": "noted", "steps": [
             {"type": "completion", "identifier": "done"}]}
            """#, to: "noted.json", in: folder)
        for strict in [[], ["--strict"]] {
            let lint = try Binary.run(["lint", survey] + strict)
            XCTAssertEqual(lint.status, 0, lint.stdout)
            XCTAssertEqual(lint.stdout, "\(survey):1:13: note: \"$schema\" names https://example.org/my-survey.json, which is not a schema assess knows; the survey is checked against the bundled https://assess.invalid/schemas/v1/AssessmentObject.json (give the schema with --ref-dir DIR or --schema) [schema]\n")
        }
        let json = try JSONDocument(text: try Binary.run(["lint", "--format", "json", survey]).stdout).value
        XCTAssertEqual(json["files"]?[0]?["findings"]?[0]?["severity"], "note")
        XCTAssertEqual(json["errors"], 0)
        XCTAssertEqual(try Binary.run(["lint", "--format", "github", survey]).stdout.prefix(9), "::notice ")
        XCTAssertEqual(try Binary.run(["lint", path("examples/surveys/mood-loop.json")]).stdout, "", "a known $schema (or none) gets no note")
    }

    func testGraphAndRoutesWarnWhenTheSurveyFailsLint() throws {
        let warning = "\(exampleSurvey): warning: the survey fails lint (3 errors; see 'assess lint \(exampleSurvey)'); 'assess run' refuses it without --allow-lint-errors\n"
        let graph = try Binary.run(["graph", exampleSurvey, "-f", "mermaid"])
        XCTAssertEqual(graph.status, 0)
        XCTAssertEqual(graph.stderr, warning)
        XCTAssertTrue(graph.stdout.hasPrefix("flowchart"), graph.stdout)
        let routes = try Binary.run(["routes", exampleSurvey])
        XCTAssertEqual(routes.status, 0)
        XCTAssertEqual(routes.stderr, warning)
        XCTAssertEqual(try Binary.run(["graph", path("examples/surveys/mood-loop.json"), "-f", "dot"]).stderr, "", "a clean survey: no warning")
    }

    func testGraphCoverageAtFullEdgeCoverageHasNoRedEdgeAndALegendForIt() throws {
        let folder = try Paths.scratch(self)
        let run = try Binary.run(["run", exampleSurvey, "--allow-lint-errors", "--answers", path("examples/scripts/example-survey"),
                                  "--coverage-report", "json", "--min-coverage", "100"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try Binary.write(run.stdout, to: "coverage.json", in: folder)
        let json = try JSONDocument(text: try Binary.run(["graph", exampleSurvey, "-f", "json", "--coverage", report]).stdout).value
        let start = try XCTUnwrap(json["edges"]?.arrayValue?.first { $0["via"] == "start" })
        XCTAssertEqual(start["covered"], true, "every run starts: the start edge is taken")
        let svg = try Binary.run(["graph", exampleSurvey, "--coverage", report])
        XCTAssertEqual(svg.status, 0)
        let startID = try XCTUnwrap(start["from"]?.stringValue)
        let startEdge = try XCTUnwrap(svg.stdout.split(separator: "\n").first { $0.contains("data-from=\"\(startID)\"") && $0.contains("class=\"edge\"") })
        XCTAssertTrue(startEdge.contains("stroke=\"#2ca02c\""), String(startEdge))
        let edges = svg.stdout.split(separator: "\n").filter { $0.hasPrefix("<g class=\"edge\"") }
        XCTAssertEqual(edges.filter { $0.contains("stroke=\"#d62728\" stroke-width=\"1.8\"") }, [], "100% of the edges: no edge is drawn as not taken")
        XCTAssertEqual(edges.filter { $0.contains("stroke=\"#2ca02c\"") }.count, edges.count - 3, "all but the 3 dead or unreachable edges are green")
        let legend = try XCTUnwrap(svg.stdout.split(separator: "\n").first { $0.hasPrefix("<g class=\"legend\">") })
        for key in ["taken by a script", "not taken", "step not shown"] { XCTAssertTrue(legend.contains(">\(key)</text>"), key) }
        XCTAssertFalse(try Binary.run(["graph", exampleSurvey]).stdout.contains("taken by a script"), "no coverage: no coverage key")
    }

    func testWriteScriptsRefusesAMissingParentFolderLikeEveryOtherOutput() throws {
        let folder = try Paths.scratch(self)
        let missing = folder.appendingPathComponent("no/such/dir").path
        let refused = try Binary.run(["routes", path("examples/surveys/mood-loop.json"), "--write-scripts", missing])
        XCTAssertEqual(refused.status, 3)
        XCTAssertEqual(refused.stderr, "error: cannot write \(missing): no such folder \(folder.appendingPathComponent("no/such").path)\n")
        XCTAssertEqual(refused.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path), "no folder created")
        let graph = try Binary.run(["graph", path("examples/surveys/mood-loop.json"), "-o", folder.appendingPathComponent("no/such/g.svg").path])
        XCTAssertEqual(graph.status, 3, "the same rule for graph -o")

        let fresh = folder.appendingPathComponent("routes").path
        let written = try Binary.run(["routes", path("examples/surveys/mood-loop.json"), "--write-scripts", fresh])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh + "/route-001.json"), "the folder itself is created when its parent exists")
        let file = try Binary.write("{}", to: "file.json", in: folder)
        XCTAssertEqual(try Binary.run(["routes", path("examples/surveys/mood-loop.json"), "--write-scripts", file]).status, 3)
    }

    func testTheReportFormatIsFormatEverywhereWithTheOldSpellingsKept() throws {
        let script = path("examples/scripts/mood-loop/low-then-fine.json"), survey = path("examples/surveys/mood-loop.json")
        let now = ["--now", "2026-01-02T03:04:05.000+00:00", "--seed", "1"]
        let format = try Binary.run(["run", survey, "--answers", script, "--format", "text"] + now)
        let report = try Binary.run(["run", survey, "--answers", script, "--report", "text"] + now)
        let short = try Binary.run(["run", survey, "--answers", script, "-f", "text"] + now)
        XCTAssertEqual(format.status, 0, format.stderr)
        XCTAssertTrue(format.stdout.hasSuffix("run completed\n"), format.stdout)
        XCTAssertEqual(report.stdout, format.stdout)
        XCTAssertEqual(short.stdout, format.stdout)

        let schema = Paths.fixture("validate/person.schema.json"), instance = Paths.fixture("validate/invalid.json")
        let basic = try Binary.run(["validate", "-s", schema, "--format", "basic", instance])
        XCTAssertEqual(try Binary.run(["validate", "-s", schema, "-o", "basic", instance]).stdout, basic.stdout)
        XCTAssertEqual(try Binary.run(["validate", "-s", schema, "-f", "basic", instance]).stdout, basic.stdout)
        XCTAssertTrue(try Binary.run(["run", "--help"]).stdout.contains("--format, -f FORMAT"))
        XCTAssertTrue(try Binary.run(["run", "--help"]).stdout.contains("(also --report, the older spelling)"))

        let lint = try Binary.run(["lint", "--report", "json", survey])
        XCTAssertEqual(lint.status, 2)
        XCTAssertTrue(lint.stderr.hasPrefix("error: unknown option '--report' for 'assess lint' (did you mean --format or -f? '--report' is its spelling in 'assess run')\n"), lint.stderr)
        let verify = try Binary.run(["verify", "--output", "json", "x.zip"])
        XCTAssertEqual(verify.status, 2)
        XCTAssertTrue(verify.stderr.hasPrefix("error: unknown option '--output' for 'assess verify' (did you mean --format or -f?"), verify.stderr)
        let batch = try Binary.run(["lint", "--batch", "x"])
        XCTAssertTrue(batch.stderr.hasPrefix("error: unknown option '--batch' for 'assess lint' (--batch is an option of 'assess verify')"), batch.stderr)
    }
}
