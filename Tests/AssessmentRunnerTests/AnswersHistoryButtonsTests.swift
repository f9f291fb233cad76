import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// `docs/navigation.md` §3: answers.
final class AnswerTests: XCTestCase {
    private let colors = #"{"type": "choiceQuestion", "identifier": "c", "baseType": "string", "singleChoice": false, "choices": [{"value": "blue", "text": "Blue"}, {"value": "red", "text": "Red"}, {"text": "None", "selectorType": "exclusive"}, {"value": "nope", "text": "No thanks", "selectorType": "exclusive"}], "other": {"type": "string"}}"#

    func testSingleChoiceRecordsTheValueAndValuelessChoicesGiveNull() throws {
        let survey = try Runs.survey(#"{"type": "choiceQuestion", "identifier": "c", "baseType": "integer", "choices": [{"value": 1, "text": "One"}, {"text": "Prefer not to say"}]}"#)
        XCTAssertEqual(try Runs.run(survey, ["c": 1]).json["answers"]?["c"], 1)
        XCTAssertEqual(try Runs.run(survey, ["c": .null]).json["answers"]?["c"], .null)
        let wrong = try Runs.run(survey, ["c": 7])
        XCTAssertEqual(wrong.failure?.description, "step \"c\": expected one of the choices (1) but got 7")
        XCTAssertEqual(wrong.json["status"], "failed")
    }

    func testMultipleChoiceIsInChoiceOrderWithOtherLast() throws {
        let survey = try Runs.survey(colors)
        XCTAssertEqual(try Runs.run(survey, ["c": ["red", "teal", "blue"]]).json["answers"]?["c"], ["blue", "red", "teal"])
        XCTAssertNotNil(try Runs.run(survey, ["c": ["nope", "red"]]).failure, "an exclusive choice clears the others, so both cannot be answered")
        XCTAssertNotNil(try Runs.run(survey, ["c": "red"]).failure, "multiple choice needs an array")
    }

    func testOtherIsConvertedWithItsInputType() throws {
        let survey = try Runs.survey(#"{"type": "choiceQuestion", "identifier": "c", "baseType": "integer", "choices": [{"value": 1, "text": "One"}], "other": {"type": "integer"}}"#)
        XCTAssertEqual(try Runs.run(survey, ["c": 42]).json["answers"]?["c"], 42)
        XCTAssertTrue(try Runs.run(survey, ["c": "many"]).failure?.description.contains("expected an integer") ?? false)
    }

    func testSimpleQuestionTypesAndBounds() throws {
        let survey = try Runs.survey(#"""
            {"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "number", "formatOptions": {"minimumValue": 0, "maximumValue": 10}}},
            {"type": "simpleQuestion", "identifier": "y", "inputItem": {"type": "year", "formatOptions": {"minimumYear": 1900, "allowFuture": false}}}
            """#)
        XCTAssertNil(try Runs.run(survey, ["n": 2.5, "y": 1990]).failure)
        XCTAssertEqual(try Runs.run(survey, ["n": 11, "y": 1990]).failure?.description, "step \"n\": 11 is above the maximum 10")
        XCTAssertEqual(try Runs.run(survey, ["n": "5", "y": 1990]).failure?.description, "step \"n\": expected a number (number input) but got a string \"5\"")
        XCTAssertEqual(try Runs.run(survey, ["n": 1, "y": 1850]).failure?.description, "step \"y\": year 1850 is before the minimum year 1900")
        XCTAssertEqual(try Runs.run(survey, ["n": 1, "y": 2999]).failure?.description, "step \"y\": year 2999 is in the future, which this question does not allow")
        XCTAssertEqual(try Runs.run(survey, ["n": 1, "y": 1990.5]).failure?.description, "step \"y\": expected an integer (year input) but got a number 1990.5")
    }
}

/// `docs/navigation.md` §4: going back, loops, history.
final class HistoryTests: XCTestCase {
    func testGoingBackFollowsTheRouteTakenNotTheSiblingOrder() throws {
        let survey = try Runs.survey([Runs.integerQuestion("q", rules: #"[{"matchingAnswer": 1, "skipToIdentifier": "c"}]"#),
                                      Runs.instruction("b"), Runs.integerQuestion("c")].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": [["identifier": "q", "answer": 1], ["identifier": "c", "action": "goBackward"],
                                                      ["identifier": "q", "action": "goForward"], ["identifier": "c", "answer": 3]]])
        XCTAssertEqual(Runs.path(report), ["q", "c", "q", "c"])
        XCTAssertEqual(report.session.shown.map(\.direction), [.forward, .forward, .backward, .forward])
    }

    /// Mirrors Swift `NodeNavigatorTests.testSurveyANavigation_SkipQuestion` (AssessmentModelKMM
    /// `SwiftPackage/Tests/AssessmentModelTests/AssessmentTests/NavigationTests/NodeNavigatorTests.swift`)
    /// and Kotlin `NodeNavigator`'s direction of a jump to an earlier sibling: a jump back is a backward
    /// arrival, and Back from there goes where Back went on the step's first arrival.
    func testAJumpToAnEarlierStepIsABackwardArrivalAndBackSkipsTheLoop() throws {
        let survey = try Runs.survey([Runs.instruction("overview"), Runs.integerQuestion("choiceQ1"),
                                      Runs.integerQuestion("followupQ", rules: #"[{"matchingAnswer": 1, "skipToIdentifier": "choiceQ1"}]"#),
                                      #"{"type": "completion", "identifier": "done"}"#].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": [["identifier": "choiceQ1", "action": "skip"], ["identifier": "followupQ", "answer": 1],
                                                      ["identifier": "choiceQ1", "action": "goBackward"], ["identifier": "overview", "action": "goForward"],
                                                      ["identifier": "choiceQ1", "answer": 2], ["identifier": "followupQ", "answer": 2]]])
        XCTAssertNil(report.failure)
        XCTAssertEqual(Runs.path(report), ["overview", "choiceQ1", "followupQ", "choiceQ1", "overview", "choiceQ1", "followupQ", "done"])
        XCTAssertEqual(report.session.shown.map(\.direction), [.forward, .forward, .forward, .backward, .backward, .forward, .forward, .forward])
        let markers = report.session.result["path"]?.arrayValue?.map { "\($0["identifier"]?.stringValue ?? "")/\($0["direction"]?.stringValue ?? "")" }
        XCTAssertEqual(markers?.prefix(5), ["overview/forward", "choiceQ1/forward", "followupQ/forward", "choiceQ1/backward", "overview/backward"])
    }

    func testBackFromASectionsFirstStepAndOnTheVeryFirstStep() throws {
        let survey = try Runs.survey(#"\#(Runs.integerQuestion("a")), {"type": "section", "identifier": "s", "steps": [\#(Runs.integerQuestion("b"))]}"#)
        let report = try Runs.run(survey, ["steps": [["identifier": "a", "answer": 1], ["identifier": "b", "action": "goBackward"],
                                                      ["identifier": "a", "action": "goForward"], ["identifier": "b", "answer": 2]]])
        XCTAssertEqual(Runs.path(report), ["a", "b", "a", "b"])
        var session = RunSession(survey: try Runs.survey(Runs.integerQuestion("only")), environment: Runs.environment)
        XCTAssertEqual(session.buttons?.isVisible(.goBackward), false, "the back button is hidden on the first step")
        XCTAssertNoThrow(try session.perform(.goBackward), "and going back there does nothing")
        XCTAssertEqual(session.shown.map(\.identifier), ["only"])
        XCTAssertEqual(session.status, .inProgress)
    }

    func testRevisitOffersThePreviousAnswerSkipClearsANewAnswerReplaces() throws {
        var session = RunSession(survey: try Runs.survey([Runs.integerQuestion("q"), Runs.integerQuestion("r")].joined(separator: ",")), environment: Runs.environment)
        try session.perform(.answer(4))
        try session.perform(.goBackward)
        XCTAssertEqual(session.currentAnswer, 4)
        try session.perform(.goForward)
        XCTAssertEqual(session.finalAnswers.first?.value, 4, "going forward keeps it")
        try session.perform(.goBackward)
        try session.perform(.skip)
        XCTAssertEqual(session.finalAnswers.first?.value, .null, "skip clears it")
        try session.perform(.goBackward)
        try session.perform(.answer(6))
        XCTAssertEqual(session.finalAnswers.first?.value, 6)
    }

    func testResultHistoryAndSectionResults() throws {
        let survey = try Runs.survey(#"\#(Runs.instruction("intro")), {"type": "section", "identifier": "s", "steps": [\#(Runs.integerQuestion("q"))]}"#, root: #""versionString": "1.2.3", "#)
        let report = try Runs.run(survey, ["q": 3])
        let result = report.session.result
        XCTAssertEqual(result["type"], "assessment")
        XCTAssertEqual(result["assessmentIdentifier"], "survey")
        XCTAssertEqual(result["versionString"], "1.2.3")
        XCTAssertEqual(result["taskRunUUID"], .string(SeededUUID.make(seed: 1)))
        XCTAssertEqual(result["startDate"], "2026-01-02T03:04:05.000+00:00")
        XCTAssertEqual(result["stepHistory"]?[0], ["type": "base", "identifier": "intro", "startDate": "2026-01-02T03:04:05.000+00:00", "endDate": "2026-01-02T03:04:05.000+00:00"])
        let section = result["stepHistory"]?[1]
        XCTAssertEqual(section?["type"], "section")
        XCTAssertEqual(section?["stepHistory"]?[0]?["type"], "answer")
        XCTAssertEqual(section?["stepHistory"]?[0]?["value"], 3)
        XCTAssertEqual(section?["stepHistory"]?[0]?["answerType"], ["type": "integer"])
        XCTAssertEqual(result["path"], [["identifier": "intro", "direction": "forward"], ["identifier": "s", "direction": "forward"]],
                       "the assessment's path names its own children, as the reference's does")
        XCTAssertEqual(section?["path"], [["identifier": "q", "direction": "forward"]])
    }

    func testSameInputsGiveByteIdenticalResults() throws {
        let survey = try Runs.exampleSurvey()
        let first = JSONWriter.pretty.bytes(try Runs.run(survey, ["choiceQ1": 1, "simpleQ1": "cake", "followupQ": true]).session.result)
        let second = JSONWriter.pretty.bytes(try Runs.run(survey, ["choiceQ1": 1, "simpleQ1": "cake", "followupQ": true]).session.result)
        XCTAssertEqual(first, second)
        XCTAssertNotEqual(SeededUUID.make(seed: 1), SeededUUID.make(seed: 2))
        XCTAssertTrue(SeededUUID.make(seed: 1).range(of: #"^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$"#, options: .regularExpression) != nil)
    }

    func testEndlessLoopsStopWithAnError() throws {
        let survey = try Runs.survey([Runs.instruction("a"), Runs.instruction("b", extra: #", "nextStepIdentifier": "a""#)].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": []])
        XCTAssertEqual(report.failure?.description, "the run showed \(RunSession.stepLimit) steps without ending (an endless loop?)")
    }
}

/// `docs/navigation.md` §5: buttons.
final class ButtonTests: XCTestCase {
    func testHiddenButtonsAreTheUnionPlusDefaults() throws {
        let survey = try Runs.survey(#"""
            {"type": "overview", "identifier": "o"},
            {"type": "section", "identifier": "s", "shouldHideActions": ["cancel"], "steps": [
                {"type": "simpleQuestion", "identifier": "q", "shouldHideActions": ["reviewInstructions"], "inputItem": {"type": "string"}},
                {"type": "instruction", "identifier": "i"}]},
            {"type": "completion", "identifier": "done"}
            """#, root: #""shouldHideActions": ["pause"], "#)
        let report = try Runs.run(survey, ["q": "x"])
        let hidden = report.session.shown.map { $0.buttons.hidden.map(\.description) }
        XCTAssertEqual(hidden, [["goBackward", "pause", "skip"], ["cancel", "pause", "reviewInstructions"], ["cancel", "pause", "skip"], ["goBackward", "pause", "skip"]])
    }

    func testTitlesNearestWinsWithDefaults() throws {
        let survey = try Runs.survey(#"""
            {"type": "overview", "identifier": "o"},
            {"type": "section", "identifier": "s", "actions": {"skip": {"buttonTitle": "Section skip", "type": "default"}}, "steps": [
                {"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "string"}, "actions": {"goForward": {"buttonTitle": "Submit", "type": "default"}}},
                {"type": "simpleQuestion", "identifier": "r", "inputItem": {"type": "string"}}]},
            {"type": "completion", "identifier": "done", "actions": {"goForward": {"buttonTitle": "Exit Survey", "type": "default"}}}
            """#, root: #""actions": {"skip": {"buttonTitle": "Skip me", "type": "default"}, "goForward": {"buttonTitle": "Next", "type": "default"}}, "#)
        let report = try Runs.run(survey, ["q": "x", "r": "y"])
        let titles = report.session.shown.map { step in Dictionary(uniqueKeysWithValues: step.buttons.titles.map { ($0.key.description, $0.value) }) }
        XCTAssertEqual(titles[0], ["goForward": "Next"], "a definition anywhere up the tree beats the Start default")
        XCTAssertEqual(titles[1], ["goForward": "Submit", "skip": "Section skip"])
        XCTAssertEqual(titles[2], ["goForward": "Next", "skip": "Section skip"])
        XCTAssertEqual(titles[3], ["goForward": "Exit Survey"])
        let defaults = try Runs.run(try Runs.survey(#"{"type": "overview", "identifier": "o"}, {"type": "completion", "identifier": "c"}"#), ["steps": []])
        XCTAssertEqual(defaults.session.shown.map { $0.buttons.titles[.goForward] }, ["Start", "Done"])
    }
}

/// `docs/navigation.md` §6: scripts.
final class ScriptTests: XCTestCase {
    func testScriptMustNameTheShownQuestion() throws {
        let survey = try Runs.survey([Runs.integerQuestion("a"), Runs.integerQuestion("b")].joined(separator: ","))
        XCTAssertEqual(try Runs.run(survey, ["steps": [["identifier": "b", "answer": 1]]]).failure?.description, "script entry steps[0] expected \"b\" but the survey showed \"a\"")
        XCTAssertEqual(try Runs.run(survey, ["steps": [["identifier": "a", "answer": 1]]]).failure?.description, "the script ended but the survey showed question \"b\"")
    }

    func testNonQuestionStepsMoveOnUnlessNamed() throws {
        let survey = try Runs.survey([Runs.instruction("i"), Runs.integerQuestion("a")].joined(separator: ","))
        XCTAssertNil(try Runs.run(survey, ["steps": [["identifier": "a", "answer": 1]]]).failure)
        let cancelled = try Runs.run(survey, ["steps": [["identifier": "i", "action": "cancel"]]])
        XCTAssertEqual(cancelled.session.status, .cancelled)
        XCTAssertEqual(Runs.path(cancelled), ["i"])
    }

    func testLeftoverEntriesAreAnError() throws {
        let survey = try Runs.survey(Runs.integerQuestion("a"))
        XCTAssertEqual(try Runs.run(survey, ["steps": [["identifier": "a", "answer": 1], ["identifier": "z", "answer": 2]]]).failure?.description,
                       "the run ended (completed) but the script still has entries, starting with steps[1] \"z\"")
    }

    func testShorthandAnswersTheFirstVisitOnly() throws {
        let survey = try Runs.survey([Runs.integerQuestion("a"), Runs.integerQuestion("b", rules: #"[{"matchingAnswer": 1, "skipToIdentifier": "a"}]"#)].joined(separator: ","))
        let report = try Runs.run(survey, ["a": 5, "b": 1])
        XCTAssertEqual(Array(Runs.path(report).prefix(4)), ["a", "b", "a", "b"])
        XCTAssertEqual(report.json["answers"], ["a": 5, "b": 1], "later visits go forward keeping the first answers")
        XCTAssertTrue(report.failure?.description.contains("endless loop") ?? false, "so b's rule keeps firing: the loop is caught")
        let plain = try Runs.run(try Runs.survey([Runs.integerQuestion("a"), Runs.integerQuestion("b")].joined(separator: ",")), ["b": 2])
        XCTAssertEqual(plain.json["answers"], ["a": .null, "b": 2], "questions the shorthand does not name go forward unanswered")
    }

    func testMalformedScripts() {
        XCTAssertNotNil(AnswerScript.parse(["steps": [["answer": 1]]]).failureValue)
        XCTAssertNotNil(AnswerScript.parse(["steps": [["identifier": "a", "action": "jump"]]]).failureValue)
        XCTAssertNotNil(AnswerScript.parse(["steps": [["identifier": "a"]]]).failureValue)
        XCTAssertNotNil(AnswerScript.parse([1, 2]).failureValue)
    }

    func testExpectationDifferences() throws {
        let report = try Runs.run(try Runs.survey(Runs.integerQuestion("a")), ["a": 1])
        XCTAssertEqual(report.differences(from: ["status": "completed", "path": ["a"], "answers": ["a": 1]]), [])
        XCTAssertEqual(report.differences(from: ["status": "exited", "answers": ["a": 2, "b": 3]]),
                       ["status: expected \"exited\", got \"completed\"", "answers.a: expected 2, got 1", "answers.b: expected 3, got no answer"])
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Time answers: `HH:mm[:ss[.SSS]]`, bounds, and `allowFuture`/`allowPast` against the run's clock (03:04:05 UTC).
final class TimeAnswerTests: XCTestCase {
    func testTimesParseAndRespectBoundsAndTheClock() throws {
        let survey = try Runs.survey(#"""
            {"type": "simpleQuestion", "identifier": "wake", "inputItem": {"type": "time", "formatOptions": {"minimumValue": "05:00", "maximumValue": "11:30:00.000"}}},
            {"type": "simpleQuestion", "identifier": "past", "inputItem": {"type": "time", "formatOptions": {"allowFuture": false}}}
            """#)
        XCTAssertNil(try Runs.run(survey, ["wake": "06:45", "past": "03:04:05"]).failure)
        XCTAssertNil(try Runs.run(survey, ["wake": "11:30:00", "past": "00:00:00.5"]).failure)
        XCTAssertEqual(try Runs.run(survey, ["wake": "04:59"]).failure?.description, "step \"wake\": 04:59 is before the earliest time 05:00")
        XCTAssertEqual(try Runs.run(survey, ["wake": "11:30:01"]).failure?.description, "step \"wake\": 11:30:01 is after the latest time 11:30:00.000")
        XCTAssertEqual(try Runs.run(survey, ["wake": "06:00", "past": "03:04:06"]).failure?.description,
                       "step \"past\": 03:04:06 is later than now, which this question does not allow")
        for bad in ["6:45", "24:00", "06:60", "06:45:", "06:45:60", "06:45:00.1234", "06h45", "2026-01-02T06:45:00Z"] {
            XCTAssertEqual(try Runs.run(survey, ["wake": .string(bad)]).failure?.description,
                           "step \"wake\": expected a time like 08:30 or 08:30:15 (HH:mm[:ss]) but got \"\(bad)\"", bad)
        }
        XCTAssertEqual(try Runs.run(survey, ["wake": 645]).failure?.description, "step \"wake\": expected a string (time input) but got an integer 645")
    }
}

/// The step cap ends a run as failed, with the reason.
final class StepCapTests: XCTestCase {
    func testTheStepCapFailsTheSession() throws {
        let survey = try Runs.survey([Runs.instruction("a"), Runs.instruction("b", extra: #", "nextStepIdentifier": "a""#)].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": []])
        XCTAssertEqual(report.session.status, .failed)
        XCTAssertEqual(report.session.failure, .tooManySteps(RunSession.stepLimit))
        XCTAssertEqual(report.json["status"], "failed")
    }
}
