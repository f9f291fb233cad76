import XCTest

final class ZipArchivePlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
