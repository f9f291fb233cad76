import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// Lint warnings where the Swift (iOS) and Kotlin (Android) engines of AssessmentModelKMM behave
/// differently on the same survey.
final class PlatformRuleTests: XCTestCase {
    private func lint(_ steps: String, resources: [String: String] = [:]) -> [Finding] {
        let text = "{\"type\": \"assessment\", \"identifier\": \"survey\", \"steps\": [\n\(steps)\n]}"
        let files = resources
        let linter = Linter(resources: SurveyResources(location: "res") { files[$0].map { Array($0.utf8) } })
        return linter.lint(bytes: Array(text.utf8), file: "t.json").findings
    }

    private let completion = #"{"type": "completion", "identifier": "done"}"#

    /// Kotlin `NavigationIdentifier` matching keywords ignoring case vs Swift's exact raw values.
    func testAKeywordInOtherCapitalsIsAWarningWithItsFixNotAnUnknownTarget() throws {
        // One finding each, not an unknown-target error too.
        let findings = assertLint(survey(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": 1️⃣"Exit"}, {"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": 2️⃣"NEXTSECTION"}]}, "# + completion), [
            FindingSpec("1️⃣", .platformKeywordCase, severity: .warning),
            FindingSpec("2️⃣", .platformKeywordCase, severity: .warning, message: #""NEXTSECTION" is the keyword "nextSection" on Android"#),
        ], rules: [.platformKeywordCase, .unknownTarget])
        let platform = findings.filter { $0.rule == .platformKeywordCase }
        XCTAssertEqual(platform.first?.message, #""Exit" is the keyword "exit" on Android (Kotlin matches keywords ignoring case) but no step on iOS (Swift), where "survey" silently ends there; write "exit""#)
        XCTAssertEqual(platform.first?.fixes.first?.edits.first?.replacement, "\"exit\"")
        XCTAssertEqual(lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "exit"}, "# + completion).filter { $0.rule == .platformKeywordCase }, [])
        XCTAssertEqual(lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "Exit"}, {"type": "instruction", "identifier": "Exit"}, "# + completion)
                        .filter { $0.rule == .platformKeywordCase }, [], "a sibling step of that name is no keyword")
    }

    /// Swift's time input compares hours and minutes only; Kotlin compares seconds too.
    func testATimeBoundWithSecondsIsAWarningAndWholeMinutesAreNot() {
        // 09:00:00 has no seconds that matter.
        let question = #"{"type": "simpleQuestion", "identifier": "wake", "inputItem": {"type": "time", "formatOptions": {"minimumValue": 1️⃣"06:30:02", "maximumValue": "09:00:00"}}}"#
        let findings = assertLint(survey(question + ", " + completion), [FindingSpec("1️⃣", .platformTimeSeconds, severity: .warning)])
            .filter { $0.rule == .platformTimeSeconds }
        XCTAssertEqual(findings.first?.message, #"time bound minimumValue "06:30:02" of "wake" has seconds: 06:30 passes it on iOS (Swift drops seconds) but not on Android (Kotlin keeps them); write "06:30""#)
        XCTAssertEqual(findings.first?.fixes.first?.edits.first?.replacement, "\"06:30\"")
        let late = #"{"type": "simpleQuestion", "identifier": "bed", "inputItem": {"type": "time", "formatOptions": {"maximumValue": "22:15:30"}}}"#
        XCTAssertEqual(lint(late + ", " + completion).filter { $0.rule == .platformTimeSeconds }.count, 1, "22:15:45 passes on iOS only")
        let last = #"{"type": "simpleQuestion", "identifier": "bed", "inputItem": {"type": "time", "formatOptions": {"maximumValue": "23:59:59"}}}"#
        XCTAssertEqual(lint(last + ", " + completion).filter { $0.rule == .platformTimeSeconds }, [], "no answer in 23:59 is later than :59")
    }

    /// Kotlin's transform keeps a single-step resource's identifier; Swift renames it to the transform's.
    func testATransformLoadingASingleStepWithAnotherIdentifierIsAWarning() {
        let transform = #"{"type": "transform", "identifier": "intro", "resourceName": "welcome"}"#
        let single = ["welcome.json": #"{"type": "instruction", "identifier": "welcomeStep", "title": "Hi"}"#]
        let findings = lint(transform + ", " + completion, resources: single).filter { $0.rule == .platformTransformIdentifier }
        XCTAssertEqual(findings.map(\.severity), [.warning])
        XCTAssertEqual(findings.first?.message.hasPrefix(#"transform "intro" loads the single step "welcomeStep": iOS (Swift) names it "intro", Android (Kotlin) keeps "welcomeStep""#), true)
        XCTAssertEqual(lint(transform + ", " + completion, resources: ["welcome.json": #"{"type": "instruction", "identifier": "intro"}"#])
                        .filter { $0.rule == .platformTransformIdentifier }, [], "same identifier on both")
        XCTAssertEqual(lint(transform + ", " + completion, resources: ["welcome.json": #"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "x"}]}"#])
                        .filter { $0.rule == .platformTransformIdentifier }, [], "a section takes the transform's identifier on both")
    }
}
