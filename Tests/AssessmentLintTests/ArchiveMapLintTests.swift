import XCTest
import AssessmentLint
import AssessmentSchemas
import ResultArchive

/// The archive-map checks ResultArchive implements and registers, on maps that need nothing from `../shared`.
final class ArchiveMapLintTests: XCTestCase {
    private func lint(_ marked: MarkedText) -> LintReport {
        let registry = BundledSchemas.registry()
        return ArchiveMapLinter(schemas: SchemaCache(registry: registry), registry: registry).lint(bytes: Array(marked.text.utf8), file: "map.json")
    }

    func testSharedDatasetsAndUnresolvedSchemasAreFoundWhereTheyAre() {
        let marked = MarkedText(#"""
            1️⃣{"assessments": [
             {"assessmentIdentifier": "walk", "assessmentRevision": 1, "files": [
               {"filename": "a.json", "jsonSchema": "https://assess.invalid/schemas/v1/AssessmentResult.json"},
               3️⃣{"filename": "b.json", "jsonSchema": "https://assess.invalid/schemas/v1/AssessmentResult.json"},
               {"filename": "c.json", "jsonSchema": 4️⃣"s:nowhere"}]}]}
            """#)
        let report = lint(marked)
        XCTAssertFalse(report.unreadable)
        XCTAssertEqual(lintMismatches(report.findings, in: marked, expected: [
            FindingSpec("1️⃣", .archiveMapSchema, severity: .warning, message: "not checked against Sage's ArchiveMap.json"),
            FindingSpec("3️⃣", .archiveMapSharedDataset, severity: .warning, message: #""a.json" (line 3) and "b.json" of "walk" (revision 1) share the schema"#),
            FindingSpec("4️⃣", .archiveMapUnresolvedSchema, severity: .error, message: "c.json: schema s:nowhere is not bundled"),
        ], rules: []), [])
        XCTAssertTrue(report.fails(strict: false))
    }

    func testAMapThatIsNotShapedLikeOneIsReportedAtTheValue() {
        let marked = MarkedText(#"{"assessments": [{"assessmentIdentifier": 1️⃣3, "files": []}]}"#)
        XCTAssertEqual(lintMismatches(lint(marked).findings, in: marked, expected: [
            FindingSpec("1️⃣", .archiveMapSchema, severity: .error, message: #""assessmentIdentifier" must be a string"#),
        ], rules: []), [])
    }

    func testBrokenJSONIsASyntaxFinding() {
        let marked = MarkedText(#"{"assessments": [1️⃣}"#)
        let report = lint(marked)
        XCTAssertTrue(report.unreadable)
        XCTAssertEqual(lintMismatches(report.findings, in: marked, expected: [FindingSpec("1️⃣", .jsonSyntax)], rules: []), [])
    }
}
