import XCTest

final class AssessmentRunnerPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
