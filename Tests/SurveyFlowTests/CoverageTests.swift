import AssessmentModel
import AssessmentRunner
import Foundation
import JSONCore
import XCTest
@testable import SurveyFlow

final class CoverageTests: XCTestCase {
    let environment = RunEnvironment.fixed(at: Fixtures.now, seed: 1)

    func session(_ survey: SurveyDocument, script name: String) throws -> RunSession {
        let data = try Data(contentsOf: Fixtures.repository.appendingPathComponent("examples/scripts/example-survey/\(name).json"))
        let script = try AnswerScript.parse(try JSONDocument(bytes: Array(data)).value).get()
        let run = ScriptedRun(survey: survey.assessment, script: script, environment: environment)
        XCTAssertNil(run.failure)
        return run.session
    }

    func testOneRunCoversExactlyTheEdgesItTook() throws {
        let survey = try Fixtures.survey("examples/surveys/example-survey.json")
        var coverage = Coverage(graph: Fixtures.graph(survey))
        coverage.add(try session(survey, script: "skip"))
        let graph = coverage.graph
        let taken = coverage.state.takenEdges.sorted().map { Fixtures.edgeLines(graph)[$0] }
        XCTAssertEqual(taken, [
            "start -> overview [start]", "overview -> choiceQ1 [next]", "choiceQ1 -> followupQ [rule 0] skip",
            "followupQ -> multipleChoice [next] else", "multipleChoice -> favoriteFood [next]",
            "favoriteFood -> completion [rule 0] ≠ \"pizza\"", "completion -> completed [next]",
        ])
        XCTAssertEqual(coverage.state.shownCounts.keys.sorted { $0.dropFirst().count == $1.dropFirst().count ? $0 < $1 : $0.count < $1.count },
                       ["n1", "n2", "n7", "n8", "n9", "n11"])
        let choiceQ1 = try XCTUnwrap(graph.vertices.firstIndex { $0.identifier == "choiceQ1" })
        XCTAssertEqual(coverage.state.buttonCounts, [ButtonUse(vertex: choiceQ1, button: .skip): 1, ButtonUse(vertex: choiceQ1 + 6, button: .skip): 1])
        // followupQ answered true, favoriteFood "sushi": the choices picked.
        XCTAssertEqual(Set(coverage.state.choiceCounts.keys.map(\.description)), ["/steps/6/choices/0", "/steps/8/choices/1"])
    }

    func testLoopsAndBackNavigationCountEveryShowingAndButton() throws {
        let survey = try Fixtures.survey("examples/surveys/example-survey.json")
        var coverage = Coverage(graph: Fixtures.graph(survey))
        coverage.add(try session(survey, script: "loop-and-back"))
        let graph = coverage.graph
        func id(_ identifier: String) -> String { graph.vertices.first { $0.identifier == identifier }?.id ?? "?" }
        XCTAssertEqual(coverage.state.shownCounts[id("followupQ")], 3)
        XCTAssertEqual(coverage.state.shownCounts[id("simpleQ1")], 2)
        XCTAssertEqual(coverage.state.shownCounts[id("favoriteFood")], 1, "cancelled there: shown once")
        let loop = try XCTUnwrap(Fixtures.edgeLines(graph).firstIndex(of: "followupQ -> choiceQ1 [rule 0] = false"))
        XCTAssertEqual(coverage.state.edgeCounts[loop], 1)
        let followup = try XCTUnwrap(graph.vertices.firstIndex { $0.identifier == "followupQ" })
        XCTAssertEqual(coverage.state.buttonCounts[ButtonUse(vertex: followup, button: .goBackward)], 1)
        XCTAssertEqual(coverage.state.buttonCounts[ButtonUse(vertex: followup + 2, button: .cancel)], 1)
        XCTAssertNil(coverage.state.edgeCounts[Fixtures.edgeLines(graph).firstIndex(of: "favoriteFood -> pizza [next] else") ?? -1])
    }

    func testReportNamesMissedItemsWithPositionsInEveryFormat() throws {
        let survey = try Fixtures.survey("examples/surveys/example-survey.json")
        var coverage = Coverage(graph: Fixtures.graph(survey))
        coverage.add(try session(survey, script: "skip"))
        coverage.add(try session(survey, script: "birth-year-pizza"))
        let report = CoverageReport(coverage, document: survey, file: "survey.json")
        XCTAssertEqual(report.summary(.steps).covered, 8)
        XCTAssertEqual(report.summary(.steps).total, 10)
        XCTAssertEqual(report.summary(.edges).total, 15)
        XCTAssertEqual(report.summary(.edges).covered, 10, "the start edge is not an item")
        XCTAssertEqual(report.edgePercent, 10.0 * 100 / 15, accuracy: 0.001)
        let text = report.text
        XCTAssertTrue(text.hasPrefix("coverage of survey.json over 2 runs:\n  steps         8/10  80.0%\n  edges        10/15  66.7%\n"), text)
        XCTAssertTrue(text.contains("\n  survey.json:73:5: step \"simpleQ1\"\n"), text)
        XCTAssertTrue(text.contains("\n  survey.json:35:9: edge choiceQ1 → simpleQ1 (= 1)\n"), text)
        XCTAssertTrue(text.contains("\n  survey.json:113:5: step \"simpleQ4\": unreachable\n"), text)
        XCTAssertTrue(text.contains("\n  survey.json:67:9: choice 3 of \"choiceQ1\": an earlier choice has the same value\n"), text)
        let json = report.json
        XCTAssertEqual(json["summary"]?["edges"]?["percent"], 66.7)
        let missedRule = try XCTUnwrap(json["items"]?.arrayValue?.first { $0["name"]?.stringValue == "rule 3 of \"choiceQ1\" (= 3)" })
        XCTAssertEqual(missedRule["status"], "missed")
        XCTAssertEqual(missedRule["line"], 43)
        // A JSON report reads back into what it says was covered.
        XCTAssertEqual(CoverageReport.state(fromJSON: json)?.takenEdges, coverage.state.takenEdges.subtracting([0]))
        XCTAssertEqual(CoverageReport.state(fromJSON: json)?.shown, coverage.state.shown)
        let lcov = report.lcov.split(separator: "\n").map(String.init)
        XCTAssertEqual(lcov.prefix(3), ["TN:assess", "SF:survey.json", "DA:20,2"])
        XCTAssertTrue(lcov.contains("DA:73,0"))
        XCTAssertTrue(lcov.contains("BRF:15"))
        XCTAssertTrue(lcov.contains("BRH:10"))
        XCTAssertEqual(lcov.last, "end_of_record")
    }

    func testCoverageColoursTheGraph() throws {
        let survey = try Fixtures.survey("examples/surveys/example-survey.json")
        var coverage = Coverage(graph: Fixtures.graph(survey))
        coverage.add(try session(survey, script: "skip"))
        let writer = GraphWriter(graph: coverage.graph, coverage: coverage.state)
        XCTAssertTrue(writer.dot.contains(##"n2 -> n7 [label="skip", color="#2ca02c"];"##), writer.dot)
        XCTAssertTrue(writer.dot.contains(##"n2 -> n3 [label="= 1", color="#d62728"];"##), writer.dot)
        XCTAssertTrue(writer.dot.contains(##"label="simpleQ1\nsimpleQuestion", color="#d62728", penwidth=2];"##), writer.dot)
        XCTAssertTrue(writer.svg.contains("url(#arrow-covered)"))
        XCTAssertEqual(writer.json["edges"]?.arrayValue?.filter { $0["covered"] == true }.count, 7)
    }
}
