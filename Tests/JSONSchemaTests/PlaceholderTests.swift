import XCTest

final class JSONSchemaPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertTrue(true) }
}
