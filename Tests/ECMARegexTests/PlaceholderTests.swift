import XCTest

final class ECMARegexPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
