import Foundation
import XCTest
import JSONCore
@testable import AssessmentModel

final class NodeModelTests: XCTestCase {
    private func survey(_ steps: String, extra: String = "") throws -> SurveyDocument {
        try SurveyDocument(text: #"{"type": "assessment", "identifier": "s", "#+extra+#""steps": ["#+steps+"]}")
    }

    func testEveryNodeKindDecodes() throws {
        let document = try survey("""
            {"type": "overview", "identifier": "o"},
            {"type": "instruction", "identifier": "i", "title": "T", "subtitle": "S", "detail": "D", "comment": "C", "image": {"imageName": "x"}},
            {"type": "completion", "identifier": "c"},
            {"type": "permission", "identifier": "p", "permissionType": "location"},
            {"type": "section", "identifier": "sec", "steps": [{"type": "instruction", "identifier": "inner"}]},
            {"type": "simpleQuestion", "identifier": "q1", "inputItem": {"type": "integer"}},
            {"type": "choiceQuestion", "identifier": "q2", "baseType": "string", "choices": [{"value": "a", "text": "A"}]}
            """)
        let steps = try XCTUnwrap(document.assessment.steps)
        XCTAssertEqual(document.assessment.kind, .assessment)
        XCTAssertEqual(steps.map(\.kind), [.overview, .instruction, .completion, .permission, .section, .simpleQuestion, .choiceQuestion])
        XCTAssertEqual(steps[1].title, "T")
        XCTAssertEqual(steps[1].subtitle, "S")
        XCTAssertEqual(steps[1].image, ["imageName": "x"])
        XCTAssertEqual(steps[3].body, .permission(permissionType: "location"), "a kind's members live in its body")
                XCTAssertNil(steps[3].extra["permissionType"], "typed members are not kept twice")
        XCTAssertEqual(steps[4].steps?.first?.identifier, "inner")
        XCTAssertEqual(steps[4].steps?.first?.pointer.description, "/steps/4/steps/0")
        XCTAssertEqual(steps[5].question?.inputItem?.type, .integer)
        XCTAssertEqual(steps[5].question?.answerType, .integer)
        XCTAssertEqual(steps[6].question?.choiceInput?.baseType, .string)
        XCTAssertEqual(steps[6].question?.choices?.first?.value, "a")
        XCTAssertTrue(document.issues.isEmpty, "\(document.issues)")
    }

    func testUnknownTypeIsKeptNotDropped() throws {
        let document = try survey(#"{"type": "textQuestion", "identifier": "t", "placeholder": "x"}"#)
        let step = try XCTUnwrap(document.assessment.steps?.first)
        XCTAssertEqual(step.kind, .unknown("textQuestion"))
        XCTAssertEqual(step.extra["placeholder"], "x")
        XCTAssertEqual(NodeKind.knownNames.count, 15, "the reference names 15 node types")
    }

    func testInputItemsWithFormatOptions() throws {
        let document = try survey("""
            {"type": "simpleQuestion", "identifier": "y", "inputItem": {"type": "year", "formatOptions": {"minimumYear": 1900, "allowFuture": false}}},
            {"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "number", "placeholder": "kg", "formatOptions": {"minimumValue": 0.5}}},
            {"type": "simpleQuestion", "identifier": "s", "inputItem": {"type": "string"}},
            {"type": "simpleQuestion", "identifier": "d", "inputItem": {"type": "time"}},
            {"type": "simpleQuestion", "identifier": "u", "inputItem": {"type": "colour"}}
            """)
        let items = (document.assessment.steps ?? []).compactMap(\.question?.inputItem)
        XCTAssertEqual(items.map(\.type), [.year, .number, .string, .time, .unknown("colour")])
        XCTAssertEqual(items[0].formatOptions?.minimumYear, JSONNumber(1900))
        XCTAssertEqual(items[0].formatOptions?.allowFuture, false)
        XCTAssertEqual(items[1].placeholder, "kg")
        XCTAssertEqual(items.map(\.type.answerType), [.integer, .number, .string, .string, nil])
    }

    func testRulesDistinguishAbsentFromNullMatchingAnswer() throws {
        let document = try survey("""
            {"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "1"}],
             "surveyRules": [{"skipToIdentifier": "a"}, {"matchingAnswer": null, "skipToIdentifier": "b"},
                             {"matchingAnswer": 1, "ruleOperator": "ge", "skipToIdentifier": "exit"}, {"matchingAnswer": 2}]}
            """)
        let rules = try XCTUnwrap(document.assessment.steps?.first?.question?.surveyRules)
        XCTAssertNil(rules[0].matchingAnswer)
        XCTAssertEqual(rules[1].matchingAnswer, .null)
        XCTAssertEqual(rules[0].comparedValue, .null)
        XCTAssertEqual(rules[0].ruleOperator, .equal)
        XCTAssertEqual(rules[2].ruleOperator, .greaterThanOrEqual)
        XCTAssertEqual(rules[2].target, .exit)
        XCTAssertNil(rules[3].skipToIdentifier)
        XCTAssertEqual(rules[3].pointer.description, "/steps/0/surveyRules/3")
    }

    func testNavigationTargetsAndButtonTypes() throws {
        XCTAssertEqual(NavigationTarget("exit"), .exit)
        XCTAssertEqual(NavigationTarget("nextSection"), .nextSection)
        XCTAssertEqual(NavigationTarget("beginning"), .beginning)
        XCTAssertEqual(NavigationTarget("q2"), .node("q2"))
        XCTAssertEqual(ButtonType("skip"), .skip)
        XCTAssertEqual(ButtonType("close"), .custom("close"))
        XCTAssertFalse(ButtonType("close").isKnown)
        let document = try survey(#"{"type": "instruction", "identifier": "i", "nextStepIdentifier": "nextSection", "shouldHideActions": ["skip", "close"], "actions": {"goForward": {"buttonTitle": "Go", "type": "default"}}}"#)
        let step = try XCTUnwrap(document.assessment.steps?.first)
        XCTAssertEqual(step.nextStepIdentifier, .nextSection)
        XCTAssertEqual(step.shouldHideActions, [.skip, .custom("close")])
        XCTAssertEqual(step.actions?.first { $0.button == .goForward }?.action.buttonTitle, "Go")
        XCTAssertNil(step.actions?.first { $0.button == .skip }?.action.buttonTitle)
    }

    func testWrongTypesBecomeIssuesWithPointers() throws {
        let document = try survey(#"{"type": "instruction", "identifier": "i", "title": 7}, {"identifier": "noType"}"#)
        XCTAssertEqual(document.issues.map(\.pointer.description), ["/steps/0/title", "/steps/1"])
        XCTAssertEqual(document.issues.first?.message, "\"title\" must be a string, found an integer")
    }

    func testPositionsPointIntoTheFile() throws {
        let document = try SurveyDocument(bytes: try Repository.bytes("examples/surveys/example-survey.json"))
        let choiceQ1 = try XCTUnwrap(document.assessment.step("choiceQ1"))
        XCTAssertEqual(document.position(of: choiceQ1.pointer).line, 26)
        XCTAssertEqual(document.position(of: choiceQ1.pointer.appending("identifier")).line, 28)
        let fourth = try XCTUnwrap(choiceQ1.question?.choices?[3])
        XCTAssertEqual(fourth.value, 3)
        XCTAssertEqual(document.position(of: fourth.pointer.appending("value")).line, 68)
    }

    func testEncodingThenDecodingEveryExampleGivesTheSameModel() throws {
        for url in try Repository.exampleSurveys() {
            let document = try SurveyDocument(bytes: Array(try Data(contentsOf: url)))
            let reencoded = try SurveyDocument(bytes: JSONWriter.pretty.bytes(document.assessment.json))
            XCTAssertEqual(reencoded.assessment, document.assessment, url.lastPathComponent)
            XCTAssertEqual(reencoded.assessment.json, document.json.value, "no member is lost: \(url.lastPathComponent)")
        }
    }

    func testCodableThroughFoundation() throws {
        let document = try SurveyDocument(bytes: try Repository.bytes("examples/surveys/example-survey.json"))
        let data = try JSONEncoder().encode(document.assessment)
        let decoded = try JSONDecoder().decode(Node.self, from: data)
        XCTAssertEqual(decoded.identifier, "surveyA")
        XCTAssertEqual(decoded.steps?.count, document.assessment.steps?.count)
        XCTAssertEqual(decoded.step("choiceQ1")?.question?.surveyRules.count, 5)
    }

    func testDescendantsWalkSectionsWithAncestors() throws {
        let document = try SurveyDocument(bytes: try Repository.bytes("examples/surveys/sleep-sections.json"))
        let visits = document.assessment.descendants()
        let cups = try XCTUnwrap(visits.first { $0.node.identifier == "cups" })
        XCTAssertEqual(cups.ancestors.map(\.identifier), ["sleepCheck", "habits", "caffeine"])
    }

    func testSyntaxErrorsAndNonObjects() {
        XCTAssertThrowsError(try SurveyDocument(text: "{\"type\": }")) { error in
            guard case .syntax(let parse)? = error as? SurveyLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(parse.position.column, 10)
        }
        XCTAssertThrowsError(try SurveyDocument(text: "[]")) { error in
            XCTAssertEqual(error as? SurveyLoadError, .notAnObject(found: .array))
        }
    }
}
