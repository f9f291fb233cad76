import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// A run's events, warnings and failures are typed values; the transcript is rendered from them.
final class RunEventsTests: XCTestCase {
    func testEventsRecordEachStepWhatWasDoneAndWhichRuleFired() throws {
        let survey = try Runs.survey([
            Runs.instruction("intro", extra: #", "title": "Hello", "nextStepIdentifier": "q""#), Runs.instruction("never"),
            Runs.integerQuestion("q", rules: #"[{"matchingAnswer": 3, "ruleOperator": "gt", "skipToIdentifier": "end"}]"#),
            Runs.integerQuestion("middle"), Runs.instruction("end"),
        ].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": [["identifier": "intro", "action": "goBackward"], ["identifier": "intro", "action": "goForward"],
                                                     ["identifier": "q", "answer": 5], ["identifier": "end", "action": "cancel"]]])
        XCTAssertEqual(report.session.events, [
            .shown(number: 1, stepPath: "intro", kind: .instruction, title: "Hello"), .nothingBefore,
            .nextStep(.node("q")), .shown(number: 2, stepPath: "q", kind: .simpleQuestion, title: nil),
            .answered(5), .ruleFired(index: 0, operator: .greaterThan, value: 3, target: "end"),
            .shown(number: 3, stepPath: "end", kind: .instruction, title: nil), .cancelled, .ended(.cancelled),
        ])
        XCTAssertEqual(report.text, """
            1. intro (instruction): Hello
                back: nothing before this step
                nextStepIdentifier → q
            2. q (simpleQuestion)
                answer: 5
                rule 0 fired (gt 3) → end
            3. end (instruction)
                cancelled
            run cancelled

            """)
    }

    func testSkipsKeptAnswersAndBackAreEvents() throws {
        let survey = try Runs.survey([Runs.integerQuestion("a"), Runs.integerQuestion("b")].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": [["identifier": "a", "action": "skip"], ["identifier": "b", "action": "goBackward"],
                                                     ["identifier": "a", "action": "goForward"], ["identifier": "b", "answer": 1]]])
        XCTAssertEqual(report.session.events.filter { if case .shown = $0 { return false } else { return true } },
                       [.skipped, .wentBack, .kept(.null), .answered(1), .ended(.completed)])
    }

    func testWarningsKeepTheirStepAndTheScriptsUnusedAnswers() throws {
        let survey = try Runs.survey(#"{"type": "section", "identifier": "s", "steps": [\#(Runs.instruction("a", extra: #", "nextStepIdentifier": "z""#))]}, \#(Runs.integerQuestion("q", rules: #"[{"matchingAnswer": 1}]"#))"#)
        let report = try Runs.run(survey, ["q": 1, "typo": 2])
        XCTAssertEqual(report.warnings, [.targetNotASibling(step: "a", target: "z", container: "s"), .ruleWithoutTarget(step: "q", rule: 0),
                                         .unusedAnswer(question: "typo")])
        XCTAssertEqual(report.text.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.count, 3)
    }

    func testFailuresAreTyped() throws {
        let survey = try Runs.survey([Runs.integerQuestion("a"), Runs.integerQuestion("b")].joined(separator: ","))
        XCTAssertEqual(try Runs.run(survey, ["steps": [["identifier": "a", "answer": 1]]]).failure, .scriptEnded(question: "b"))
        XCTAssertEqual(try Runs.run(survey, ["steps": [["identifier": "a", "action": "cancel"], ["identifier": "b", "answer": 1]]]).failure,
                       .entriesLeft(status: .cancelled, entry: 1, identifier: "b"))
        guard case .run(.answer) = try Runs.run(survey, ["a": "x"]).failure else { return XCTFail("a wrong answer is the session's answer error") }
    }
}
