import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// Scripts checked against their survey before a run, and the answers bookkeeping of reports.
final class ScriptCheckTests: XCTestCase {
    private func twins() throws -> Node {
        try Runs.survey(#"""
            {"type": "section", "identifier": "am", "steps": [\#(Runs.integerQuestion("q"))]},
            {"type": "section", "identifier": "pm", "steps": [\#(Runs.integerQuestion("q"))]},
            \#(Runs.instruction("info")), \#(Runs.integerQuestion("last"))
            """#)
    }

    private func errors(_ script: JSONValue, _ survey: Node) -> [ScriptError] {
        guard case .failure(let problems) = AnswerScript.parse(script, survey: survey) else { return [] }
        return problems.errors
    }

    func testEveryMistakeIsReportedWithItsPointer() throws {
        let survey = try twins()
        let found = errors(["steps": [["identifier": "qq", "answer": 1], ["identifier": "info"], ["identifier": "q", "answer": 1, "action": "skip"]], "x": 1], survey)
        XCTAssertEqual(found.map(\.pointer.tokens), [["x"], ["steps", "0", "identifier"], ["steps", "1"], ["steps", "2"]])
        XCTAssertEqual(found.map(\.onKey), [true, false, false, false])
        XCTAssertEqual(found.map(\.problem), [.unknownTopLevelKey("x"), .unknownStep(index: 0, identifier: "qq", suggestion: "q"),
                                               .needsAnswerOrAction(index: 1, identifier: "info"), .answerAndAction(index: 2, identifier: "q")],
                       "each mistake keeps its entry, name and suggestion")
        XCTAssertEqual(found[1].description, "steps[0]: \"qq\" is not a step of the survey; did you mean \"q\"?")
        XCTAssertEqual(errors(["info": 1, "lst": 2], survey).map(\.description),
                       ["\"info\" is a step of the survey but not a question",
                        "\"lst\" names no question of the survey; did you mean \"last\"?"])
        XCTAssertEqual(errors(["type": "assessment", "identifier": "s", "steps": []], survey).map(\.pointer), [.root])
        guard case .success = AnswerScript.parse(["q": 1, "last": 2], survey: survey) else { return XCTFail("a good shorthand script parses") }
    }

    func testAnswersHaveAnEntryPerQuestionShownKeyedByStepPath() throws {
        let report = try Runs.run(try twins(), ["steps": [["identifier": "q", "answer": 1], ["identifier": "q", "action": "skip"],
                                                          ["identifier": "last", "action": "cancel"]]])
        XCTAssertEqual(report.json["answers"], ["am/q": 1, "pm/q": .null, "last": .null])
        XCTAssertEqual(report.session.finalAnswers.map(\.identifier), ["q", "q", "last"])
    }

    func testAFailureNamesTheScriptEntry() throws {
        let survey = try twins()
        let mismatch = try Runs.run(survey, ["steps": [["identifier": "q", "answer": 1], ["identifier": "last", "answer": 2]]])
        XCTAssertEqual(mismatch.failure?.description, "script entry steps[1] expected \"last\" but the survey showed \"q\"")
        XCTAssertEqual(mismatch.failure, .unexpectedStep(entry: 1, expected: "last", shown: "q"))
        guard case .success(let parsed) = AnswerScript.parse(["steps": [["identifier": "q", "answer": "x"]]]) else { return XCTFail("parses") }
        XCTAssertEqual(ScriptedRun(survey: survey, script: parsed, environment: Runs.environment).failingEntry, JSONPointer(tokens: ["steps", "0"]))
        XCTAssertTrue(mismatch.text.hasSuffix("run failed: script entry steps[1] expected \"last\" but the survey showed \"q\"\n"), mismatch.text)
    }

    func testWholeNumbersForIntegerAnswersAreStoredAsIntegers() throws {
        let survey = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "born", "inputItem": {"type": "year"}}"#)
        let report = try Runs.run(survey, ["born": .number(try XCTUnwrap(JSONNumber(lexeme: "1975.0")))])
        XCTAssertEqual(report.json["answers"]?["born"]?.numberValue?.lexeme, "1975")
    }
}
