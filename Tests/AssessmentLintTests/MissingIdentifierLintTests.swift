import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentLint

/// A step without `identifier` is reported as such, at the step, whether or not it can be reached.
final class MissingIdentifierLintTests: XCTestCase {
    private func lint(_ steps: String) -> [Finding] {
        Linter().lint(bytes: Array("{\"type\": \"assessment\", \"identifier\": \"s\", \"steps\": [\n\(steps)\n]}".utf8), file: "t.json").findings
    }

    func testAnUnreachableStepWithoutIdentifierIsNamedByItsPlace() {
        let findings = lint(#"{"type": "instruction", "identifier": "a", "nextStepIdentifier": "done"}, {"type": "instruction", "title": "lost"}, {"type": "completion", "identifier": "done"}"#)
        XCTAssertEqual(findings.map(\.message), [
            #"missing required property "identifier" (required)"#,
            #"step at /steps/1 (it has no "identifier") can never be shown: no rule, nextStepIdentifier or preceding step leads to it"#,
        ])
        XCTAssertEqual(Set(findings.map(\.pointer.description)), ["/steps/1"], "both at the step")
        XCTAssertFalse(findings.contains { $0.message.contains("step \"\"") })
    }

    func testAReachableStepWithoutIdentifier() {
        let findings = lint(#"{"type": "instruction", "title": "first"}, {"type": "completion", "identifier": "done"}"#)
        XCTAssertEqual(findings.map(\.message), [#"missing required property "identifier" (required)"#])
        XCTAssertEqual(findings.map(\.pointer.description), ["/steps/0"])
    }
}
