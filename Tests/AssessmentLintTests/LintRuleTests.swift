import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// One failing and one passing survey per rule, asserting id, severity, place and message.
final class LintRuleTests: XCTestCase {
    private let linter = Linter()

    private let completion = #"{"type": "completion", "identifier": "done"}"#

    func testJSONSyntaxAndDuplicateKeys() {
        let broken = MarkedText("{\"type\": \"assessment\",1️⃣,}")
        let report = linter.lint(bytes: Array(broken.text.utf8), file: "b.json")
        XCTAssertTrue(report.unreadable)
        XCTAssertEqual(lintMismatches(report.findings, in: broken, expected: [FindingSpec("1️⃣", .jsonSyntax)]), [])
        assertLint(survey(#"{"type": "instruction", "identifier": "a", 1️⃣"title": "x", 2️⃣"title": "y"}"#), [
            FindingSpec("2️⃣", .duplicateKey, severity: .error, message: #"key "title" is repeated"#, notes: ["1️⃣"]),
        ])
    }

    func testSchemaFindingsNameTheStep() {
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "age", "inputItem": {"type": "integer", "formatOptions": {"maximumValue": 1️⃣"ten"}}}"#), [
            FindingSpec("1️⃣", .schema, message: #"step "age": "maximumValue": expected a number but found a string (type)"#),
        ])
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "age", "inputItem": {"type": "integer"}}"#), [], rules: [.schema])
    }

    func testUnknownNodeType() {
        // The logic finding replaces the schema one.
        let findings = assertLint(survey(#"{"type": 1️⃣"instructon", "identifier": "a"}"#), [
            FindingSpec("1️⃣", .unknownNodeType, message: #"did you mean "instruction"?"#),
        ], rules: [.unknownNodeType, .schema])
        XCTAssertTrue(findings.first?.message.contains("known types: assessment, section, overview") ?? false, "an assessment can be a step")
        assertLint(survey(#"{"type": "instruction", "identifier": "a"}"#), [], rules: [.unknownNodeType])
    }

    func testDuplicateIdentifiers() {
        assertLint(survey(#"{"type": "instruction", "identifier": 1️⃣"a"}, {"type": "instruction", "identifier": 2️⃣"a"}"#), [
            FindingSpec("2️⃣", .duplicateIdentifier, severity: .error, notes: ["1️⃣"]),
        ])
        assertLint(survey(#"{"type": "instruction", "identifier": "a"}, {"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a"}]}"#),
                   [], rules: [.duplicateIdentifier])  // results are kept per section, as the reference does: no ambiguity
        assertLint(survey(#"{"type": "instruction", "identifier": "a"}, {"type": "instruction", "identifier": "b"}"#), [], rules: [.duplicateIdentifier])
    }

    func testUnknownTargetsSuggestAFix() {
        let findings = assertLint(survey(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": 1️⃣"don"}, "# + completion), [
            FindingSpec("1️⃣", .unknownTarget, severity: .error, message: #"did you mean "done"?"#),
        ])
        XCTAssertTrue(findings.first?.message.contains("silently ends") ?? false)
        assertLint(survey(#"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": 1️⃣"done"}]}, 2️⃣"# + completion), [
            FindingSpec("1️⃣", .unknownTarget, message: "targets must be siblings", notes: ["2️⃣"]),
        ])
        assertLint(survey(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "done"}, "# + completion), [], rules: [.unknownTarget])
        assertLint(survey(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "exit"}"#), [], rules: [.unknownTarget])
    }

    func testRuleWithoutTarget() {
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [1️⃣{"matchingAnswer": 1}]}"#), [
            FindingSpec("1️⃣", .ruleWithoutTarget, severity: .error),
        ])
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "exit"}]}"#),
                   [], rules: [.ruleWithoutTarget])
    }

    func testNextSectionOutsideASectionAndBeginning() {
        assertLint(survey(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": 1️⃣"nextSection"}"#), [
            FindingSpec("1️⃣", .reservedTarget, severity: .warning, message: "not inside a section"),
        ])
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 0, "skipToIdentifier": 1️⃣"beginning"}]}"#), [
            FindingSpec("1️⃣", .reservedTarget, message: "loop back"),
        ])
        assertLint(survey(#"{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "nextStepIdentifier": "nextSection"}]}"#),
                   [], rules: [.reservedTarget])
    }

    func testUnreachableSteps() {
        assertLint(survey(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "c"}, 1️⃣{"type": "instruction", "identifier": "b"}, {"type": "instruction", "identifier": "c"}"#), [
            FindingSpec("1️⃣", .unreachableStep, message: #"step "b" can never be shown"#),
        ])
        // A whole section is reported once, at the section.
        assertLint(survey(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "exit"}, 1️⃣{"type": "section", "identifier": "s", "steps": [{"type": "instruction", "identifier": "x"}]}"#), [
            FindingSpec("1️⃣", .unreachableStep, message: #"section "s" can never be shown"#),
        ])
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "1"}], "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "c"}], "nextStepIdentifier": "exit"}, 1️⃣{"type": "instruction", "identifier": "b"}, {"type": "instruction", "identifier": "c"}"#), [
            FindingSpec("1️⃣", .unreachableStep, message: #"step "b" "#),
        ])
    }

    func testEndlessLoops() {
        assertLint(survey(#"1️⃣{"type": "instruction", "identifier": "a"}, {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"}"#), [
            FindingSpec("1️⃣", .endlessLoop, message: #""a", "b""#),
        ])
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "a", "baseType": "boolean", "choices": [{"value": true, "text": "again"}, {"value": false, "text": "stop"}], "surveyRules": [{"matchingAnswer": false, "skipToIdentifier": "exit"}]}, {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"}"#),
                   [], rules: [.endlessLoop])
    }

    func testDuplicateChoiceValues() {
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1️⃣1, "text": "A"}, {"value": 2️⃣1.0, "text": "B"}]}"#), [
            FindingSpec("2️⃣", .duplicateChoiceValue, message: #""A" and "B""#, notes: ["1️⃣"]),
        ])
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}, {"value": 2, "text": "B"}]}"#),
                   [], rules: [.duplicateChoiceValue])
    }

    func testValueTypes() {
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1️⃣"1", "text": "A"}], "surveyRules": [{"matchingAnswer": 2️⃣true, "skipToIdentifier": "exit"}]}"#), [
            FindingSpec("1️⃣", .valueTypeMismatch, message: "write 1"),
            FindingSpec("2️⃣", .valueTypeMismatch, message: "can never match"),
        ])
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "year"}, "surveyRules": [{"matchingAnswer": 1️⃣"1980", "skipToIdentifier": "exit"}]}"#), [
            FindingSpec("1️⃣", .valueTypeMismatch, message: "write 1980"),
        ])
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "singleChoice": false, "choices": [{"value": "a", "text": "A"}], "surveyRules": [{"matchingAnswer": ["a"], "skipToIdentifier": "exit"}]}"#),
                   [], rules: [.valueTypeMismatch])
    }

    func testUnmatchableAnswers() {
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}], "surveyRules": [{"matchingAnswer": 1️⃣2, "skipToIdentifier": "exit"}]}"#), [
            FindingSpec("1️⃣", .unmatchableAnswer, message: "none of its choices"),
        ])
        // An other field can answer 2.
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "choices": [{"value": 1, "text": "A"}], "other": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 2, "skipToIdentifier": "exit"}]}"#),
                   [], rules: [.unmatchableAnswer])
    }

    func testOrderingOperatorsOnUnorderedValues() {
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "boolean", "choices": [{"value": true, "text": "A"}], "surveyRules": [{"matchingAnswer": true, "ruleOperator": 1️⃣"gt", "skipToIdentifier": "exit"}]}"#), [
            FindingSpec("1️⃣", .orderingOnUnordered),
        ])
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 3, "ruleOperator": "gt", "skipToIdentifier": "exit"}]}"#),
                   [], rules: [.orderingOnUnordered])
    }

    func testShadowedRules() {
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [1️⃣{"matchingAnswer": 3, "ruleOperator": "ge", "skipToIdentifier": "exit"}, 2️⃣{"matchingAnswer": 5, "skipToIdentifier": "done"}]}, "# + completion), [
            FindingSpec("2️⃣", .shadowedRule, severity: .warning, notes: ["1️⃣"]),
        ])
        // A rule for skipped answers does not shadow a numeric one.
        assertLint(survey(#"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"}, "surveyRules": [{"skipToIdentifier": "exit"}, {"matchingAnswer": 5, "skipToIdentifier": "done"}]}, "# + completion),
                   [], rules: [.shadowedRule])
    }

    func testSelectorsOnSingleChoiceAndEmptyChoices() {
        // All on a single choice is an error.
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "choices": [{"value": "a", "text": "A"}, {"text": "All", "selectorType": 1️⃣"all"}]}"#), [
            FindingSpec("1️⃣", .selectorOnSingleChoice, severity: .error),
        ])
        // Both engines decode and ignore "exclusive" on a single-choice question (Swift
        // CodableNodeTests.testChoiceQuestion_Default_Codable and testChoiceQuestion_AllFields_Codable, AssessmentModelKMM
        // SwiftPackage/Tests/AssessmentModelTests/AssessmentTests/CodingTests/CodableNodeTests.swift).
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "choices": [{"value": "a", "text": "A"}, {"value": "n", "text": "None", "selectorType": 1️⃣"exclusive"}]}"#), [
            FindingSpec("1️⃣", .selectorOnSingleChoice, severity: .warning),
        ])
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "singleChoice": false, "choices": [{"value": "a", "text": "A"}, {"text": "All", "selectorType": "all"}]}"#),
                   [], rules: [.selectorOnSingleChoice])
        assertLint(survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "string", "choices": 1️⃣[]}"#), [FindingSpec("1️⃣", .emptyChoices)])
    }

    func testUnknownButtons() {
        assertLint(survey(#"{"type": "instruction", "identifier": "a", "shouldHideActions": [1️⃣"skipp"], "actions": {2️⃣"close": {"buttonTitle": "X"}}}"#), [
            FindingSpec("1️⃣", .unknownButton, severity: .warning, message: #"did you mean "skip"?"#),
            FindingSpec("2️⃣", .unknownButton, severity: .warning),
        ])
        assertLint(survey(#"{"type": "instruction", "identifier": "a", "shouldHideActions": ["skip"]}"#), [], rules: [.unknownButton])
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
