import XCTest
import ECMARegex

extension XCTestCase {
    /// Asserts that `pattern` compiles, matches every string of `matching` and none of `nonMatching`.
    func assertMatches(_ pattern: String, _ matching: [String], not nonMatching: [String] = [],
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let regex = try ECMARegex(pattern)
        for text in matching { XCTAssertTrue(regex.matches(text), "\(pattern) should match \(text.debugDescription)", file: file, line: line) }
        for text in nonMatching { XCTAssertFalse(regex.matches(text), "\(pattern) should not match \(text.debugDescription)", file: file, line: line) }
    }
}
