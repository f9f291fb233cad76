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
        RunReport(ScriptedRun(survey: survey, script: try AnswerScript.parse(script).get(), environment: environment))
    }

    static func path(_ report: RunReport) -> [String] { report.session.shown.map(\.identifier) }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An example survey with its `transform` nodes resolved from `examples/surveys`.
    static func exampleSurvey(_ name: String = "example-survey") throws -> Node {
        let folder = repository.appendingPathComponent("examples/surveys")
        let survey = try SurveyDocument(bytes: Array(Data(contentsOf: folder.appendingPathComponent("\(name).json")))).assessment
        let resources = SurveyResources(location: folder.path) { try? Array(Data(contentsOf: folder.appendingPathComponent($0))) }
        var failures: [(node: Node, error: TransformError)] = []
        let resolved = survey.resolvingTransforms(from: resources, failures: &failures)
        XCTAssertTrue(failures.isEmpty, "\(failures.map(\.error))")
        return resolved
    }

    static func integerQuestion(_ id: String, rules: String = "[]", extra: String = "") -> String {
        #"{"type": "simpleQuestion", "identifier": "\#(id)", "inputItem": {"type": "integer"}, "surveyRules": \#(rules)\#(extra)}"#
    }

    static func instruction(_ id: String, extra: String = "") -> String {
        #"{"type": "instruction", "identifier": "\#(id)"\#(extra)}"#
    }
}
