import XCTest

final class JSONFormatsPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
