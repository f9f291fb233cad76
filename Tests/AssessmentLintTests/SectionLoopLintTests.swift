import XCTest
import AssessmentModel
@testable import AssessmentLint

/// `endless-loop` on surveys whose empty sections loop before any step is shown.
final class SectionLoopLintTests: XCTestCase {
    private func loops(_ steps: String) -> [Finding] {
        let text = "{\"type\": \"assessment\", \"identifier\": \"survey\", \"steps\": [\n\(steps)\n]}"
        return Linter().lint(bytes: Array(text.utf8), file: "t.json").findings.filter { $0.ruleID == "endless-loop" }
    }

    func testEmptySectionsJumpingToEachOtherAreAnErrorAtTheClosingSection() {
        // At s2, whose jump closes the loop.
        assertLint(survey("""
            {"type": "section", "identifier": "s1", "nextStepIdentifier": "s2", "steps": []},
            1️⃣{"type": "section", "identifier": "s2", "nextStepIdentifier": "s1", "steps": []}
            """), [FindingSpec("1️⃣", .endlessLoop, severity: .error, message: "(\"s1\" → \"s2\" → \"s1\")")])
    }

    func testSelfJumpBeginningAndNestedEmptySections() {
        let selfJump = loops(#"{"type": "section", "identifier": "s1", "nextStepIdentifier": "s1", "steps": []}"#)
        XCTAssertTrue(selfJump.first?.message.contains("(\"s1\" → \"s1\")") ?? false, "\(selfJump)")
        let beginning = loops(#"{"type": "section", "identifier": "s", "nextStepIdentifier": "beginning", "steps": []}"#)
        XCTAssertEqual(beginning.count, 1)
        let nested = loops(#"{"type": "section", "identifier": "o", "nextStepIdentifier": "o", "steps": [{"type": "section", "identifier": "i", "steps": []}]}"#)
        XCTAssertEqual(nested.count, 1)
        XCTAssertTrue(nested.first?.message.contains("\"i\"") ?? false, "\(nested)")
        XCTAssertTrue(nested.first?.message.contains("\"o\"") ?? false, "\(nested)")
    }

    func testAnEmptyChainThatDoesNotLoopIsNoLoop() {
        XCTAssertEqual(loops(#"{"type": "section", "identifier": "s1", "nextStepIdentifier": "s2", "steps": []}, {"type": "section", "identifier": "s2", "steps": []}, {"type": "instruction", "identifier": "real"}"#), [])
        XCTAssertEqual(loops(#"{"type": "section", "identifier": "s1", "steps": []}"#), [], "no step and no loop: the run completes at once")
    }
}
