import Foundation
import Platform
import XCTest

/// The string helpers give what the Foundation calls they replace gave.
final class TextTests: XCTestCase {
    private let samples = ["", "plain", "a~b/c", "line\r\nnext\nlast\r", "100% \"quoted\" <b>&amp;</b>", "back\\slash",
                           "e\u{301}~\u{301}/", "\u{00A0} \tpadded\u{2003} ", "\t\u{3000}", "ü ñ 🙂"]

    func testReplacingScalarsMatchesLiteralReplacementInOrder() {
        let table: [Unicode.Scalar: String] = ["%": "%25", "\r": "%0D", "\n": "%0A", "~": "~0", "/": "~1", "\\": "\\\\", "\"": "&quot;"]
        for sample in samples {
            var expected = sample
            for (target, replacement) in [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), ("~", "~0"), ("/", "~1"), ("\\", "\\\\"), ("\"", "&quot;")] {
                expected = expected.replacingOccurrences(of: target, with: replacement, options: .literal)
            }
            XCTAssertEqual(sample.replacingScalars(table), expected, sample.debugDescription)
        }
        XCTAssertEqual("a\r\nb".replacingScalars(["\n": "%0A"]), "a\r%0Ab")
    }

    func testTrimmingWhitespaceMatchesFoundation() {
        for sample in samples {
            XCTAssertEqual(sample.trimmingWhitespace(), sample.trimmingCharacters(in: .whitespaces), sample.debugDescription)
            XCTAssertEqual(sample[...].trimmingWhitespace(), sample.trimmingCharacters(in: .whitespaces), sample.debugDescription)
        }
    }

    func testPaddedMatchesFoundationForASCII() {
        for sample in ["", "lint", "a-longer-label"] {
            for length in [0, 3, 9, 20] {
                XCTAssertEqual(sample.padded(toLength: length), sample.padding(toLength: length, withPad: " ", startingAt: 0))
            }
        }
    }

    func testPrintfMatchesStringFormat() {
        for value in [0, 0.05, 0.25, 12.345, 99.95, 1e300, -3.5] {
            XCTAssertEqual(String(printf: "%.1f%%", value), String(format: "%.1f%%", value))
            XCTAssertEqual(String(printf: "%g", value), String(format: "%g", value))
        }
        for value in [0, 7, 59, 123] { XCTAssertEqual(String(printf: "%02d", value), String(format: "%02d", value)) }
    }
}
