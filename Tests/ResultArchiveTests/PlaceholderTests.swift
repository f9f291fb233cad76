import XCTest

final class ResultArchivePlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
