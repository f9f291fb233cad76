import JSONFormats
import XCTest

/// Asserts that `format` accepts every string in `valid` and rejects every string in `invalid`, given
/// as a `String` and as UTF-8 bytes.
func assertFormat(
    _ format: StringFormat, accepts valid: [String], rejects invalid: [String],
    file: StaticString = #filePath, line: UInt = #line
) {
    for string in valid {
        XCTAssertTrue(format.accepts(string), "\(format.rawValue) should accept \(String(reflecting: string))",
                      file: file, line: line)
        XCTAssertTrue(Array(string.utf8).withUnsafeBufferPointer { format.accepts(utf8: $0) },
                      "\(format.rawValue) should accept the bytes of \(String(reflecting: string))", file: file, line: line)
    }
    for string in invalid {
        XCTAssertFalse(format.accepts(string), "\(format.rawValue) should reject \(String(reflecting: string))",
                       file: file, line: line)
        XCTAssertFalse(Array(string.utf8).withUnsafeBufferPointer { format.accepts(utf8: $0) },
                       "\(format.rawValue) should reject the bytes of \(String(reflecting: string))", file: file, line: line)
    }
}
