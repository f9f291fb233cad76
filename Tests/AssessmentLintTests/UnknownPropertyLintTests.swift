import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// `unknown-property`: members no reference engine reads, at the member name, with a fix.
final class UnknownPropertyLintTests: XCTestCase {
    private func survey(_ steps: String) -> [UInt8] {
        Array("{\"type\": \"assessment\", \"identifier\": \"survey\", \"steps\": [\n\(steps)\n]}".utf8)
    }

    private func findings(_ text: [UInt8], _ linter: Linter = Linter()) -> [Finding] {
        linter.lint(bytes: text, file: "t.json").findings.filter { $0.rule == .unknownProperty }
    }

    /// The text a finding's range covers.
    private func slice(_ text: [UInt8], _ range: SourceRange) -> String {
        String(decoding: text[range.start.offset..<range.end.offset], as: UTF8.self)
    }

    /// The misspellings of the 2021 sample survey: each at its key, with the meant key as a fix that clears it.
    func testMisspeltKeysAreFoundAtTheKeyWithTheMeantKey() {
        let cases: [(step: String, key: String, meant: String)] = [
            (#"{"type": "instruction", "identifier": "a", "titel": "Hello"}"#, "titel", "title"),
            (#"{"type": "choiceQuestion", "identifier": "q", "choises": [{"value": 1, "text": "One"}]}"#, "choises", "choices"),
            (#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1, "text": "One"}], "surveyRules": [{"matchingAnswer": 1, "skipToIdentifer": "exit"}]}"#,
             "skipToIdentifer", "skipToIdentifier"),
            (#"{"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "integer", "formatOptions": {"maximumValu": 3}}}"#, "maximumValu", "maximumValue"),
            (#"{"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "string", "placeholdr": "x"}}"#, "placeholdr", "placeholder"),
            (#"{"type": "instruction", "identifier": "a", "actions": {"goForward": {"type": "default", "buttonTitel": "Go"}}}"#, "buttonTitel", "buttonTitle"),
            (#"{"type": "instruction", "identifier": "a", "image": {"type": "fetchable", "imageNam": "x"}}"#, "imageNam", "imageName"),
        ]
        for (step, key, meant) in cases {
            let text = survey(step)
            let found = findings(text)
            XCTAssertEqual(found.count, 1, "\(key): \(found.map(\.message))")
            guard let finding = found.first else { continue }
            XCTAssertEqual(finding.severity, .warning)
            XCTAssertEqual(slice(text, finding.range), "\"\(key)\"", "positioned at the key")
            XCTAssertTrue(finding.message.contains("did you mean \"\(meant)\"?"), finding.message)
            XCTAssertEqual(findings(applying(finding.fixes.first, to: text)), [], "the fix clears \(key)")
        }
    }

    func testTheMessageNamesTheObjectAndWhatEachEngineDoes() {
        let text = survey(#"{"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1, "text": "One"}], "surveyRules": [{"matchingAnswer": 1, "skipToIdentifer": "exit"}]}"#)
        XCTAssertEqual(findings(text).map(\.message), [
            "\"skipToIdentifer\" is not a member of a survey rule of choiceQuestion \"q\"; did you mean \"skipToIdentifier\"? (iOS ignores it and Android's default decoder refuses the file)",
        ])
    }

    func testTheRetiredExclusiveOnAChoiceBecomesItsSelectorType() {
        let text = survey(#"{"type": "choiceQuestion", "identifier": "q", "baseType": "integer", "singleChoice": false, "choices": [{"value": 1, "text": "One"}, {"value": 0, "text": "None", "exclusive": true}]}"#)
        let found = findings(text)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first.map { slice(text, $0.range) }, "\"exclusive\"")
        XCTAssertTrue(found.first?.message.contains("older format's name for \"selectorType\"") ?? false, found.first?.message ?? "")
        let fixed = applying(found.first?.fixes.first, to: text)
        XCTAssertTrue(String(decoding: fixed, as: UTF8.self).contains(#"{"value": 0, "text": "None", "selectorType": "exclusive"}"#))
        XCTAssertEqual(Linter().lint(bytes: fixed, file: "t.json").findings, [], "the fixed survey is clean")
    }

    func testKeysOneEngineReadsAreKnown() {
        let text = survey(#"{"type": "simpleQuestion", "identifier": "n", "footnote": "Android", "inputItem": {"type": "string", "characterLimit": 10}}, {"type": "choiceQuestion", "identifier": "c", "choices": [{"value": 1, "text": "One", "detail": "Android", "iconName": "iOS"}]}"#)
        XCTAssertEqual(findings(text), [])
    }

    func testAppTypesAndUnknownInputTypesAreLeftToTheirOwnRules() {
        let text = survey(#"{"type": "tapping", "identifier": "t", "handSelection": "left"}, {"type": "simpleQuestion", "identifier": "d", "inputItem": {"type": "date", "calendar": "x"}}"#)
        XCTAssertEqual(findings(text), [])
    }

    func testAllowedPropertiesAnywhereOrInOneKind() {
        let text = survey(#"{"type": "instruction", "identifier": "a", "score": 1}, {"type": "choiceQuestion", "identifier": "q", "choices": [{"value": 1, "text": "One", "score": 2, "points": 3}]}"#)
        XCTAssertEqual(findings(text).count, 3)
        XCTAssertEqual(findings(text, Linter(allowedProperties: ["score"])).map(\.pointer.description), ["/steps/1/choices/0/points"])
        XCTAssertEqual(findings(text, Linter(allowedProperties: ["choice.score", "choice.points"])).map(\.pointer.description), ["/steps/0/score"])
    }

    func testNestedSectionsAndTheRootAreChecked() {
        let text = Array(#"{"type": "assessment", "identifier": "s", "versionString": "1", "estimatedMinuts": 3, "steps": [{"type": "section", "identifier": "x", "steps": [{"type": "completion", "identifier": "d", "subtitel": "y"}]}]}"#.utf8)
        XCTAssertEqual(findings(text).map(\.pointer.description), ["/estimatedMinuts", "/steps/0/steps/0/subtitel"])
    }

    /// Every example survey and test fixture is valid for both engines: no finding on any of them.
    func testNoFindingOnTheExamplesOrFixtures() throws {
        var checked = 0
        for folder in ["examples", "Tests/AssessCLITests/Fixtures"] {
            let walker = FileManager.default.enumerator(at: Repository.file(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "json", let data = FileManager.default.contents(atPath: url.path) else { continue }
                checked += 1
                XCTAssertEqual(findings(Array(data)).map(\.message), [], url.path)
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }
}

/// The text after applying a fix (edits from the end, so offsets hold).
func applying(_ fix: FixIt?, to text: [UInt8]) -> [UInt8] {
    var result = text
    for edit in (fix?.edits ?? []).sorted(by: { $0.range.start.offset > $1.range.start.offset }) {
        result.replaceSubrange(edit.range.start.offset..<edit.range.end.offset, with: Array(edit.replacement.utf8))
    }
    return result
}
