import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// Nested sections, per-level result paths and navigation that never shows a step.
final class SectionTests: XCTestCase {
    private let nested = #"""
        {"type": "instruction", "identifier": "intro"},
        {"type": "section", "identifier": "outer", "steps": [
            {"type": "simpleQuestion", "identifier": "a", "inputItem": {"type": "integer"},
             "surveyRules": [{"matchingAnswer": 0, "skipToIdentifier": "nextSection"}, {"matchingAnswer": 9, "skipToIdentifier": "exit"}]},
            {"type": "section", "identifier": "inner", "steps": [
                {"type": "simpleQuestion", "identifier": "b", "inputItem": {"type": "integer"},
                 "surveyRules": [{"matchingAnswer": 0, "skipToIdentifier": "nextSection"}]},
                {"type": "instruction", "identifier": "innerEnd"}]},
            {"type": "instruction", "identifier": "outerEnd"}]},
        {"type": "completion", "identifier": "done"}
        """#

    func testNestedSectionsNextSectionAndExitFromDepth() throws {
        let survey = try Runs.survey(nested)
        let full = try Runs.run(survey, ["a": 1, "b": 1])
        XCTAssertEqual(full.session.shown.map(\.stepPath), ["intro", "outer/a", "outer/inner/b", "outer/inner/innerEnd", "outer/outerEnd", "done"])
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["a": 1, "b": 0])), ["intro", "a", "b", "outerEnd", "done"],
                       "nextSection in inner continues after inner, still inside outer")
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["a": 0])), ["intro", "a", "done"], "nextSection in outer skips inner too")
        let exited = try Runs.run(survey, ["a": 9])
        XCTAssertEqual(Runs.path(exited), ["intro", "a"])
        XCTAssertEqual(exited.json["status"], "exited")
        XCTAssertEqual(exited.session.result["endDate"], "2026-01-02T03:04:05.000+00:00")
    }

    func testSectionResultsHoldTheirOwnHistoryAndPath() throws {
        let survey = try Runs.survey(nested)
        let report = try Runs.run(survey, ["steps": [["identifier": "a", "answer": 1], ["identifier": "b", "answer": 2],
                                                      ["identifier": "innerEnd", "action": "goBackward"], ["identifier": "b", "answer": 3]]])
        let result = report.session.result
        XCTAssertEqual(result["path"]?.arrayValue?.compactMap { $0["identifier"]?.stringValue }, ["intro", "outer", "done"],
                       "moving inside a section does not add markers to the assessment's path")
        let outer = result["stepHistory"]?[1]
        XCTAssertEqual(outer?["type"], "section")
        XCTAssertEqual(outer?["path"], [["identifier": "a", "direction": "forward"], ["identifier": "inner", "direction": "forward"], ["identifier": "outerEnd", "direction": "forward"]])
        let inner = outer?["stepHistory"]?[1]
        XCTAssertEqual(inner?["identifier"], "inner")
        XCTAssertEqual(inner?["path"]?.arrayValue?.map { "\($0["identifier"]?.stringValue ?? "")/\($0["direction"]?.stringValue ?? "")" },
                       ["b/forward", "innerEnd/forward", "b/backward", "innerEnd/forward"])
        XCTAssertEqual(inner?["stepHistory"]?.arrayValue?.map { $0["value"] ?? "-" }, [2, "-", 3, "-"],
                       "a result per visit; the revisit of b carries its new answer")
        XCTAssertEqual(report.json["answers"]?["outer/inner/b"], 3, "answers are keyed by stepPath")
    }

    func testEmptySectionsThatLoopStopWithAnErrorInsteadOfHanging() throws {
        let survey = try Runs.survey(#"""
            {"type": "instruction", "identifier": "a", "nextStepIdentifier": "s"},
            {"type": "section", "identifier": "s", "nextStepIdentifier": "t", "steps": []},
            {"type": "section", "identifier": "t", "nextStepIdentifier": "s", "steps": []}
            """#)
        let report = try Runs.run(survey, ["steps": []])
        XCTAssertEqual(report.failure?.description, "going forward from \"a\" loops through sections without ever showing a step")
        XCTAssertEqual(report.json["status"], "failed")
        let neverShown = try Runs.run(try Runs.survey(#"{"type": "section", "identifier": "s", "nextStepIdentifier": "beginning", "steps": []}"#), ["steps": []])
        XCTAssertEqual(neverShown.session.status, .failed)
        XCTAssertEqual(neverShown.failure?.description, "the survey never shows a step: its sections loop (\"s\" → \"s\")")
        XCTAssertEqual(neverShown.json["status"], "failed")
        XCTAssertTrue(neverShown.text.hasSuffix("run failed: the survey never shows a step: its sections loop (\"s\" → \"s\")\n"), neverShown.text)
        let pair = try Runs.run(try Runs.survey(#"""
            {"type": "section", "identifier": "s1", "nextStepIdentifier": "s2", "steps": []},
            {"type": "section", "identifier": "s2", "nextStepIdentifier": "s1", "steps": []}
            """#), ["steps": []])
        XCTAssertEqual(pair.json["error"], "the survey never shows a step: its sections loop (\"s1\" → \"s2\" → \"s1\")")
        let nested = try Runs.run(try Runs.survey(#"{"type": "section", "identifier": "o", "nextStepIdentifier": "o", "steps": [{"type": "section", "identifier": "i", "steps": []}]}"#), ["steps": []])
        XCTAssertEqual(nested.failure?.description, "the survey never shows a step: its sections loop (\"i\" → \"o\" → \"i\")")
        let chain = try Runs.run(try Runs.survey(#"{"type": "section", "identifier": "s1", "nextStepIdentifier": "s2", "steps": []}, {"type": "section", "identifier": "s2", "steps": []}, \#(Runs.instruction("real"))"#), ["steps": []])
        XCTAssertNil(chain.failure)
        XCTAssertEqual(Runs.path(chain), ["real"], "an empty chain that does not loop is no failure")
    }
}

/// `selectorType` in answers and in the interactive selection model.
final class SelectorTests: XCTestCase {
    private let meals = #"{"type": "choiceQuestion", "identifier": "m", "baseType": "string", "singleChoice": false, "choices": [{"value": "breakfast", "text": "Breakfast"}, {"value": "lunch", "text": "Lunch"}, {"value": "all", "text": "All of them", "selectorType": "all"}, {"value": "none", "text": "None", "selectorType": "exclusive"}]}"#

    func testAnAllChoiceSelectsEveryDefaultChoice() throws {
        let survey = try Runs.survey(meals)
        XCTAssertEqual(try Runs.run(survey, ["m": ["all"]]).json["answers"]?["m"], ["breakfast", "lunch", "all"])
        XCTAssertEqual(try Runs.run(survey, ["m": ["none"]]).json["answers"]?["m"], ["none"])
    }

    func testAnExclusiveChoiceWithOthersIsASelectorViolation() throws {
        let survey = try Runs.survey(meals)
        XCTAssertEqual(try Runs.run(survey, ["m": ["lunch", "none"]]).failure?.description,
                       "step \"m\": choice \"None\" has selectorType exclusive and cannot be selected with other answers")
    }

    func testSelectionBehavesLikeTappingOnAPhone() throws {
        let choices = try XCTUnwrap(try Runs.survey(meals).steps?.first?.question?.choices)
        var selection = ChoiceSelection(choices: choices)
        selection.select(0)
        selection.select(3)
        XCTAssertEqual(selection.answer(), ["none"], "exclusive clears every other selection")
        selection.select(1)
        XCTAssertEqual(selection.answer(), ["lunch"], "a default choice clears the exclusive one")
        selection.select(2)
        XCTAssertEqual(selection.answer(other: "brunch"), ["breakfast", "lunch", "all", "brunch"], "all selects every default choice; other comes last")
        selection.select(99)
        XCTAssertEqual(selection.selected, [0, 1, 2])
    }
}

/// Buttons of the Example Survey and inheritance that an empty list cannot undo.
final class ExampleButtonTests: XCTestCase {
    func testExampleSurveyButtons() throws {
        let report = try Runs.run(try Runs.exampleSurvey(), ["choiceQ1": 1, "simpleQ1": "cake", "followupQ": true, "favoriteFood": "sushi"])
        let steps = try XCTUnwrap(report.json["steps"]?.arrayValue)
        XCTAssertEqual(steps.first, ["identifier": "overview", "stepPath": "overview", "hiddenActions": ["goBackward", "pause", "skip"], "buttonTitles": ["goForward": "Start"]])
        XCTAssertEqual(steps[1], ["identifier": "choiceQ1", "stepPath": "choiceQ1", "hiddenActions": ["pause"], "buttonTitles": ["skip": "Skip me"]],
                       "the spec's own example entry")
        XCTAssertEqual(steps.last, ["identifier": "completion", "stepPath": "completion", "hiddenActions": ["goBackward", "pause", "skip"], "buttonTitles": ["goForward": "Done"]])
    }

    func testAnEmptyListOnAStepDoesNotShowWhatTheAssessmentHides() throws {
        let report = try Runs.run(try Runs.exampleSurvey("food-choices"), ["meals": ["lunch"], "fruit": 1, "weight": 70])
        let fruit = try XCTUnwrap(report.session.shown.first { $0.identifier == "fruit" })
        XCTAssertEqual(fruit.buttons.hidden, [.goBackward, .pause])
        XCTAssertNil(fruit.buttons.titles[.goBackward], "a hidden button's title does not apply")
        XCTAssertEqual(report.session.shown.first { $0.identifier == "weight" }?.buttons.titles, [.goForward: "Submit"])
    }
}

/// `docs/navigation.md` §6 scripts, and every script under `examples/scripts` against its expected outcome.
final class ExampleScriptTests: XCTestCase {
    func testScriptsCannotPressHiddenButtons() throws {
        let survey = try Runs.survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "shouldHideActions": ["skip"]}"#)
        let report = try Runs.run(survey, ["steps": [["identifier": "q", "action": "skip"]]])
        XCTAssertEqual(report.failure?.description, "step \"q\" does not show the skip button")
        XCTAssertEqual(report.session.status, .inProgress, "the run stopped where the script went wrong")
    }

    func testUnusedShorthandAnswersAreWarnings() throws {
        let report = try Runs.run(try Runs.survey(Runs.integerQuestion("a")), ["a": 1, "typo": 2])
        XCTAssertNil(report.failure)
        XCTAssertEqual(report.json["warnings"], ["the script answers \"typo\", but the run never showed that question"])
    }

    func testEveryExampleScriptMatchesItsExpectedOutcome() throws {
        let scripts = Runs.repository.appendingPathComponent("examples/scripts")
        let folders = try FileManager.default.contentsOfDirectory(atPath: scripts.path).sorted()
        XCTAssertGreaterThanOrEqual(folders.count, 4)
        var checked = 0
        for folder in folders {
            let survey = try Runs.exampleSurvey(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: scripts.appendingPathComponent(folder).path)
            for name in names.sorted() where name.hasSuffix(".json") && !name.hasSuffix(".expected.json") {
                let base = scripts.appendingPathComponent(folder).appendingPathComponent(String(name.dropLast(5)))
                let script = try JSONDocument(bytes: Array(Data(contentsOf: base.appendingPathExtension("json")))).value
                let expected = try JSONDocument(bytes: Array(Data(contentsOf: base.appendingPathExtension("expected.json")))).value
                let report = try Runs.run(survey, script)
                XCTAssertNil(report.failure, "\(folder)/\(name)")
                XCTAssertEqual(report.differences(from: expected), [], "\(folder)/\(name)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 10)
    }
}
