import AssessmentModel
import AssessmentLint
import AssessmentRunner
import JSONCore
import XCTest
@testable import SurveyFlow

final class FlowGraphTests: XCTestCase {
    func testExampleSurveyEdgesAreExactlyTheWaysOfLeavingEachStep() throws {
        let graph = Fixtures.graph(try Fixtures.survey("examples/surveys/example-survey.json"))
        XCTAssertEqual(Fixtures.edgeLines(graph), [
            "start -> overview [start]",
            "overview -> choiceQ1 [next]",
            "choiceQ1 -> followupQ [rule 0] skip",
            "choiceQ1 -> simpleQ1 [rule 1] = 1",
            "choiceQ1 -> simpleQ2 [rule 2] = 2",
            "choiceQ1 -> simpleQ3 [rule 3] = 3",
            "choiceQ1 -> simpleQ4 [rule 4] = 4 dead",
            "choiceQ1 -> simpleQ1 [next] else dead",
            "simpleQ1 -> followupQ [nextStepIdentifier]",
            "simpleQ2 -> followupQ [nextStepIdentifier]",
            "simpleQ3 -> followupQ [nextStepIdentifier]",
            "simpleQ4 -> followupQ [nextStepIdentifier]",
            "followupQ -> choiceQ1 [rule 0] = false",
            "followupQ -> multipleChoice [next] else",
            "multipleChoice -> favoriteFood [next]",
            "favoriteFood -> completion [rule 0] ≠ \"pizza\"",
            "favoriteFood -> pizza [next] else",
            "pizza -> completion [next]",
            "completion -> completed [next]",
        ])
        XCTAssertEqual(graph.vertices.filter { !$0.reachable }.map(\.identifier), ["simpleQ4"])
        XCTAssertEqual(graph.vertices.filter(\.stuck).map(\.identifier), [])
        // Every live edge leaving a question has a witness; the skip rule's witness is the skip button.
        let choiceQ1 = try XCTUnwrap(graph.vertices.firstIndex { $0.identifier == "choiceQ1" })
        let witnesses = graph.outgoing(choiceQ1).map { graph.witnesses[$0] }
        XCTAssertEqual(witnesses, [.skip, .answer(1), .answer(2), .answer(3), nil, nil])
        XCTAssertEqual(graph.reachableEdges.count, 16)
    }

