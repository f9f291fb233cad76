import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// Running the node and input types of the reference: multiple inputs, checkboxes, nested
/// assessments, timed and extension steps.
final class ReferenceRunTests: XCTestCase {
    private let drinks = #"{"type": "multipleInputQuestion", "identifier": "drinks", "inputItems": [{"type": "checkbox", "identifier": "tea", "label": "Tea"}, {"type": "integer", "identifier": "glasses", "formatOptions": {"maximumValue": 20}}, {"type": "time", "identifier": "last"}]}"#

    func testMultipleInputAnswersAreObjectsCheckedItemByItem() throws {
        let survey = try Runs.survey(drinks)
        let good = try Runs.run(survey, ["drinks": ["tea": true, "glasses": 3, "last": "21:15"]])
        XCTAssertNil(good.failure)
        XCTAssertEqual(good.json["answers"]?["drinks"], ["tea": true, "glasses": 3, "last": "21:15"])
        XCTAssertNil(try Runs.run(survey, ["drinks": ["tea": false]]).failure, "items left out are not answered")
        XCTAssertEqual(try Runs.run(survey, ["drinks": ["coffee": true]]).failure?.description, "step \"drinks\": \"coffee\" is not one of the inputs (tea, glasses, last)")
        XCTAssertEqual(try Runs.run(survey, ["drinks": ["tea": "yes"]]).failure?.description, "step \"drinks\": expected a boolean (checkbox input) but got a string \"yes\"")
        XCTAssertEqual(try Runs.run(survey, ["drinks": ["glasses": 21]]).failure?.description, "step \"drinks\": 21 is above the maximum 20")
        XCTAssertEqual(try Runs.run(survey, ["drinks": ["last": "9pm"]]).failure?.description,
                       "step \"drinks\": expected a time like 08:30 or 08:30:15 (HH:mm[:ss]) but got \"9pm\"")
        XCTAssertEqual(try Runs.run(survey, ["drinks": [true, 3]]).failure?.description,
                       "step \"drinks\": multiple inputs: expected an object keyed by input identifier but got [true,3]")
        let unnamed = try Runs.survey(#"{"type": "multipleInputQuestion", "identifier": "names", "inputItems": [{"type": "string"}, {"type": "string"}]}"#)
        XCTAssertNil(try Runs.run(unnamed, ["names": ["0": "Ada", "1": "Lovelace"]]).failure, "items without identifier answer under their index")
        XCTAssertEqual(try Runs.run(unnamed, ["names": ["2": "x"]]).failure?.description, "step \"names\": \"2\" is not one of the inputs (0, 1)")
        let result = good.session.result["stepHistory"]?[0]
        XCTAssertEqual(result?["answerType"], ["type": "object"])
    }

    func testTimeAndDurationResultsAreTypedAsTheReferenceTypesThem() throws {
        let survey = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "bed", "inputItem": {"type": "time"}}, {"type": "simpleQuestion", "identifier": "slept", "inputItem": {"type": "duration"}}"#)
        let history = try Runs.run(survey, ["bed": "22:30", "slept": 27000]).session.result["stepHistory"]?.arrayValue ?? []
        XCTAssertEqual(history.map { $0["answerType"] }, [["type": "time"], ["type": "duration"]])
        XCTAssertEqual(history.map { $0["value"] }, ["22:30", 27000])
    }

