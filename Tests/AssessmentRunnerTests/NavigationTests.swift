import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// `docs/navigation.md` §1: moving forward.
final class NavigationTests: XCTestCase {
    func testStartsAtTheFirstStepAndSectionsShowTheirChildren() throws {
        let survey = try Runs.survey(#"{"type": "section", "identifier": "s", "steps": [\#(Runs.instruction("a")), \#(Runs.instruction("b"))]}, \#(Runs.instruction("c"))"#)
        let report = try Runs.run(survey, ["steps": []])
        XCTAssertEqual(Runs.path(report), ["a", "b", "c"])
        XCTAssertEqual(report.session.shown.map(\.stepPath), ["s/a", "s/b", "c"])
        XCTAssertEqual(report.session.status, .completed)
    }

    func testSectionNextStepIdentifierAppliesAfterItsLastChild() throws {
        let survey = try Runs.survey(#"{"type": "section", "identifier": "s", "nextStepIdentifier": "d", "steps": [\#(Runs.instruction("a"))]}, \#(Runs.instruction("c")), \#(Runs.instruction("d"))"#)
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["steps": []])), ["a", "d"])
    }

    func testRulesThenNextStepIdentifierThenNextSibling() throws {
        let rules = #"[{"matchingAnswer": 1, "skipToIdentifier": "one"}, {"matchingAnswer": 1, "skipToIdentifier": "two"}]"#
        let survey = try Runs.survey([Runs.integerQuestion("q", rules: rules, extra: #", "nextStepIdentifier": "three""#),
                                      Runs.instruction("next"), Runs.instruction("one", extra: #", "nextStepIdentifier": "exit""#),
                                      Runs.instruction("two"), Runs.instruction("three")].joined(separator: ","))
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["q": 1])), ["q", "one"], "first matching rule wins")
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["q": 5])), ["q", "three"], "no rule: nextStepIdentifier")
        let plain = try Runs.survey([Runs.integerQuestion("q"), Runs.instruction("next")].joined(separator: ","))
        XCTAssertEqual(Runs.path(try Runs.run(plain, ["q": 5])), ["q", "next"], "else the next sibling")
    }

    func testRulesNeverRunWhenGoingBackward() throws {
        let survey = try Runs.survey([Runs.instruction("a"), Runs.integerQuestion("q", rules: #"[{"skipToIdentifier": "exit"}]"#), Runs.instruction("b")].joined(separator: ","))
        let report = try Runs.run(survey, ["steps": [["identifier": "q", "action": "goBackward"], ["identifier": "a", "action": "goForward"], ["identifier": "q", "answer": 1]]])
        XCTAssertEqual(Runs.path(report), ["a", "q", "a", "q", "b"])
        XCTAssertNil(report.failure)
    }

    func testASkippedQuestionComparesNull() throws {
        let survey = try Runs.survey([Runs.integerQuestion("q", rules: #"[{"skipToIdentifier": "skipped"}]"#), Runs.instruction("answered", extra: #", "nextStepIdentifier": "exit""#), Runs.instruction("skipped")].joined(separator: ","))
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["steps": [["identifier": "q", "action": "skip"]]])), ["q", "skipped"])
        XCTAssertEqual(Runs.path(try Runs.run(survey, ["q": 2])), ["q", "answered"])
    }

    func testARuleWithoutTargetExitsWithAWarning() throws {
        let survey = try Runs.survey([Runs.integerQuestion("q", rules: #"[{"matchingAnswer": 1}]"#), Runs.instruction("b")].joined(separator: ","))
        let report = try Runs.run(survey, ["q": 1])
        XCTAssertEqual(report.session.status, .exited)
        XCTAssertEqual(report.session.warnings, [.ruleWithoutTarget(step: "q", rule: 0)], "the warning names the step and the rule")
        XCTAssertEqual(report.json["warnings"], ["rule 0 of \"q\" matched but has no skipToIdentifier; the run exits as phones do"])
    }

    func testTargetsAreSiblingsOnlyAndOthersEndTheContainer() throws {
        let survey = try Runs.survey(#"{"type": "section", "identifier": "s", "steps": [\#(Runs.instruction("a", extra: #", "nextStepIdentifier": "c""#)), \#(Runs.instruction("b"))]}, \#(Runs.instruction("c")), \#(Runs.instruction("d"))"#)
        let report = try Runs.run(survey, ["steps": []])
        XCTAssertEqual(Runs.path(report), ["a", "c", "d"], "section s ends; navigation continues after it")
        XCTAssertEqual(report.session.warnings, [.targetNotASibling(step: "a", target: "c", container: "s")], "the jump, its target and the container it leaves")
        XCTAssertEqual(report.warnings.map(\.description), [#""a" jumps to "c", which is not a step of "s"; "s" ends there, as on phones"#])
    }

    func testReservedTargets() throws {
        let exit = try Runs.survey(#"{"type": "section", "identifier": "s", "steps": [\#(Runs.instruction("a", extra: #", "nextStepIdentifier": "exit""#)), \#(Runs.instruction("b"))]}, \#(Runs.instruction("c"))"#)
        let exited = try Runs.run(exit, ["steps": []])
        XCTAssertEqual(Runs.path(exited), ["a"])
        XCTAssertEqual(exited.session.status, .exited)
        let next = try Runs.survey(#"{"type": "section", "identifier": "s", "steps": [\#(Runs.instruction("a", extra: #", "nextStepIdentifier": "nextSection""#)), \#(Runs.instruction("b"))]}, \#(Runs.instruction("c"))"#)
        XCTAssertEqual(Runs.path(try Runs.run(next, ["steps": []])), ["a", "c"])
        let topLevel = try Runs.run(try Runs.survey([Runs.instruction("a", extra: #", "nextStepIdentifier": "nextSection""#), Runs.instruction("b")].joined(separator: ",")), ["steps": []])
        XCTAssertEqual(Runs.path(topLevel), ["a"])
        XCTAssertEqual(topLevel.session.status, .completed, "nextSection at the top level ends the run as completed")
        let beginning = try Runs.survey([Runs.integerQuestion("q"), Runs.integerQuestion("again", rules: #"[{"matchingAnswer": 1, "skipToIdentifier": "beginning"}]"#)].joined(separator: ","))
        let looped = try Runs.run(beginning, ["steps": [["identifier": "q", "answer": 5], ["identifier": "again", "answer": 1],
                                                         ["identifier": "q", "action": "goForward"], ["identifier": "again", "answer": 0]]])
        XCTAssertEqual(Runs.path(looped), ["q", "again", "q", "again"])
        XCTAssertEqual(looped.json["answers"]?["q"], 5, "earlier answers are kept and offered again")
    }

    func testExampleSurveyRoutes() throws {
        let survey = try Runs.exampleSurvey()
        let decimal = try Runs.run(survey, ["steps": [["identifier": "choiceQ1", "answer": 3], ["identifier": "simpleQ3", "answer": 5],
                                                       ["identifier": "followupQ", "answer": true], ["identifier": "multipleChoice", "action": "skip"],
                                                       ["identifier": "favoriteFood", "answer": "sushi"]]])
        XCTAssertNil(decimal.failure)
        XCTAssertEqual(Runs.path(decimal), ["overview", "choiceQ1", "simpleQ3", "followupQ", "multipleChoice", "favoriteFood", "completion"],
                       "choosing Decimal Scale (3) lands on simpleQ3; sushi is not pizza so the ne rule skips to completion")
        let birthYear = try Runs.run(survey, ["choiceQ1": 2, "simpleQ2": 1980, "followupQ": true, "favoriteFood": "pizza"])
        XCTAssertEqual(Runs.path(birthYear), ["overview", "choiceQ1", "simpleQ2", "followupQ", "multipleChoice", "favoriteFood", "pizza", "completion"])
    }
}

/// `docs/navigation.md` §2: comparing answers.
final class AnswerComparisonTests: XCTestCase {
    private func rule(_ op: String, _ value: JSONValue) -> SurveyRule {
        SurveyRule(skipToIdentifier: "x", matchingAnswer: value, ruleOperator: RuleOperator(op))
    }

    private func question(_ json: String) throws -> Question {
        try XCTUnwrap(try Runs.survey(json).steps?.first?.question)
    }

    func testNumericEqualityRoundsToTheQuestionsPlaces() throws {
        let integer = try question(Runs.integerQuestion("q"))
        XCTAssertTrue(AnswerComparison.matches(rule("eq", 2), answer: 2.0, question: integer))
        XCTAssertTrue(AnswerComparison.matches(rule("eq", 2), answer: 2.4, question: integer), "integer questions round to 0 places")
        let number = try question(#"{"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "number", "formatOptions": {"maximumFractionDigits": 1}}}"#)
        XCTAssertTrue(AnswerComparison.matches(rule("eq", 2.5), answer: 2.54, question: number))
        XCTAssertFalse(AnswerComparison.matches(rule("eq", 2.5), answer: 2.56, question: number))
        let plain = try question(#"{"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "number"}}"#)
        XCTAssertTrue(AnswerComparison.matches(rule("eq", 0.123456), answer: 0.1234561, question: plain), "5 places by default")
        XCTAssertFalse(AnswerComparison.matches(rule("eq", 0.12345), answer: 0.12346, question: plain))
    }

    func testOtherEqualityIsStrict() throws {
        let text = try question(#"{"type": "simpleQuestion", "identifier": "t", "inputItem": {"type": "string"}}"#)
        XCTAssertFalse(AnswerComparison.matches(rule("eq", "3"), answer: 3, question: text))
        XCTAssertFalse(AnswerComparison.matches(rule("eq", 1), answer: true, question: text))
        XCTAssertFalse(AnswerComparison.matches(rule("eq", "Blue"), answer: "blue", question: text))
        XCTAssertTrue(AnswerComparison.matches(rule("eq", .null), answer: .null, question: text))
        XCTAssertTrue(AnswerComparison.matches(rule("eq", ["a", "b"]), answer: ["a", "b"], question: text))
        XCTAssertFalse(AnswerComparison.matches(rule("eq", ["a", "b"]), answer: ["b", "a"], question: text))
        XCTAssertFalse(AnswerComparison.matches(rule("eq", "a"), answer: ["a"], question: text), "a scalar never matches an array")
        XCTAssertTrue(AnswerComparison.matches(rule("ne", "a"), answer: ["a"], question: text), "ne is exactly not eq")
        XCTAssertFalse(AnswerComparison.matches(rule("ne", 2), answer: 2.0, question: try question(Runs.integerQuestion("q"))), "ne rounds like eq")
    }

    /// Mirrors Kotlin `SurveyNavigationTest.testJsonElementComparison_Double` (AssessmentModelKMM
    /// `assessmentModel/src/commonTest/kotlin/navigation/SurveyNavigationTest.kt`): numbers `eq` calls
    /// equal are neither smaller nor greater.
    func testOrderingAgreesWithEqualityWithinTheRoundingAndIntegersStayExact() throws {
        let plain = try question(#"{"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "number"}}"#)
        XCTAssertTrue(AnswerComparison.matches(rule("eq", 3.1), answer: 3.100000001, question: plain))
        XCTAssertFalse(AnswerComparison.matches(rule("lt", 3.1), answer: 3.100000001, question: plain), "equal is not greater")
        XCTAssertFalse(AnswerComparison.matches(rule("gt", 3.100000001), answer: 3.1, question: plain), "equal is not smaller")
        XCTAssertTrue(AnswerComparison.matches(rule("le", 3.1), answer: 3.100000001, question: plain))
        XCTAssertTrue(AnswerComparison.matches(rule("ge", 3.100000001), answer: 3.1, question: plain))
        XCTAssertTrue(AnswerComparison.matches(rule("lt", 3.2), answer: 3.1, question: plain), "past the rounding the order is kept")
        for (answer, expected) in [(2.0000012, 2.000001), (2.000004, 2.000006), (7.5, 7.25), (-1.000001, -1.0)] as [(JSONValue, JSONValue)] {
            let holding = ["eq", "lt", "gt"].filter { AnswerComparison.matches(rule($0, expected), answer: answer, question: plain) }
            XCTAssertEqual(holding.count, 1, "\(answer) against \(expected): exactly one of eq, lt, gt holds, not \(holding)")
        }
        let integer = try question(Runs.integerQuestion("q"))
        let big: JSONValue = .number(try XCTUnwrap(JSONNumber(lexeme: "9007199254740993")))
        let bigger: JSONValue = .number(try XCTUnwrap(JSONNumber(lexeme: "9007199254740994")))
        XCTAssertTrue(AnswerComparison.matches(rule("lt", bigger), answer: big, question: integer), "integers compare exactly, past Double's precision")
        XCTAssertFalse(AnswerComparison.matches(rule("eq", bigger), answer: big, question: integer))
    }

    func testOrderingOnlyForNumbersAndStrings() throws {
        let q = try question(Runs.integerQuestion("q"))
        XCTAssertTrue(AnswerComparison.matches(rule("lt", 5), answer: 3, question: q))
        XCTAssertTrue(AnswerComparison.matches(rule("ge", 3), answer: 3, question: q))
        XCTAssertFalse(AnswerComparison.matches(rule("gt", 3), answer: 3, question: q))
        XCTAssertTrue(AnswerComparison.matches(rule("lt", "b"), answer: "a", question: q))
        XCTAssertTrue(AnswerComparison.matches(rule("gt", "a"), answer: "é", question: q), "strings compare by code point")
        for op in ["lt", "gt", "le", "ge"] {
            XCTAssertFalse(AnswerComparison.matches(rule(op, 3), answer: .null, question: q), "\(op): a skipped question never orders")
            XCTAssertFalse(AnswerComparison.matches(rule(op, true), answer: false, question: q))
            XCTAssertFalse(AnswerComparison.matches(rule(op, 3), answer: "3", question: q))
            XCTAssertFalse(AnswerComparison.matches(rule(op, [1]), answer: [1], question: q))
        }
    }
}
