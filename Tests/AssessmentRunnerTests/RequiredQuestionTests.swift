import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// Questions with `"optional": false`: both engines disable forward until they are answered, so a script
/// cannot go past them without an answer (Kotlin `QuestionTest`'s AllAnswersValid tests, AssessmentModelKMM
/// `assessmentModel/src/commonTest/kotlin/survey/QuestionTest.kt`).
final class RequiredQuestionTests: XCTestCase {
    private let required = Runs.integerQuestion("q", extra: #", "optional": false"#)

    func testGoingForwardOrSkippingPastARequiredQuestionFailsNamingTheStepAndEntry() throws {
        let survey = try Runs.survey([Runs.instruction("intro"), required, Runs.instruction("end")].joined(separator: ","))
        for action in ["goForward", "skip"] {
            guard case .success(let script) = AnswerScript.parse(["steps": [["identifier": "q", "action": .string(action)]]]) else { return XCTFail("script") }
            let run = ScriptedRun(survey: survey, script: script, environment: Runs.environment)
            XCTAssertEqual(run.failure?.description, #"step "q" is a required question ("optional": false): the apps do not go forward from it without an answer; answer it in the script"#, action)
            XCTAssertEqual(run.failingEntry, JSONPointer(tokens: ["steps", "0"]), action)
            XCTAssertEqual(run.session.shown.map(\.identifier), ["intro", "q"], action)
        }
        XCTAssertNil(try Runs.run(survey, ["steps": [["identifier": "q", "answer": 3]]]).failure)
        XCTAssertNotNil(try Runs.run(survey, [:]).failure, "shorthand without its answer goes forward and fails too")
    }

    func testAnsweredRequiredQuestionsGoForwardAgainAndOptionalOnesMaySkip() throws {
        let survey = try Runs.survey([required, Runs.integerQuestion("free", extra: #", "optional": true"#), Runs.integerQuestion("plain"), Runs.instruction("end")].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": [["identifier": "q", "answer": 1], ["identifier": "free", "action": "skip"],
                                                      ["identifier": "plain", "action": "goBackward"], ["identifier": "free", "action": "goBackward"],
                                                      ["identifier": "q", "action": "goForward"], ["identifier": "free", "action": "goForward"],
                                                      ["identifier": "plain", "action": "skip"]]])
        XCTAssertNil(report.failure, "a kept answer lets a required question go forward; without optional false skipping is allowed")
    }

    func testAMultipleInputAnswerMustGiveEveryRequiredItem() throws {
        let question = #"{"type": "multipleInputQuestion", "identifier": "m", "inputItems": [{"identifier": "a", "type": "integer", "optional": false}, {"identifier": "b", "type": "string"}]}"#
        let survey = try Runs.survey([question, Runs.instruction("end")].joined(separator: ","))
        XCTAssertNil(try Runs.run(survey, ["m": ["a": 1]]).failure)
        XCTAssertNil(try Runs.run(survey, ["m": ["a": 1, "b": "x"]]).failure)
        XCTAssertEqual(try Runs.run(survey, ["m": ["b": "x"]]).failure?.description, #"step "m": input "a" is required ("optional": false) but the answer leaves it out"#)
        XCTAssertEqual(try Runs.run(survey, ["m": ["a": .null, "b": "x"]]).failure?.description, #"step "m": input "a" is required ("optional": false) but the answer leaves it out"#)
    }
}
