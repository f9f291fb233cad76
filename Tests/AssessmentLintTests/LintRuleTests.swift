import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// One failing and one passing survey per rule, asserting id, severity, place and message.
final class LintRuleTests: XCTestCase {
    private let linter = Linter()

    private func lint(_ steps: String, root: String = "") -> [Finding] {
        let text = "{\"type\": \"assessment\", \"identifier\": \"survey\", \(root)\"steps\": [\n\(steps)\n]}"
        return linter.lint(bytes: Array(text.utf8), file: "t.json").findings
    }

    private func only(_ rule: String, _ findings: [Finding], file: StaticString = #filePath, line: UInt = #line) -> [Finding] {
        findings.filter { $0.ruleID == rule }
    }

    private let completion = #"{"type": "completion", "identifier": "done"}"#

    func testJSONSyntaxAndDuplicateKeys() {
        let broken = linter.lint(bytes: Array("{\"type\": \"assessment\",,}".utf8), file: "b.json")
        XCTAssertTrue(broken.unreadable)
        XCTAssertEqual(broken.findings.map(\.ruleID), ["json-syntax"])
        XCTAssertEqual(broken.findings.first?.position.column, 23)
        let duplicate = lint(#"{"type": "instruction", "identifier": "a", "title": "x", "title": "y"}"#)
        let found = only("duplicate-key", duplicate)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.position.line, 2)
        XCTAssertEqual(found.first?.notes.first?.position.column, 44)
    }