    func testUnreachableAndStuckStepsAgreeWithLint() throws {
        let stuck = #"""
        {"type": "assessment", "identifier": "loops", "steps": [
          {"type": "choiceQuestion", "identifier": "q1", "baseType": "integer", "choices": [{"value": 1}, {"value": 2}, {"value": 3}],
           "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "beginning"}, {"matchingAnswer": 2, "skipToIdentifier": "exit"}]},
          {"type": "instruction", "identifier": "a", "nextStepIdentifier": "b"},
          {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"},
          {"type": "instruction", "identifier": "never"}
        ]}
        """#
        var documents = try ["example-survey", "food-choices", "mood-loop", "sleep-sections"].map { try Fixtures.survey("examples/surveys/\($0).json") }
        documents.append(try Fixtures.survey(text: stuck))
        for document in documents {
            let graph = Fixtures.graph(document)
            let findings = Linter().lint(bytes: Array(JSONWriter.compact.string(document.json.value).utf8), file: "x").findings
            let unreachable = Set(findings.filter { $0.ruleID == "unreachable-step" }.map(\.pointer))
            XCTAssertEqual(Set(graph.vertices.filter { !$0.reachable && $0.pointer != nil }.compactMap(\.pointer)), unreachable, document.assessment.identifier)
            XCTAssertEqual(graph.vertices.contains(where: \.stuck), findings.contains { $0.ruleID == "endless-loop" }, document.assessment.identifier)
        }
        let graph = Fixtures.graph(try Fixtures.survey(text: stuck))
        XCTAssertEqual(Fixtures.edgeLines(graph), [
            "start -> q1 [start]", "q1 -> q1 [rule 0] = 1", "q1 -> exited [rule 1] = 2", "q1 -> a [next] else",
            "a -> b [nextStepIdentifier]", "b -> a [nextStepIdentifier]", "never -> completed [next]",
        ])
        XCTAssertEqual(graph.edges[1].restarts, true)
        XCTAssertEqual(graph.vertices.filter(\.stuck).map(\.identifier), ["a", "b"])
    }

    func testSectionEdgesRecordTheSectionsTheyLeave() throws {
        let graph = Fixtures.graph(try Fixtures.survey("examples/surveys/sleep-sections.json"))
        let leaving = graph.edges.filter { !$0.leaves.isEmpty }.map { edge in
            "\(graph.vertices[edge.from].stepPath) -> \(graph.vertices[edge.to].stepPath) leaves \(edge.leaves.joined(separator: ","))"
        }
        XCTAssertEqual(leaving, [
            "lastNight/sleptWell -> habits/bedtime leaves lastNight",
            "lastNight/hoursAwake -> habits/bedtime leaves lastNight",
            "habits/caffeine/cups -> completion leaves caffeine,habits",
            "habits/caffeine/lastCup -> completion leaves caffeine,habits",
        ])
        XCTAssertEqual(graph.clusters.map(\.identifier), ["lastNight", "habits", "caffeine"])
        XCTAssertEqual(graph.clusters[2].parent, 1)
    }

    func testWitnessesRespectRoundingBoundsAndTypes() throws {
        let text = #"""
        {"type": "assessment", "identifier": "numbers", "steps": [
          {"type": "simpleQuestion", "identifier": "rate", "inputItem": {"type": "number", "formatOptions": {"maximumFractionDigits": 1, "minimumValue": 0, "maximumValue": 5}},
           "surveyRules": [{"matchingAnswer": 2.5, "skipToIdentifier": "end"}]},
          {"type": "simpleQuestion", "identifier": "count", "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 3, "maximumValue": 9}},
           "surveyRules": [{"matchingAnswer": 3, "ruleOperator": "lt", "skipToIdentifier": "end"}, {"matchingAnswer": 8, "ruleOperator": "ge", "skipToIdentifier": "end"}]},
          {"type": "simpleQuestion", "identifier": "born", "inputItem": {"type": "year", "formatOptions": {"allowFuture": false}},
           "surveyRules": [{"matchingAnswer": 2026, "ruleOperator": "gt", "skipToIdentifier": "end"}]},
          {"type": "completion", "identifier": "end"}
        ]}
        """#
        let graph = Fixtures.graph(try Fixtures.survey(text: text))
        func outcomes(_ identifier: String) -> [String] {
            guard let vertex = graph.vertices.firstIndex(where: { $0.identifier == identifier }) else { return [] }
            return graph.outgoing(vertex).map { edge in
                graph.edges[edge].dead ? "dead" : (graph.witnesses[edge]?.description ?? "none")
            }
        }
        let rate = outcomes("rate")
        XCTAssertEqual(rate[0], "2.5")
        let other = try XCTUnwrap(Double(rate[1]))
        XCTAssertNotEqual((other * 10).rounded(), 25, "the fallback witness must not round to 2.5 at one decimal")
        // Nothing between 3 and 9 is below 3; 8 and 9 are at least 8.
        XCTAssertEqual(outcomes("count").first, "dead")
        XCTAssertEqual(outcomes("count")[1], "8")
        // Years after 2026 are in the future (now is 2026-01-02), which the question forbids.
        XCTAssertEqual(outcomes("born").first, "dead")
    }

    func testDotMermaidAndJSONWritersCarryEveryEdge() throws {
        let document = try Fixtures.survey("examples/surveys/example-survey.json")
        let graph = Fixtures.graph(document)
        let writer = GraphWriter(graph: graph, locate: { document.position(of: $0) })
        let dot = writer.dot
        XCTAssertTrue(dot.hasPrefix("digraph \"surveyA\" {"))
        XCTAssertTrue(dot.contains(##"n2 -> n6 [label="= 4 (dead)", color="#d62728", fontcolor="#d62728", style=dashed];"##), dot)
        XCTAssertTrue(dot.contains(#"n9 -> n11 [label="≠ \"pizza\""];"#), dot)
        XCTAssertTrue(dot.contains(#"n6 [shape=box, style="rounded,filled,dashed""#), dot)
        XCTAssertEqual(dot.components(separatedBy: " -> ").count - 1, graph.edges.count)
        let mermaid = writer.mermaid
        XCTAssertTrue(mermaid.hasPrefix("flowchart TD\n"))
        XCTAssertTrue(mermaid.contains(#"n9 -->|"≠ #quot;pizza#quot;"| n11"#), mermaid)
        XCTAssertTrue(mermaid.contains("n2 -.->|\"= 4 (dead)\"| n6"), mermaid)
        XCTAssertTrue(mermaid.contains("class n6 unreachable"), mermaid)
        let json = writer.json
        let edges = try XCTUnwrap(json["edges"]?.arrayValue)
        XCTAssertEqual(edges.count, graph.edges.count)
        let dead = try XCTUnwrap(edges.first { $0["label"]?.stringValue == "= 4" })
        XCTAssertEqual(dead["dead"], true)
        XCTAssertEqual(dead["line"], 47)
        XCTAssertEqual(dead["pointer"]?.stringValue, "/steps/1/surveyRules/4")
        XCTAssertEqual(json["vertices"]?.arrayValue?.count, graph.vertices.count)
    }

    func testSectionsAreNestedClustersInDotAndMermaid() throws {
        let graph = Fixtures.graph(try Fixtures.survey("examples/surveys/sleep-sections.json"))
        let writer = GraphWriter(graph: graph)
        let dot = writer.dot
        let habits = try XCTUnwrap(dot.range(of: "subgraph cluster_1 {")), caffeine = try XCTUnwrap(dot.range(of: "subgraph cluster_2 {"))
        XCTAssertLessThan(habits.lowerBound, caffeine.lowerBound)
        XCTAssertTrue(dot.contains("\n    subgraph cluster_2 {"), "caffeine is drawn inside habits")
        XCTAssertTrue(writer.mermaid.contains("  subgraph s1 [\"habits\"]\n    subgraph s2 [\"caffeine\"]\n      n6("), writer.mermaid)
    }
}
