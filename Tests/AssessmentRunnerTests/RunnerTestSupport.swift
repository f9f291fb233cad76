import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// Builds surveys and runs scripts for the navigation tests.
enum Runs {
    static let environment = RunEnvironment.fixed(at: Date(timeIntervalSince1970: 1_767_323_045), seed: 1)

    static func survey(_ steps: String, root: String = "") throws -> Node {
        try SurveyDocument(text: "{\"type\": \"assessment\", \"identifier\": \"survey\", \(root)\"steps\": [\(steps)]}").assessment
    }

    static func run(_ survey: Node, _ script: JSONValue) throws -> RunReport {
        guard case .success(let parsed) = AnswerScript.parse(script) else { throw ScriptError("bad script") }
        return RunReport(ScriptedRun(survey: survey, script: parsed, environment: environment))
    }

    static func path(_ report: RunReport) -> [String] { report.session.shown.map(\.identifier) }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func exampleSurvey(_ name: String = "example-survey") throws -> Node {
        let url = repository.appendingPathComponent("examples/surveys/\(name).json")
        return try SurveyDocument(bytes: Array(Data(contentsOf: url))).assessment
    }

    static func integerQuestion(_ id: String, rules: String = "[]", extra: String = "") -> String {
        #"{"type": "simpleQuestion", "identifier": "\#(id)", "inputItem": {"type": "integer"}, "surveyRules": \#(rules)\#(extra)}"#
    }

    static func instruction(_ id: String, extra: String = "") -> String {
        #"{"type": "instruction", "identifier": "\#(id)"\#(extra)}"#
    }
}
