import AssessmentModel
import AssessmentRunner
import Foundation
import JSONCore
import SurveyFlow

/// Routes + coverage on a generated survey: parse, graph with witness answers, edge-covering routes,
/// each route's script parsed and run, coverage accumulated and reported.
enum FlowBenchmark {
    static func run(steps: Int) {
        let bytes = Array(survey(steps: steps).utf8)
        let now = Date(timeIntervalSince1970: 1_767_323_045)
        let environment = RunEnvironment.fixed(at: now, seed: 1)
        let clock = ContinuousClock()
        var best = Duration.seconds(1000)
        var summary = ""
        for _ in 0..<3 {
            let start = clock.now
            guard let document = try? SurveyDocument(bytes: bytes) else { fatalError("the generated survey does not parse") }
            let planner = RoutePlanner(graph: FlowGraph(survey: document.assessment, now: now))
            let routes = planner.edgeCovering(maxRoutes: 1000)
            var coverage = Coverage(graph: planner.graph)
            let navigator = Navigator(assessment: document.assessment)
            var shown = 0
            for route in routes.routes {
                guard case .success(let script) = AnswerScript.parse(planner.script(route)) else { fatalError("a route script does not parse") }
                let run = ScriptedRun(navigator: navigator, script: script, environment: environment)
                guard run.failure == nil, RunReport(run).differences(from: planner.expected(route)).isEmpty else {
                    fatalError("route did not run as expected: \(run.failure?.description ?? "differences")")
                }
                shown += run.session.shown.count
                coverage.add(run.session)
            }
            let report = CoverageReport(coverage, document: document, file: "generated.json")
            best = min(best, clock.now - start)
            let edges = report.summary(.edges)
            summary = "\(routes.routes.count) routes, \(shown) steps shown, edges \(edges.covered)/\(edges.total)"
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        print(String(format: "assess routes + coverage: %d-step survey, %@: %.3f s (best of 3)", steps, summary, seconds))
    }

    /// Sections of 100 steps. Every 4th step is an integer question with `lt`/`gt` rules jumping 2 and
    /// 3 steps ahead; every 25th a yes/no question that loops 10 steps back; the rest instructions.
    static func survey(steps: Int) -> String {
        var sections: [String] = []
        for section in 0..<(steps / 100) {
            var items: [String] = []
            for index in 0..<100 {
                let id = "s\(section)q\(index)"
                if index % 25 == 24 {
                    items.append(#"{"type": "choiceQuestion", "identifier": "\#(id)", "baseType": "boolean", "choices": [{"value": true, "text": "Yes"}, {"value": false, "text": "No"}], "surveyRules": [{"matchingAnswer": true, "skipToIdentifier": "s\#(section)q\#(index - 10)"}]}"#)
                } else if index % 4 == 1, index + 3 < 100 {
                    items.append(#"{"type": "simpleQuestion", "identifier": "\#(id)", "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 0, "maximumValue": 10}}, "surveyRules": [{"matchingAnswer": 3, "ruleOperator": "lt", "skipToIdentifier": "s\#(section)q\#(index + 2)"}, {"matchingAnswer": 7, "ruleOperator": "gt", "skipToIdentifier": "s\#(section)q\#(index + 3)"}]}"#)
                } else {
                    items.append(#"{"type": "instruction", "identifier": "\#(id)", "title": "Step \#(id)"}"#)
                }
            }
            sections.append(#"{"type": "section", "identifier": "section\#(section)", "steps": [\#(items.joined(separator: ",\n"))]}"#)
        }
        return #"{"type": "assessment", "identifier": "generated", "steps": [\#(sections.joined(separator: ",\n"))]}"#
    }
}
