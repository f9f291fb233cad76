import XCTest

final class JSONCorePlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
