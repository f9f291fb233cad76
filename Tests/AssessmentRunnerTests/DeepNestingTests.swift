import XCTest
import JSONCore
import AssessmentModel
import AssessmentLint
@testable import AssessmentRunner

/// Surveys nested thousands of sections deep lint and run correctly on the test thread's ordinary
/// stack (timing is in `assess-bench nested`, not here).
final class DeepNestingTests: XCTestCase {
    private static let depth = 3_000
    /// Levels with a question (and a goForward title) before their inner section.
    private static let questionLevels = [1, 1_000, 2_000, 2_999]

    /// Sections `s1`…`sN`, one per line; a question level holds `qK` (answer > 5 skips to `afterK`),
    /// the inner section and `afterK`. The deepest section holds `bottom` and then `bad`, which can
    /// only be reached through `bottom`'s rule to a step that is not its sibling.
    private static func survey(broken: Bool) -> String {
        var lines = [#"{"type": "assessment", "identifier": "deep", "shouldHideActions": ["pause"], "steps": ["#,
                     #"{"type": "instruction", "identifier": "intro"},"#]
        for level in 1...depth {
            if questionLevels.contains(level) {
                lines.append(#"{"type": "section", "identifier": "s\#(level)", "actions": {"goForward": {"buttonTitle": "Deeper \#(level)"}}, "steps": ["#)
                lines.append(#"{"type": "simpleQuestion", "identifier": "q\#(level)", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 5, "ruleOperator": "gt", "skipToIdentifier": "after\#(level)"}]},"#)
            } else {
                lines.append(#"{"type": "section", "identifier": "s\#(level)", "steps": ["#)
            }
        }
        let target = broken ? "after1" : "exit"
        lines.append(#"{"type": "choiceQuestion", "identifier": "bottom", "baseType": "integer", "nextStepIdentifier": "exit", "choices": [{"value": 1, "text": "One"}, {"value": 2, "text": "Two"}], "surveyRules": [{"matchingAnswer": 2, "skipToIdentifier": "\#(target)"}]}"#)
        if broken { lines.append(#", {"type": "instruction", "identifier": "bad"}"#) }
        for level in stride(from: depth, through: 1, by: -1) {
            lines.append(questionLevels.contains(level) ? #", {"type": "instruction", "identifier": "after\#(level)"}]}"# : "]}")
        }
        lines.append(#", {"type": "completion", "identifier": "done"}]}"#)
        return lines.joined(separator: "\n")
    }

    /// The pointer of the deepest section's steps.
    private static var bottomSteps: String {
        var pointer = "/steps/1"
        for level in 1..<depth { pointer += questionLevels.contains(level) ? "/steps/1" : "/steps/0" }
        return pointer + "/steps"
    }

    func testLintFindsNothingInAValidDeepSurveyAndPlacesFindingsDeepDown() throws {
        XCTAssertEqual(Linter().lint(bytes: Array(Self.survey(broken: false).utf8), file: "deep.json").findings.map(\.ruleID), [])

        let text = Self.survey(broken: true)
        let findings = Linter().lint(bytes: Array(text.utf8), file: "deep.json").findings
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let bottomLine = try XCTUnwrap(lines.firstIndex { $0.contains(#""identifier": "bottom""#) }) + 1
        XCTAssertEqual(findings.map(\.ruleID), ["unknown-target", "unreachable-step"])
        XCTAssertEqual(findings.map(\.pointer.description), [
            Self.bottomSteps + "/0/surveyRules/0/skipToIdentifier", Self.bottomSteps + "/1",
        ])
        XCTAssertEqual(findings.map(\.position.line), [bottomLine, bottomLine + 1])
        XCTAssertTrue(findings[0].message.hasPrefix(#"step "bottom" jumps to "after1", which is not a step of "s3000""#), findings[0].message)
        XCTAssertEqual(findings[1].message, #"step "bad" can never be shown: no rule, nextStepIdentifier or preceding step leads to it"#)
    }

    func testRunGoesDownAndBackUpWithPathsButtonsAndResultsPerLevel() throws {
        let survey = try SurveyDocument(text: Self.survey(broken: false)).assessment
        var answers = JSONObject()
        for level in Self.questionLevels { answers["q\(level)"] = 3 }
        answers["bottom"] = 1
        let report = try Runs.run(survey, .object(answers))
        XCTAssertNil(report.failure)
        XCTAssertEqual(report.session.status, .exited, "bottom's nextStepIdentifier is exit")
        XCTAssertEqual(Runs.path(report), ["intro", "q1", "q1000", "q2000", "q2999", "bottom"])
        let bottom = try XCTUnwrap(report.session.shown.last)
        XCTAssertEqual(bottom.stepPath, (1...Self.depth).map { "s\($0)" }.joined(separator: "/") + "/bottom")
        XCTAssertEqual(bottom.buttons.titles[.goForward], "Deeper 2999", "the nearest section's title wins")
        XCTAssertTrue(bottom.buttons.hidden.contains(.pause), "hidden by the assessment, 3,000 levels up")

        // The result holds one section per level, each with its own history and path, down to the answer.
        var level = try XCTUnwrap(report.session.result["stepHistory"]?.arrayValue?.last)
        for depth in 1...Self.depth {
            XCTAssertEqual(level["identifier"], .string("s\(depth)"))
            let history = try XCTUnwrap(level["stepHistory"]?.arrayValue)
            XCTAssertEqual(level["path"]?.arrayValue?.first?["identifier"], history.first?["identifier"])
            level = try XCTUnwrap(history.last)
        }
        XCTAssertEqual(level["identifier"], "bottom")
        XCTAssertEqual(level["value"], 1)

        // Skipping at level 2,000 comes back up through `after2000` and the sections around it.
        answers["q2000"] = 8
        let skipped = try Runs.run(survey, .object(answers))
        XCTAssertEqual(Runs.path(skipped), ["intro", "q1", "q1000", "q2000", "after2000", "after1000", "after1", "done"])
        XCTAssertEqual(skipped.session.status, .completed)
        XCTAssertEqual(skipped.session.shown[5].stepPath, (1...1_000).map { "s\($0)" }.joined(separator: "/") + "/after1000")

        // The report (result included, 9,000 JSON levels) is written and reads back.
        let written = JSONWriter.pretty.bytes(report.json)
        let reread = try JSONDocument(bytes: written).value
        XCTAssertEqual(reread["path"], report.json["path"])
        XCTAssertEqual(JSONWriter.compact.bytes(reread), JSONWriter.compact.bytes(report.json))
    }
}
