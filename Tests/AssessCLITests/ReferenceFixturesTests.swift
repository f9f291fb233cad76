import CLITestSupport
import Foundation
import XCTest
import JSONCore
@testable import AssessCLI
import AssessmentLint

/// The reference fixtures (every node and input type, a motor-control style survey built from its
/// parts) lint clean and run as scripted; the options that extend the format work from the CLI.
final class ReferenceFixturesTests: XCTestCase {
    private let reference = Paths.fixture("reference")
    private let scripts = Paths.fixture("reference-scripts")
    private let now = "2026-01-02T03:04:05.000+00:00"

    func testEveryFixtureLintsCleanIncludingResourceFilesAndTheConfig() {
        let run = CapturedRun(["lint", reference])
        XCTAssertEqual(run.status, .ok, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout, "\(reference)/motor/hand-selection.json:1:1: warning: choice question \"handSelection\" has no \"baseType\"; the apps infer \"string\" from its choices (write it to be sure) [missing-base-type]\n",
                       "assess.json is a config, not a survey; the one finding is the deliberate warning")
        XCTAssertEqual(run.stderr, "")
    }

    func testEveryFixtureRunsAsExpected() {
        for (survey, script) in [("every-node.json", "every-node.json"), ("every-input.json", "every-input.json"), ("motor/tremor-test.json", "tremor-test.json")] {
            let run = CapturedRun(["run", "\(reference)/\(survey)", "--answers", "\(scripts)/\(script)", "--now", now])
            XCTAssertEqual(run.status, .ok, survey + run.stderr)
            XCTAssertEqual(run.stderr, "\(scripts)/\(script): as expected\n", survey)
            let report = try? JSONDocument(text: run.stdout).value
            XCTAssertEqual(report?["status"], "completed", survey)
        }
        let motor = CapturedRun(["run", "\(reference)/motor/tremor-test.json", "--answers", "\(scripts)/tremor-test.json", "--now", now, "--report", "text"])
        XCTAssertTrue(motor.stdout.contains("4. left/instruction (handInstruction): Hold the phone in your %@ hand\n"), motor.stdout)
        XCTAssertTrue(motor.stdout.contains("9. right/tremor (motion): Hold still\n"), "both transforms load the same section under their own names")
    }

    func testOldInputTypesAreErrors() {
        let file = Paths.fixture("reference-bad/old-input-types.json")
        let run = CapturedRun(["lint", file])
        XCTAssertEqual(run.status, .findings)
        let rules = run.stdout.split(separator: "\n").map { $0.split(separator: "[").last.map(String.init) ?? "" }
        XCTAssertEqual(rules, Array(repeating: "unknown-input-type]", count: 6), run.stdout)
        XCTAssertEqual(CapturedRun(["run", file, "--answers", "\(scripts)/every-input.json"]).status, .findings, "run refuses it")
    }

