import XCTest
import AssessmentModel
@testable import AssessmentLint

/// The markers of the lint tests: taken out of the text at the right offsets, and a finding anywhere but at its
/// marker, of another rule, or with other words or notes, is a failure.
final class MarkedTextTests: XCTestCase {
    func testMarkersAreTakenOutAtTheirUTF8Offsets() {
        let marked = MarkedText(#"{"é": 1️⃣"a", "b": [2️⃣1, 🔟2]}"#)
        XCTAssertEqual(marked.text, #"{"é": "a", "b": [1, 2]}"#)
        XCTAssertEqual(marked.markers, ["1️⃣": 7, "2️⃣": 18, "🔟": 21], "é is two bytes")
    }

    func testAFindingElsewhereOrDifferentIsReported() {
        let marked = MarkedText(survey(#"{"type": "instruction", 1️⃣"identifier": 2️⃣"a"}, {"type": "instruction", "identifier": 3️⃣"a"}"#))
        let findings = Linter().lint(bytes: Array(marked.text.utf8), file: "t.json").findings
        XCTAssertEqual(lintMismatches(findings, in: marked, expected: [FindingSpec("3️⃣", .duplicateIdentifier, severity: .error, notes: ["2️⃣"])]), [])
        XCTAssertEqual(lintMismatches(findings, in: marked, expected: [FindingSpec("1️⃣", .duplicateIdentifier)]), [
            "no duplicate-identifier finding at 1️⃣",
            #"unexpected duplicate-identifier at 3️⃣: identifier "a" is used twice in "survey"; navigation to it is ambiguous"#,
        ])
        XCTAssertEqual(lintMismatches(findings, in: marked, expected: [FindingSpec("3️⃣", .duplicateIdentifier, severity: .warning, message: "twice in \"s\"", notes: [])]), [
            "duplicate-identifier at 3️⃣ has severity error, not warning",
            #"duplicate-identifier at 3️⃣ says "identifier "a" is used twice in "survey"; navigation to it is ambiguous", without "twice in "s"""#,
            #"duplicate-identifier at 3️⃣ has notes at ["2️⃣"], not []"#,
        ])
        XCTAssertEqual(lintMismatches(findings, in: marked, expected: [], rules: [.duplicateIdentifier]).count, 1, "a finding nobody expects")
        XCTAssertEqual(lintMismatches(findings, in: marked, expected: [FindingSpec("4️⃣", .duplicateIdentifier)]).first, "no marker 4️⃣ in the fixture")
    }
}
