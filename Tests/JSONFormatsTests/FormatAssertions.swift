import JSONFormats
import XCTest

/// Asserts that `format` accepts every string in `valid` and rejects every string in `invalid`.
func assertFormat(
    _ format: StringFormat, accepts valid: [String], rejects invalid: [String],
    file: StaticString = #filePath, line: UInt = #line
) {
    for string in valid {
        XCTAssertTrue(format.accepts(string), "\(format.rawValue) should accept \(String(reflecting: string))",
                      file: file, line: line)
    }
    for string in invalid {
        XCTAssertFalse(format.accepts(string), "\(format.rawValue) should reject \(String(reflecting: string))",
                       file: file, line: line)
    }
}
