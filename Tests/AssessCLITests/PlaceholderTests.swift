import XCTest

final class AssessCLIPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