    func testStringCharacterLimit() throws {
        let survey = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "nick", "inputItem": {"type": "string", "characterLimit": 4}}"#)
        XCTAssertNil(try Runs.run(survey, ["nick": "Alex"]).failure)
        XCTAssertEqual(try Runs.run(survey, ["nick": "Alexa"]).failure?.description, "step \"nick\": \"Alexa\" is 5 characters long; at most 4 allowed")
    }

    func testRegExValidatorMustMatchTheWholeAnswer() throws {
        let survey = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "zip", "inputItem": {"type": "string", "regExValidator": {"pattern": "[0-9]{5}", "invalidMessage": "Five digits, please."}}}"#)
        XCTAssertNil(try Runs.run(survey, ["zip": "02139"]).failure)
        XCTAssertEqual(try Runs.run(survey, ["zip": "021390"]).failure?.description,
                       "step \"zip\": \"021390\" does not match the regExValidator pattern [0-9]{5}; the app says \"Five digits, please.\"")
        XCTAssertNotNil(try Runs.run(survey, ["zip": "a02139"]).failure)
        let alternatives = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "yn", "inputItem": {"type": "string", "regExValidator": {"pattern": "yes|no", "invalidMessage": "yes or no"}}}"#)
        XCTAssertNil(try Runs.run(alternatives, ["yn": "no"]).failure)
        XCTAssertNotNil(try Runs.run(alternatives, ["yn": "yesno"]).failure, "the whole answer matches one alternative")
        let broken = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "string", "regExValidator": {"pattern": "[0-9", "invalidMessage": "?"}}}"#)
        XCTAssertNil(try Runs.run(broken, ["q": "anything"]).failure, "a pattern that cannot be compiled checks nothing (lint warns about it)")
    }

    func testNestedAssessmentsRunLikeSections() throws {
        let survey = try Runs.survey("""
            \(Runs.instruction("intro")),
            {"type": "assessment", "identifier": "inner", "steps": [\(Runs.integerQuestion("q", rules: #"[{"matchingAnswer": 0, "skipToIdentifier": "nextSection"}]"#)), \(Runs.instruction("innerEnd"))]},
            \(Runs.instruction("outro"))
            """)
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["q": 1])), ["intro", "q", "innerEnd", "outro"])
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["q": 0])), ["intro", "q", "outro"], "nextSection leaves the nested assessment")
        XCTAssertEqual(try Runs.run(survey, ["q": 1]).session.shown.map(\.stepPath), ["intro", "inner/q", "inner/innerEnd", "outro"])
    }

    func testANestedAssessmentsResultIsAnAssessmentResult() throws {
        let survey = try Runs.survey("""
            {"type": "assessment", "identifier": "inner", "versionString": "2.0", "schemaIdentifier": "innerSchema", "steps": [\(Runs.integerQuestion("q"))]},
            {"type": "section", "identifier": "s", "steps": [\(Runs.instruction("i"))]}
            """)
        let history = try XCTUnwrap(try Runs.run(survey, ["q": 1]).session.result["stepHistory"]?.arrayValue)
        XCTAssertEqual(history.map { $0["type"] }, ["assessment", "section"])
        XCTAssertEqual(history[0]["identifier"], "inner")
        XCTAssertEqual(history[0]["assessmentIdentifier"], "inner")
        XCTAssertEqual(history[0]["versionString"], "2.0")
        XCTAssertEqual(history[0]["schemaIdentifier"], "innerSchema")
        XCTAssertEqual(history[0]["stepHistory"]?[0]?["value"], 1)
        XCTAssertNil(history[1]["assessmentIdentifier"])
    }

    func testTimedPlaceholderAndExtensionStepsAreShownWithoutAnswers() throws {
        let survey = try Runs.survey("""
            {"type": "countdown", "identifier": "count", "duration": 3},
            {"type": "active", "identifier": "walk", "duration": 30},
            {"type": "tapping", "identifier": "tap", "duration": 10},
            {"type": "assessmentPlaceholder", "identifier": "later", "assessmentInfo": {"identifier": "x"}},
            {"type": "feedback", "identifier": "score"}
            """)
        let report = try Runs.run(survey, ["steps": []])
        XCTAssertNil(report.failure)
        XCTAssertEqual(Runs.path(report), ["count", "walk", "tap", "later", "score"])
        XCTAssertTrue(report.session.shown.allSatisfy { !$0.buttons.isVisible(.skip) }, "non-question steps show no skip button")
        XCTAssertEqual(try Runs.run(survey, ["steps": [["identifier": "count", "answer": 1]]]).failure?.description,
                       "step \"count\" is not a question; it cannot take an answer")
    }
}