    func testSchemaFindingsNameTheStep() {
        let findings = only("schema", lint(#"{"type": "simpleQuestion", "identifier": "age", "inputItem": {"type": "integer", "formatOptions": {"maximumValue": "ten"}}}"#))
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings[0].message.hasPrefix("step \"age\": \"maximumValue\": expected a number but found a string (type)"), findings[0].message)
        XCTAssertEqual(only("schema", lint(#"{"type": "simpleQuestion", "identifier": "age", "inputItem": {"type": "integer"}}"#)), [])
    }

    func testUnknownNodeType() {
        let findings = only("unknown-node-type", lint(#"{"type": "instructon", "identifier": "a"}"#))
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings[0].message.contains("did you mean \"instruction\"?"), findings[0].message)
        XCTAssertTrue(findings[0].message.contains("known types: assessment, section, overview"), "an assessment can be a step")
        XCTAssertEqual(findings[0].position.column, 10)
        XCTAssertEqual(lint(#"{"type": "instructon", "identifier": "a"}"#).filter { $0.ruleID == "schema" }, [], "the logic finding replaces the schema one")
        XCTAssertEqual(only("unknown-node-type", lint(#"{"type": "instruction", "identifier": "a"}"#)), [])
    }

    func testDuplicateIdentifiers() {
        let siblings = only("duplicate-identifier", lint(#"{"type": "instruction", "identifier": "a"}, {"type": "instruction", "identifier": "a"}"#))
        XCTAssertEqual(siblings.map(\.severity), [.error])
        XCTAssertEqual(siblings.first?.notes.count, 1)
        let nested = only("duplicate-identifier", lint(#"{"type": "instruction", "identifier": "a"}, {"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a"}]}"#))
        XCTAssertEqual(nested, [], "results are kept per section, as the reference does: no ambiguity")
        XCTAssertEqual(only("duplicate-identifier", lint(#"{"type": "instruction", "identifier": "a"}, {"type": "instruction", "identifier": "b"}"#)), [])
    }

    func testUnknownTargetsSuggestAFix() {
        let findings = only("unknown-target", lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "don"}, "# + completion))
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings[0].severity, .error)
        XCTAssertTrue(findings[0].message.contains("did you mean \"done\"?"), findings[0].message)
        XCTAssertTrue(findings[0].message.contains("silently ends"))
        let notSibling = only("unknown-target", lint(#"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "done"}]}, "# + completion))
        XCTAssertEqual(notSibling.count, 1)
        XCTAssertTrue(notSibling[0].message.contains("targets must be siblings"), notSibling[0].message)
        XCTAssertEqual(notSibling[0].notes.count, 1)
        XCTAssertEqual(only("unknown-target", lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "done"}, "# + completion)), [])
        XCTAssertEqual(only("unknown-target", lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "exit"}"#)), [])
    }

    func testRuleWithoutTarget() {
        let question = #"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [RULE]}"#
        XCTAssertEqual(only("rule-without-target", lint(question.replacingOccurrences(of: "RULE", with: #"{"matchingAnswer": 1}"#))).count, 1)
        XCTAssertEqual(only("rule-without-target", lint(question.replacingOccurrences(of: "RULE", with: #"{"matchingAnswer": 1, "skipToIdentifier": "exit"}"#))), [])
    }

    func testNextSectionOutsideASectionAndBeginning() {
        let outside = only("reserved-target", lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "nextSection"}"#))
        XCTAssertEqual(outside.map(\.severity), [.warning])
        XCTAssertTrue(outside[0].message.contains("not inside a section"))
        let loop = only("reserved-target", lint(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 0, "skipToIdentifier": "beginning"}]}"#))
        XCTAssertTrue(loop.first?.message.contains("loop back") ?? false)
        XCTAssertEqual(only("reserved-target", lint(#"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "nextSection"}]}"#)), [])
    }

    func testUnreachableSteps() {
        let findings = only("unreachable-step", lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "c"}, {"type": "instruction", "identifier": "b"}, {"type": "instruction", "identifier": "c"}"#))
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings[0].message.hasPrefix("step \"b\" can never be shown"))
        XCTAssertEqual(findings[0].position.line, 2)
        XCTAssertEqual(findings[0].position.column, 72)
        let section = only("unreachable-step", lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "exit"}, {"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "x"}]}"#))
        XCTAssertEqual(section.map { String($0.message.prefix(13)) }, ["section \"s\" c"], "a whole section is reported once")
        let viaRule = lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "1"}], "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "c"}], "nextStepIdentifier": "exit"}, {"type": "instruction", "identifier": "b"}, {"type": "instruction", "identifier": "c"}"#)
        XCTAssertEqual(only("unreachable-step", viaRule).map { String($0.message.prefix(9)) }, ["step \"b\" "])
    }

    func testEndlessLoops() {
        let loop = only("endless-loop", lint(#"{"type": "instruction", "identifier": "a"}, {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"}"#))
        XCTAssertEqual(loop.count, 1)
        XCTAssertTrue(loop[0].message.contains("\"a\", \"b\""), loop[0].message)
        let withExit = lint(#"{"type": "choiceQuestion", "identifier": "a", "baseType": "boolean", "choices": [{"value": true, "text": "again"}, {"value": false, "text": "stop"}], "surveyRules": [{"matchingAnswer": false, "skipToIdentifier": "exit"}]}, {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"}"#)
        XCTAssertEqual(only("endless-loop", withExit), [])
    }

    func testDuplicateChoiceValues() {
        let findings = only("duplicate-choice-value", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}, {"value": 1.0, "text": "B"}]}"#))
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings[0].message.contains("\"A\" and \"B\""))
        XCTAssertEqual(only("duplicate-choice-value", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}, {"value": 2, "text": "B"}]}"#)), [])
    }

    func testValueTypes() {
        let findings = only("value-type-mismatch", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": "1", "text": "A"}], "surveyRules": [{"matchingAnswer": true, "skipToIdentifier": "exit"}]}"#))
        XCTAssertEqual(findings.count, 2)
        let simple = only("value-type-mismatch", lint(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "year"}, "surveyRules": [{"matchingAnswer": "1980", "skipToIdentifier": "exit"}]}"#))
        XCTAssertEqual(simple.count, 1)
        XCTAssertEqual(only("value-type-mismatch", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "singleChoice": false, "choices": [{"value": "a", "text": "A"}], "surveyRules": [{"matchingAnswer": ["a"], "skipToIdentifier": "exit"}]}"#)), [])
    }

    func testUnmatchableAnswers() {
        let findings = only("unmatchable-answer", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}], "surveyRules": [{"matchingAnswer": 2, "skipToIdentifier": "exit"}]}"#))
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(only("unmatchable-answer", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}], "other": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 2, "skipToIdentifier": "exit"}]}"#)), [], "an other field can answer 2")
    }

    func testOrderingOperatorsOnUnorderedValues() {
        let findings = only("ordering-on-unordered", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "boolean", "choices": [{"value": true, "text": "A"}], "surveyRules": [{"matchingAnswer": true, "ruleOperator": "gt", "skipToIdentifier": "exit"}]}"#))
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(only("ordering-on-unordered", lint(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 3, "ruleOperator": "gt", "skipToIdentifier": "exit"}]}"#)), [])
    }

    func testShadowedRules() {
        let findings = only("shadowed-rule", lint(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 3, "ruleOperator": "ge", "skipToIdentifier": "exit"}, {"matchingAnswer": 5, "skipToIdentifier": "done"}]}, "# + completion))
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings[0].severity, .warning)
        XCTAssertEqual(only("shadowed-rule", lint(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"skipToIdentifier": "exit"}, {"matchingAnswer": 5, "skipToIdentifier": "done"}]}, "# + completion)), [],
                       "a rule for skipped answers does not shadow a numeric one")
    }

    func testSelectorsOnSingleChoiceAndEmptyChoices() {
        let selector = only("selector-on-single-choice", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "choices": [{"value": "a", "text": "A"}, {"text": "All", "selectorType": "all"}]}"#))
        XCTAssertEqual(selector.count, 1)
        XCTAssertEqual(selector.first?.severity, .error, "all on a single choice is an error")
        // Both engines decode and ignore "exclusive" on a single-choice question (Swift
        // CodableNodeTests.testChoiceQuestion_Default_Codable and testChoiceQuestion_AllFields_Codable, AssessmentModelKMM
        // SwiftPackage/Tests/AssessmentModelTests/AssessmentTests/CodingTests/CodableNodeTests.swift).
        let exclusive = only("selector-on-single-choice", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "choices": [{"value": "a", "text": "A"}, {"value": "n", "text": "None", "selectorType": "exclusive"}]}"#))
        XCTAssertEqual(exclusive.map(\.severity), [.warning])
        XCTAssertEqual(only("selector-on-single-choice", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "singleChoice": false, "choices": [{"value": "a", "text": "A"}, {"text": "All", "selectorType": "all"}]}"#)), [])
        XCTAssertEqual(only("empty-choices", lint(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "choices": []}"#)).count, 1)
    }

    func testUnknownButtons() {
        let findings = only("unknown-button", lint(#"{"type": "instruction", "identifier": "a", "shouldHideActions": ["skipp"], "actions": {"close": {"buttonTitle": "X"}}}"#))
        XCTAssertEqual(findings.map(\.severity), [.warning, .warning])
        XCTAssertTrue(findings[0].message.contains("did you mean \"skip\"?"))
        XCTAssertEqual(only("unknown-button", lint(#"{"type": "instruction", "identifier": "a", "shouldHideActions": ["skip"]}"#)), [])
    }

    func testExampleSurveyReportsDuplicateValueAndUnreachableStepAtTheirLines() throws {
        let report = linter.lint(bytes: try Repository.bytes("examples/surveys/example-survey.json"), file: "example-survey.json")
        let duplicate = try XCTUnwrap(report.findings.first { $0.ruleID == "duplicate-choice-value" })
        XCTAssertEqual(duplicate.position.line, 68)
        XCTAssertEqual(duplicate.notes.first?.position.line, 64)
        let unreachable = try XCTUnwrap(report.findings.first { $0.ruleID == "unreachable-step" })
        XCTAssertEqual(unreachable.position.line, 113)
        XCTAssertTrue(unreachable.message.contains("simpleQ4"))
        XCTAssertTrue(report.fails(strict: false))
    }

    func testShippedExamplesAreCleanAndBadOnesAreNot() throws {
        for url in try Repository.exampleSurveys() where url.lastPathComponent != "example-survey.json" {
            let report = linter.lint(bytes: Array(try Data(contentsOf: url)), file: url.lastPathComponent)
            XCTAssertEqual(report.findings.map(\.message), [], url.lastPathComponent)
        }
        for name in ["unknown-type", "malformed-choice", "missing-target"] {
            XCTAssertTrue(linter.lint(bytes: try Repository.bytes("examples/bad/\(name).json"), file: name).fails(strict: false), name)
        }
    }

    func testExcludedRulesAreSkipped() throws {
        let report = Linter(excluding: ["unreachable-step", "duplicate-choice-value"])
            .lint(bytes: try Repository.bytes("examples/surveys/example-survey.json"), file: "e.json")
        XCTAssertEqual(report.findings.map(\.ruleID), ["unmatchable-answer"])
    }
}
