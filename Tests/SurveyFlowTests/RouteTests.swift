import AssessmentModel
import AssessmentRunner
import Foundation
import JSONCore
import XCTest
@testable import SurveyFlow

final class RouteTests: XCTestCase {
    let environment = RunEnvironment.fixed(at: Fixtures.now, seed: 3)

    /// Runs every route's script, checks the run against the route's expected outcome, and returns the coverage.
    func runRoutes(_ set: RouteSet, planner: RoutePlanner, survey: SurveyDocument, file: StaticString = #filePath, line: UInt = #line) throws -> Coverage {
        var coverage = Coverage(graph: planner.graph)
        let navigator = Navigator(assessment: survey.assessment)
        for route in set.routes {
            let script = try AnswerScript.parse(planner.script(route)).get()
            let run = ScriptedRun(navigator: navigator, script: script, environment: environment)
            XCTAssertNil(run.failure, planner.describe(route), file: file, line: line)
            XCTAssertEqual(RunReport(run).differences(from: planner.expected(route)), [], planner.describe(route), file: file, line: line)
            coverage.add(run.session)
        }
        return coverage
    }

    func testExampleSurveyRoutesTakeEveryReachableEdgeInRealRuns() throws {
        let survey = try Fixtures.survey("examples/surveys/example-survey.json")
        let planner = RoutePlanner(graph: Fixtures.graph(survey))
        let set = planner.edgeCovering(maxRoutes: 1000)
        XCTAssertFalse(set.truncated)
        XCTAssertEqual(set.uncovered, [])
        XCTAssertLessThanOrEqual(set.routes.count, 3, "few routes, not one per edge")
        let coverage = try runRoutes(set, planner: planner, survey: survey)
        XCTAssertEqual(coverage.state.takenEdges, Set(planner.graph.reachableEdges.map(\.index)))
        let report = CoverageReport(coverage, document: survey, file: "s.json")
        XCTAssertEqual(report.edgePercent, 100)
        XCTAssertEqual(report.summary(.steps).covered, report.summary(.steps).total)
        // The loop back to choiceQ1 is taken, once per route at most.
        let loop = try XCTUnwrap(Fixtures.edgeLines(planner.graph).firstIndex(of: "followupQ -> choiceQ1 [rule 0] = false"))
        XCTAssertTrue(set.routes.contains { $0.edges.contains(loop) })
        XCTAssertTrue(set.routes.allSatisfy { $0.edges.filter { $0 == loop }.count <= 1 })
    }

    func testThirtyBranchingQuestionsNeedThreeRoutesNotThreeToTheThirty() throws {
        let survey = try Fixtures.survey(text: Fixtures.branching(questions: 30))
        let planner = RoutePlanner(graph: Fixtures.graph(survey))
        let set = planner.edgeCovering(maxRoutes: 1000)
        XCTAssertEqual(set.routes.count, 3)
        XCTAssertEqual(set.uncovered, [])
        let coverage = try runRoutes(set, planner: planner, survey: survey)
        XCTAssertEqual(CoverageReport(coverage, document: survey, file: "b.json").edgePercent, 100)
        // Witnesses: 1 → b, 2 → c, and 3 (not skip: an answer reaches the fallback) → a.
        let q0 = try XCTUnwrap(planner.graph.vertices.firstIndex { $0.identifier == "q0" })
        XCTAssertEqual(planner.graph.outgoing(q0).map { planner.graph.witnesses[$0] }, [.answer(1), .answer(2), .answer(3)])

        let all = planner.all(maxRoutes: 1000)
        XCTAssertTrue(all.truncated)
        XCTAssertEqual(all.routes.count, 1000)
        XCTAssertEqual(Set(all.routes.map(\.edges)).count, 1000, "routes are distinct")
    }

    func testAllRoutesOfASmallSurveyAreTheFullProduct() throws {
        let survey = try Fixtures.survey(text: Fixtures.branching(questions: 3))
        let planner = RoutePlanner(graph: Fixtures.graph(survey))
        let all = planner.all(maxRoutes: 1000)
        XCTAssertFalse(all.truncated)
        XCTAssertEqual(all.routes.count, 27)
        XCTAssertEqual(Set(all.routes.map(\.edges)).count, 27)
        XCTAssertEqual(CoverageReport(try runRoutes(all, planner: planner, survey: survey), document: survey, file: "b.json").edgePercent, 100)
        XCTAssertEqual(planner.describe(all.routes[0]), "q0 (1) → b0 → q1 (1) → b1 → q2 (1) → b2 → done → completed")
    }

    func testLoopsAreTakenOnceAndStuckEdgesAreReported() throws {
        let text = #"""
        {"type": "assessment", "identifier": "loops", "steps": [
          {"type": "simpleQuestion", "identifier": "mood", "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 1, "maximumValue": 5}},
           "surveyRules": [{"matchingAnswer": 2, "ruleOperator": "le", "skipToIdentifier": "again"}, {"matchingAnswer": 5, "skipToIdentifier": "trap"}]},
          {"type": "completion", "identifier": "done", "nextStepIdentifier": "exit"},
          {"type": "choiceQuestion", "identifier": "again", "baseType": "boolean", "choices": [{"value": true}, {"value": false}],
           "surveyRules": [{"matchingAnswer": true, "skipToIdentifier": "mood"}], "nextStepIdentifier": "done"},
          {"type": "instruction", "identifier": "trap", "nextStepIdentifier": "trap2"},
          {"type": "instruction", "identifier": "trap2", "nextStepIdentifier": "trap"}
        ]}
        """#
        let survey = try Fixtures.survey(text: text)
        let planner = RoutePlanner(graph: Fixtures.graph(survey))
        let set = planner.edgeCovering(maxRoutes: 10)
        let lines = Fixtures.edgeLines(planner.graph)
        XCTAssertEqual(set.uncovered.map { lines[$0] }, ["mood -> trap [rule 1] = 5", "trap -> trap2 [nextStepIdentifier]", "trap2 -> trap [nextStepIdentifier]"])
        let coverage = try runRoutes(set, planner: planner, survey: survey)
        XCTAssertEqual(coverage.state.takenEdges.count, planner.coverableEdges.count)
        XCTAssertEqual(planner.expected(set.routes[0])["status"], "exited")
        let back = try XCTUnwrap(lines.firstIndex(of: "again -> mood [rule 0] = true"))
        XCTAssertEqual(set.routes.flatMap(\.edges).filter { $0 == back }.count, 1)
    }
}
