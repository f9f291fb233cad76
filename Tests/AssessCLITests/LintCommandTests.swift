import CLITestSupport
import Foundation
import XCTest
import JSONCore
@testable import AssessCLI
import AssessmentLint

final class LintCommandTests: XCTestCase {
    private func example(_ path: String) -> String { Paths.repository.appendingPathComponent("examples/" + path).path }

    func testTextOutputForTheExampleSurvey() {
        let file = example("surveys/example-survey.json")
        let run = CapturedRun(["lint", file])
        XCTAssertEqual(run.status, .findings)
        XCTAssertEqual(run.stdout, """
            \(file):48:30: error: rule of "choiceQ1" matches 4, which is none of its choices (1, 2, 3, 3); it can never fire, so "simpleQ4" is never reached this way [unmatchable-answer]
            \(file):68:21: error: choices "Likert Scale" and "Decimal Scale" of "choiceQ1" both have the value 3; the answer cannot tell them apart [duplicate-choice-value]
            \(file):64:21: note: first choice with value 3
            \(file):113:5: error: step "simpleQ4" can never be shown: no rule, nextStepIdentifier or preceding step leads to it [unreachable-step]

            """)
        XCTAssertEqual(run.stderr, "")
    }

    func testCleanSurveysExitZeroAndFolderInput() {
        let run = CapturedRun(["lint", example("surveys/sleep-sections.json"), example("surveys/mood-loop.json")])
        XCTAssertEqual(run.status, .ok)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(CapturedRun(["lint", example("bad")]).status, .findings)
    }

    func testJSONFormatIsStable() throws {
        let run = CapturedRun(["lint", "--format", "json", example("bad/missing-target.json")])
        let report = try JSONDocument(text: run.stdout).value
        XCTAssertEqual(report["errors"], 1)
        XCTAssertEqual(report["warnings"], 0)
        let finding = report["files"]?[0]?["findings"]?[0]
        XCTAssertEqual(finding?["rule"], "unknown-target")
        XCTAssertEqual(finding?["severity"], "error")
        XCTAssertEqual(finding?["line"], 11)
        XCTAssertEqual(finding?["column"], 69)
        XCTAssertEqual(finding?["pointer"], "/steps/0/surveyRules/0/skipToIdentifier")
    }

    func testGithubAndSarifFormats() throws {
        let file = example("bad/unknown-type.json")
        let github = CapturedRun(["lint", "--format", "github", file])
        XCTAssertTrue(github.stdout.hasPrefix("::error file=\(file),line=6,col=14,title=unknown-node-type::step \"q1\" has unknown type"), github.stdout)
        let sarif = try JSONDocument(text: CapturedRun(["lint", "--format", "sarif", file]).stdout).value
        XCTAssertEqual(sarif["version"], "2.1.0")
        let result = sarif["runs"]?[0]?["results"]?[0]
        XCTAssertEqual(result?["ruleId"], "unknown-node-type")
        XCTAssertEqual(result?["locations"]?[0]?["physicalLocation"]?["region"]?["startLine"], 6)
        XCTAssertGreaterThan(sarif["runs"]?[0]?["tool"]?["driver"]?["rules"]?.arrayValue?.count ?? 0, 15)
    }

    func testStrictExcludeAndListRules() throws {
        let folder = try Paths.scratch(self)
        let survey = folder.appendingPathComponent("warn.json")
        try Data(#"{"type": "assessment", "identifier": "s", "steps": [{"type": "instruction", "identifier": "a", "shouldHideActions": ["close"]}]}"#.utf8).write(to: survey)
        let lenient = CapturedRun(["lint", survey.path])
        XCTAssertEqual(lenient.status, .ok)
        XCTAssertTrue(lenient.stdout.contains("warning: unknown button \"close\""), lenient.stdout)
        XCTAssertEqual(CapturedRun(["lint", "--strict", survey.path]).status, .findings)
        XCTAssertEqual(CapturedRun(["lint", "--strict", "--exclude", "unknown-button", survey.path]).stdout, "")
        let typo = CapturedRun(["lint", "--exclude", "unknown-buton", survey.path])
        XCTAssertEqual(typo.status, .usage)
        XCTAssertTrue(typo.stderr.contains("did you mean unknown-button?"), typo.stderr)
        let rules = CapturedRun(["lint", "--list-rules"])
        XCTAssertEqual(rules.status, .ok)
        XCTAssertTrue(rules.stdout.contains("unreachable-step"))
        XCTAssertTrue(rules.stdout.contains("json-syntax"))
    }

    func testSyntaxErrorsAreInputErrors() {
        let run = CapturedRun(["lint", "-"], stdin: "{\"type\": \"assessment\",\n \"steps\": [}")
        XCTAssertEqual(run.status, .inputError)
        XCTAssertEqual(run.stdout, "<stdin>:2:12: error: unexpected '}'; expected a JSON value [json-syntax]\n")
    }
}
