import XCTest
import JSONSchema

/// Runs the official JSON Schema Test Suite (draft7) against the validator.
final class TestSuiteTests: XCTestCase {
    func testRequiredDraft7FilesPassCompletely() throws {
        guard let root = TestSuite.root else { throw XCTSkip(TestSuite.skipMessage) }
        let registry = try TestSuite.remotesRegistry(root)
        let result = TestSuite.run(try TestSuite.cases(root, folder: ""), registry: registry)
        print("draft7 required: \(result.passed)/\(result.total) passed")
        XCTAssertGreaterThan(result.total, 800, "the suite looks truncated")
        XCTAssertEqual(result.passed, result.total, result.failures.joined(separator: "\n"))
    }

    func testOptionalDraft7Files() throws {
        try runOptional(folder: "optional", floor: OptionalFloor.optional)
    }

    func testOptionalFormatDraft7Files() throws {
        try runOptional(folder: "optional/format", floor: OptionalFloor.format)
    }

    /// Runs one optional folder, prints its pass count and guards against regressions.
    private func runOptional(folder: String, floor: Int) throws {
        guard let root = TestSuite.root else { throw XCTSkip(TestSuite.skipMessage) }
        let result = TestSuite.run(try TestSuite.cases(root, folder: folder), registry: try TestSuite.remotesRegistry(root))
        print("draft7 \(folder): \(result.passed)/\(result.total) passed")
        for failure in result.failures { print("  \(folder) failure: \(failure)") }
        XCTAssertGreaterThanOrEqual(result.passed, floor, result.failures.joined(separator: "\n"))
    }
}

/// The optional pass counts reached so far; a drop below them is a regression.
private enum OptionalFloor {
    static let optional = 117
    static let format = 676
}