    func testAllowTypeAndConfigFiles() throws {
        let folder = try Paths.scratch(self)
        let survey = folder.appendingPathComponent("tap.json")
        try Data(#"{"type": "tapTest", "identifier": "t", "steps": [{"type": "tapping", "identifier": "tap", "duration": 10}, {"type": "completion", "identifier": "done"}]}"#.utf8).write(to: survey)
        let unknown = CapturedRun(["lint", survey.path])
        XCTAssertEqual(unknown.status, .findings)
        XCTAssertEqual(unknown.stdout.components(separatedBy: "[unknown-node-type]").count - 1, 2, "the root and the step")
        XCTAssertEqual(CapturedRun(["lint", "--allow-type", "tapTest", "--allow-type", "tapping", survey.path]).status, .ok)
        let refused = CapturedRun(["run", survey.path, "--answers", "-", "--allow-lint-errors"], stdin: "{}")
        XCTAssertEqual(refused.status, .findings)
        XCTAssertTrue(refused.stderr.contains("the root has unknown type \"tapTest\""), refused.stderr)

        let nested = folder.appendingPathComponent("deeper/still")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: survey, to: nested.appendingPathComponent("tap.json"))
        try Data(#"{"allowTypes": ["tapTest", "tapping"]}"#.utf8).write(to: folder.appendingPathComponent("assess.json"))
        let moved = nested.appendingPathComponent("tap.json").path
        XCTAssertEqual(CapturedRun(["lint", moved]).status, .ok, "the nearest assess.json in a parent folder counts")
        let ran = CapturedRun(["run", moved, "--answers", "-", "--report", "text", "--now", now], stdin: "{}")
        XCTAssertEqual(ran.status, .ok, ran.stderr)
        XCTAssertEqual(ran.stdout, "1. tap (tapping)\n2. done (completion)\nrun completed\n")

        try Data(#"{"allowTypes": "tapping"}"#.utf8).write(to: folder.appendingPathComponent("assess.json"))
        let broken = CapturedRun(["lint", moved])
        XCTAssertEqual(broken.status, .inputError)
        XCTAssertTrue(broken.stderr.contains("assess.json: \"allowTypes\" must be an array of type names"), broken.stderr)
    }

    func testResourcesOption() throws {
        let folder = try Paths.scratch(self)
        let survey = "\(reference)/motor/tremor-test.json"
        let missing = CapturedRun(["lint", "--resources", folder.path, survey])
        XCTAssertEqual(missing.status, .findings)
        XCTAssertEqual(missing.stdout.components(separatedBy: "[unresolved-transform]").count - 1, 3, missing.stdout)
        for name in ["hand-selection.json", "hand-section.json"] {
            try FileManager.default.copyItem(atPath: "\(reference)/motor/\(name)", toPath: folder.appendingPathComponent(name).path)
        }
        XCTAssertEqual(CapturedRun(["lint", "--resources", folder.path, survey]).status, .ok)
        let run = CapturedRun(["run", survey, "--resources", folder.path, "--answers", "\(scripts)/tremor-test.json", "--now", now])
        XCTAssertEqual(run.status, .ok, run.stderr)
    }

    func testValidateTakesSagesURIsOnEitherHostFromSagesFilesOnly() throws {
        let moved = "https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/AssessmentObject.json"
        let without = CapturedRun(["validate", "--schema", moved, "\(reference)/every-node.json"])
        XCTAssertEqual(without.status, .inputError, "not on disk: never substituted by our schema")
        XCTAssertTrue(without.stderr.contains("give --ref-dir"), without.stderr)
        let ours = CapturedRun(["validate", "--schema", "https://assess.invalid/schemas/v1/AssessmentObject.json", "\(reference)/every-node.json"])
        XCTAssertEqual(ours.status, .ok, ours.stdout + ours.stderr)
        let run = CapturedRun(["validate", "--schema", moved, "--ref-dir", try Paths.shared("sage/schemas"), "\(reference)/every-node.json"])
        XCTAssertEqual(run.status, .ok, run.stdout + run.stderr)
    }

    func testReferencesToOurSchemaResolveAndToSagesOnlyFromSagesFiles() throws {
        let folder = try Paths.scratch(self)
        let sageWrapper = folder.appendingPathComponent("sage-wrapper.schema.json")
        try Data(#"{"type": "object", "properties": {"survey": {"$ref": "https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/AssessmentObject.json"}}}"#.utf8).write(to: sageWrapper)
        let unresolved = CapturedRun(["validate", "--schema", sageWrapper.path, "\(reference)/every-node.json"])
        XCTAssertEqual(unresolved.status, .inputError)
        XCTAssertTrue(unresolved.stderr.contains("cannot resolve $ref \"https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/AssessmentObject.json\""), unresolved.stderr)
        let schema = folder.appendingPathComponent("wrapper.schema.json")
        try Data(#"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"survey": {"$ref": "https://assess.invalid/schemas/v1/AssessmentObject.json"}}}"#.utf8).write(to: schema)
        let instance = folder.appendingPathComponent("wrapped.json")
        try Data(#"{"survey": {"type": "assessment", "identifier": "a", "steps": [{"type": "permission", "identifier": "p"}]}}"#.utf8).write(to: instance)
        let run = CapturedRun(["validate", "--schema", schema.path, instance.path])
        XCTAssertEqual(run.status, .findings, run.stderr)
        XCTAssertTrue(run.stdout.contains("missing required property \"permissionType\""), run.stdout)
    }

    func testInteractiveMultipleInputsAndTimesAreChecked() {
        let survey = Paths.repository.appendingPathComponent("examples/surveys/breathing-test.json").path
        let input = "\n{\"asthma\": \"yes\"}\n{\"lastMeal\": \"7pm\"}\n{\"asthma\": true, \"lastMeal\": \"19:00\"}\n\n\n\n\n2\n\n"
        let run = CapturedRun(["run", survey, "--interactive", "--now", now], stdin: input)
        XCTAssertEqual(run.status, .ok, run.stderr)
        XCTAssertTrue(run.stderr.contains("  lastMeal (time): When did you last eat?\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("! step \"beforeYouStart\": expected a boolean (checkbox input) but got a string \"yes\""), run.stderr)
        XCTAssertTrue(run.stderr.contains("! step \"beforeYouStart\": expected a time like 08:30 or 08:30:15 (HH:mm[:ss]) but got \"7pm\""), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("Run completed.\n"), run.stderr)
    }

    func testCoverageCountsTheStepsTransformsLoad() {
        let survey = Paths.repository.appendingPathComponent("examples/surveys/breathing-test.json").path
        let scripts = Paths.repository.appendingPathComponent("examples/scripts/breathing-test").path
        let run = CapturedRun(["run", survey, "--answers", scripts, "--coverage"])
        XCTAssertEqual(run.status, .ok, run.stderr)
        XCTAssertTrue(run.stdout.contains("  steps        11/11  100.0%\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  edges        12/12  100.0%\n"), run.stdout)
    }
}
