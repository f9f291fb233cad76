import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// `--platform ios|android`: a run follows the Swift (iOS) or Kotlin (Android) engine where they differ.
final class PlatformRunTests: XCTestCase {
    private func run(_ survey: Node, _ script: JSONValue, platform: EnginePlatform?) throws -> RunReport {
        let parsed = try AnswerScript.parse(script).get()
        var environment = Runs.environment
        environment.platform = platform
        return RunReport(ScriptedRun(survey: survey.readingTargets(as: platform ?? .ios), script: parsed, environment: environment))
    }

    /// Kotlin matches navigation keywords ignoring case; Swift treats "Exit" as a missing step, so the
    /// survey ends there too but as the end of the container, after no "exit".
    func testAKeywordInOtherCapitalsIsAKeywordOnAndroidOnly() throws {
        let survey = try Runs.survey(#"{"type": "section", "identifier": "s", "steps": [\#(Runs.integerQuestion("q", rules: #"[{"matchingAnswer": 1, "skipToIdentifier": "Exit"}]"#)), \#(Runs.instruction("inSection"))]}, \#(Runs.instruction("after"))"#)
        let android = try run(survey, ["q": 1], platform: .android)
        XCTAssertEqual(Runs.path(android), ["q"])
        XCTAssertEqual(android.session.status, .exited, "Android exits the whole assessment")
        let ios = try run(survey, ["q": 1], platform: .ios)
        XCTAssertEqual(Runs.path(ios), ["q", "after"], "iOS finds no step \"Exit\": the section ends and the survey goes on")
        XCTAssertEqual(Runs.path(try run(survey, ["q": 1], platform: nil)), ["q", "after"], "the default is iOS's exact keywords")
    }

    /// Swift compares time bounds to the minute; Kotlin keeps the seconds.
    func testATimeBoundsSecondsCountOnAndroidOnly() throws {
        let survey = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "wake", "inputItem": {"type": "time", "formatOptions": {"minimumValue": "06:30:02"}}}, \#(Runs.instruction("end"))"#)
        XCTAssertNil(try run(survey, ["wake": "06:30"], platform: .ios).failure)
        XCTAssertEqual(try run(survey, ["wake": "06:30"], platform: .android).failure?.description, "step \"wake\": 06:30 is before the earliest time 06:30:02")
        XCTAssertNotNil(try run(survey, ["wake": "06:30"], platform: nil).failure, "the default keeps seconds, as Android")
        XCTAssertNotNil(try run(survey, ["wake": "06:29"], platform: .ios).failure, "a minute earlier fails on both")
    }

    /// Kotlin keeps a single-step resource's own identifier; Swift uses the transform's.
    func testATransformsSingleStepKeepsItsIdentifierOnAndroidOnly() throws {
        let document = try SurveyDocument(text: #"{"type": "assessment", "identifier": "survey", "steps": [{"type": "transform", "identifier": "intro", "resourceName": "welcome"}, {"type": "completion", "identifier": "done"}]}"#)
        let resources = SurveyResources(location: "res") { $0 == "welcome.json" ? Array(#"{"type": "instruction", "identifier": "welcomeStep"}"#.utf8) : nil }
        var failures: [(node: Node, error: TransformError)] = []
        let ios = document.assessment.resolvingTransforms(from: resources, failures: &failures, platform: .ios)
        let android = document.assessment.resolvingTransforms(from: resources, failures: &failures, platform: .android)
        XCTAssertTrue(failures.isEmpty)
        XCTAssertEqual(Runs.path(try run(ios, ["steps": []], platform: .ios)), ["intro", "done"])
        XCTAssertEqual(Runs.path(try run(android, ["steps": []], platform: .android)), ["welcomeStep", "done"])
    }
}
