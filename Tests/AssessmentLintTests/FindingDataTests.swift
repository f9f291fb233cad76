import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// Findings as data: ranges, typed rule ids, the registry and fix-its.
final class FindingDataTests: XCTestCase {
    private func lint(_ steps: String) -> (text: [UInt8], findings: [Finding]) {
        let text = Array("{\"type\": \"assessment\", \"identifier\": \"survey\", \"steps\": [\n\(steps)\n]}".utf8)
        return (text, Linter().lint(bytes: text, file: "t.json").findings)
    }

    private func slice(_ text: [UInt8], _ range: SourceRange) -> String {
        String(decoding: text[range.start.offset..<range.end.offset], as: UTF8.self)
    }

    /// Applies the first fix of every finding of `rule` (edits from the end, so offsets hold).
    private func applyingFixes(of rule: LintRuleID, _ text: [UInt8], _ findings: [Finding]) -> [UInt8] {
        let edits = findings.filter { $0.rule == rule }.compactMap(\.fixes.first).flatMap(\.edits).sorted { $0.range.start.offset > $1.range.start.offset }
        var result = text
        for edit in edits { result.replaceSubrange(edit.range.start.offset..<edit.range.end.offset, with: Array(edit.replacement.utf8)) }
        return result
    }

    func testTheSurveyChecksHoldEveryIdOnceInTheirOrder() {
        let ids = LintRegistry.surveyChecks.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "one check per id")
        XCTAssertEqual(ids.prefix(4), [.jsonSyntax, .duplicateKey, .schema, .sageResearchFormat], "built-in checks first, then the logic rules")
        XCTAssertEqual(LintRegistry.surveyChecks.first { $0.id == .shadowedRule }?.severity, .warning)
        XCTAssertEqual(LintRuleID.unknownTarget.documentationPath, "docs/rules.md#unknown-target")
        XCTAssertEqual(LintRuleID(rawValue: "unknown-target"), .unknownTarget)
    }

    func testRangesSpanTheOffendingValue() {
        let (text, findings) = lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "nowhere"}"#)
        let finding = findings.first { $0.rule == .unknownTarget }
        XCTAssertEqual(finding.map { slice(text, $0.range) }, "\"nowhere\"")
        let duplicate = lint(#"{"type": "instruction", "identifier": "a", "title": "x", "title": "y"}"#)
        let key = duplicate.findings.first { $0.rule == .duplicateKey }
        XCTAssertEqual(key.map { slice(duplicate.text, $0.range) }, "\"title\"")
        XCTAssertEqual(key?.notes.first.map { slice(duplicate.text, $0.range) }, "\"title\"")
    }

    func testEveryDidYouMeanCarriesAFixThatRemovesTheFinding() {
        let cases: [(LintRuleID, String)] = [
            (.unknownTarget, #"{"type": "instruction", "identifier": "intro", "nextStepIdentifier": "ext"}, {"type": "completion", "identifier": "done"}"#),
            (.unknownNodeType, #"{"type": "instructon", "identifier": "a"}"#),
            (.unknownInputType, #"{"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "strng"}}"#),
            (.uiHint, #"{"type": "simpleQuestion", "identifier": "q", "uiHint": "textfeld", "inputItem": {"type": "string"}}"#),
            (.unknownButton, #"{"type": "instruction", "identifier": "a", "shouldHideActions": ["goFoward"]}"#),
            (.unknownButton, #"{"type": "instruction", "identifier": "a", "actions": {"goFoward": {"type": "default", "buttonTitle": "Go"}}}"#),
        ]
        for (rule, steps) in cases {
            let (text, findings) = lint(steps)
            let found = findings.filter { $0.rule == rule }
            XCTAssertEqual(found.count, 1, "\(rule): \(findings.map(\.message))")
            XCTAssertEqual(found.first?.fixes.count, 1, "\(rule) has one fix")
            XCTAssertTrue(found.first?.message.contains("did you mean") ?? false)
            let fixed = applyingFixes(of: rule, text, findings)
            let after = Linter().lint(bytes: fixed, file: "t.json").findings
            XCTAssertEqual(after.filter { $0.rule == rule }, [], "\(rule): \(String(decoding: fixed, as: UTF8.self))")
        }
    }

    func testALoopPointsEditorsAtItsOtherStepsWithoutNewNoteLines() {
        let (text, findings) = lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "b"}, {"type": "instruction", "identifier": "b", "nextStepIdentifier": "a"}"#)
        let loop = findings.first { $0.rule == .endlessLoop }
        XCTAssertEqual(loop?.notes, [], "lint's text output is unchanged")
        XCTAssertEqual(loop?.related.map(\.message), ["\"b\" is part of the loop"])
        XCTAssertEqual(loop?.related.first.map { slice(text, $0.range) }, "\"b\"")
    }

    func testNoFixWithoutASuggestion() {
        let (_, findings) = lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "zzzzzzzzzz"}"#)
        XCTAssertEqual(findings.first { $0.rule == .unknownTarget }?.fixes, [])
    }
}
