import AssessmentModel
import Foundation
import JSONCore
import XCTest
@testable import SurveyFlow

/// Surveys and graphs shared by the SurveyFlow tests.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// A fixed "now" so year bounds and witnesses do not depend on the clock.
    static let now = Date(timeIntervalSince1970: 1_767_323_045)

    static func path(_ relative: String) -> String { repository.appendingPathComponent(relative).path }

    static func survey(_ relative: String) throws -> SurveyDocument {
        let data = try Data(contentsOf: repository.appendingPathComponent(relative))
        return try SurveyDocument(bytes: Array(data))
    }

    static func survey(text: String) throws -> SurveyDocument {
        try SurveyDocument(text: text)
    }

    static func graph(_ document: SurveyDocument) -> FlowGraph {
        FlowGraph(survey: document.assessment, now: now)
    }

    /// `from -> to [via] label` for every edge, with `dead` appended for dead ones.
    static func edgeLines(_ graph: FlowGraph) -> [String] {
        graph.edges.map { edge in
            let from = graph.vertices[edge.from].stepPath, to = graph.vertices[edge.to].stepPath
            return "\(from) -> \(to) [\(edge.via.name)]" + (edge.label.isEmpty ? "" : " \(edge.label)") + (edge.dead ? " dead" : "")
        }
    }

    /// A generated survey of `count` steps: every third is an integer question whose rule (`gt 5`)
    /// jumps two steps ahead; the others are instructions.
    static func linear(steps count: Int) -> String {
        var items: [String] = []
        for index in 0..<count {
            let id = "s\(index)"
            if index % 3 == 1, index + 2 < count {
                items.append(#"{"type": "simpleQuestion", "identifier": "\#(id)", "title": "Question \#(index)", "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 0, "maximumValue": 10}}, "surveyRules": [{"matchingAnswer": 5, "ruleOperator": "gt", "skipToIdentifier": "s\#(index + 2)"}]}"#)
            } else {
                items.append(#"{"type": "instruction", "identifier": "\#(id)", "title": "Step \#(index)"}"#)
            }
        }
        return #"{"type": "assessment", "identifier": "generated", "steps": [\#(items.joined(separator: ",\n"))]}"#
    }

    /// `count` branching choice questions in a row: `q` answered 1 goes to `b`, 2 to `c`, anything
    /// else (3 or skip) to `a`; each of `a`, `b`, `c` leads to the next question. 3^count routes.
    static func branching(questions count: Int) -> String {
        var items: [String] = []
        for index in 0..<count {
            let next = index + 1 < count ? "q\(index + 1)" : "done"
            items.append(#"{"type": "choiceQuestion", "identifier": "q\#(index)", "baseType": "integer", "choices": [{"value": 1, "text": "one"}, {"value": 2, "text": "two"}, {"value": 3, "text": "three"}], "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "b\#(index)"}, {"matchingAnswer": 2, "skipToIdentifier": "c\#(index)"}]}"#)
            items.append(#"{"type": "instruction", "identifier": "a\#(index)", "nextStepIdentifier": "\#(next)"}"#)
            items.append(#"{"type": "instruction", "identifier": "b\#(index)", "nextStepIdentifier": "\#(next)"}"#)
            items.append(#"{"type": "instruction", "identifier": "c\#(index)"}"#)
        }
        items.append(#"{"type": "completion", "identifier": "done"}"#)
        return #"{"type": "assessment", "identifier": "branching", "steps": [\#(items.joined(separator: ",\n"))]}"#
    }
}
