import XCTest

final class AssessmentModelPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
