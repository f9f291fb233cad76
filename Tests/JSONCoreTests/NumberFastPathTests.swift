import XCTest
@testable import JSONCore
import SeededRandom
import SeededTesting

/// The parser's number fast paths (integers read while scanning, decimals with a fraction and no
/// exponent scanned once) against the general number path on the same bytes, and against
/// independent readings of the lexeme (`JSONNumber(lexeme:)`, `ExactDecimal`, `plainInt64`,
/// `lexemeIsIntegral`): every length of integer and fraction part, zeros, a bad byte at every
/// offset, the end of the input at every offset.
final class NumberFastPathTests: XCTestCase {
    /// What one number path did with some bytes: the entry it appended and where it stopped, or its error.
    private enum Outcome: Equatable {
        case parsed(kind: JSONTape.Kind, flags: UInt8, count: UInt32, payload: Int64, end: Int)
        case failed(JSONParseError.Kind, offset: Int)

        var entry: JSONTape.Entry? {
            if case .parsed(let kind, let flags, let count, let payload, _) = self { JSONTape.Entry(kind: kind, flags: flags, count: count, payload: payload) } else { nil }
        }
        var end: Int? { if case .parsed(_, _, _, _, let end) = self { end } else { nil } }
    }

    /// Runs `parseNumber` (`general` false: the fast paths first) or `parseGeneralNumber` on the number at the start of `bytes`.
    private func outcome(_ bytes: [UInt8], general: Bool) -> Outcome {
        bytes.withUnsafeBufferPointer { buffer in
            var state = ParserState(bytes: buffer, options: .init(), tracksPaths: false, reportsDuplicates: false,
                                    builder: TapeBuilder(capacity: 4, source: buffer))
            do throws(ParseFailure) {
                if general { try state.parseGeneralNumber() } else { try state.parseNumber() }
            } catch {
                return .failed(error.kind, offset: error.offset)
            }
            let entry = state.builder.entries[0]
            XCTAssertEqual(state.builder.entries.count, 1)
            return .parsed(kind: entry.kind, flags: entry.flags, count: entry.count, payload: entry.payload, end: state.index)
        }
    }

    /// Random digits: the first never 0 when `leadingNonZero`; `zeros` makes every digit 0.
    private func digits(_ random: inout SplitMix64, _ count: Int, leadingNonZero: Bool, zeros: Bool) -> String {
        String((0..<count).map { position -> Character in
            if zeros { return "0" }
            let digit = position == 0 && leadingNonZero ? 1 + random.next() % 9 : random.next() % 10
            return Character(String(digit))
        })
    }

    /// Valid lexemes: every integer length to 22 digits, every fraction length to 30, fractions of
    /// zeros, with trailing or leading zeros, and a few exponents.
    private func lexemes() -> [String] {
        var random = seededGenerator(0x2E)
        var lexemes = ["0.0", "-0.0", "0.000", "1.50", "1.0", "-1.00", "10.0", "0.5", "-0.05", "1000.01", "0.01", "-0.123456",
                       "12345678901234567.0", "123456789012345678.5", "99999999999999999.99", "0.00000000000000000000000001"]
        for integerLength in 1...22 {
            for fractionLength in 0...30 {
                for _ in 0..<4 {
                    let sign = random.next() % 2 == 0 ? "-" : ""
                    let integer = random.next() % 5 == 0 ? "0" : digits(&random, integerLength, leadingNonZero: true, zeros: false)
                    var lexeme = sign + integer
                    if fractionLength > 0 {
                        var fraction = digits(&random, fractionLength, leadingNonZero: false, zeros: random.next() % 3 == 0)
                        switch random.next() % 4 {
                        case 0: fraction = String(fraction.dropLast()) + "0"
                        case 1: fraction = "0" + fraction.dropFirst()
                        default: break
                        }
                        lexeme += "." + fraction
                    }
                    if random.next() % 8 == 0 { lexeme += ["e", "E", "e+", "e-", "E-"][Int(random.next() % 5)] + String(random.next() % 400) }
                    lexemes.append(lexeme)
                }
            }
        }
        return lexemes
    }

    func testFastPathsMakeTheGeneralPathsEntries() throws {
        for lexeme in lexemes() {
            let bytes = Array(lexeme.utf8)
            // The same lexeme ending the input or followed by what may follow a number (or must not).
            for tail in ["", ",", "]", "}", " ", "\n", "x", ".", "-", "+", ":", "/"] {
                let input = bytes + Array(tail.utf8)
                let fast = outcome(input, general: false)
                XCTAssertEqual(fast, outcome(input, general: true), lexeme + tail)
                // Only a plain integer can take the `.` after it: a fraction with no digit.
                let takesThePoint = tail == "." && !lexeme.contains(where: { ".eE".contains($0) })
                XCTAssertEqual(fast.end, takesThePoint ? nil : bytes.count, lexeme + tail)
            }
            // Independent readings of the lexeme: its kind and value, its integral flag.
            let entry = try XCTUnwrap(outcome(bytes, general: false).entry, lexeme)
            let integer = bytes.withUnsafeBufferPointer { JSONNumber.plainInt64($0) }
            let integral = bytes.withUnsafeBufferPointer { ExactDecimal.lexemeIsIntegral($0) }
            XCTAssertEqual(entry.kind, integer == nil ? .decimal : .integer, lexeme)
            if let integer { XCTAssertEqual(entry.payload, integer, lexeme) }
            if integer == nil {
                XCTAssertEqual(entry.flags, integral ? JSONTape.Entry.integral : 0, lexeme)
                XCTAssertEqual(entry.count, UInt32(bytes.count), lexeme)
                XCTAssertEqual(entry.payload, 0, lexeme)
            }
            XCTAssertEqual(integral, ExactDecimal(validLexeme: lexeme).isInteger, lexeme)
            let expected = try XCTUnwrap(JSONNumber(lexeme: lexeme), lexeme)
            for document in [lexeme, "[\(lexeme), \(lexeme)]", "{\"n\": \(lexeme)}"] {
                let tape = try JSONTape(bytes: Array(document.utf8))
                tape.withView { view in
                    let index = view.kind(0) == .array ? 2 : view.kind(0) == .object ? 2 : 0
                    XCTAssertEqual(view.number(index), expected, document)
                    XCTAssertEqual(view.number(index).lexeme, expected.lexeme, document)
                    XCTAssertEqual(view.isIntegral(index), expected.isInteger, document)
                    XCTAssertEqual(view.primitiveType(index), expected.isInteger ? .integer : .number, document)
                }
                let value = try JSONDocument(text: document).value
                let number = document == lexeme ? value : value[0] ?? value["n"]
                XCTAssertEqual(number, .number(expected), document)
            }
        }
    }

    func testABadByteOrTheEndAtEveryOffsetFailsOrStopsAsTheGeneralPath() {
        let bad: [UInt8] = Array(".eE+-x ,]0".utf8) + [0x00, 0x0A, 0x7F, 0xFF]
        for lexeme in ["-123.456789", "0.000", "-0.0", "1.50", "12345678901234567.25", "1000.01", "7.0e1"] {
            let bytes = Array(lexeme.utf8)
            for offset in 0..<bytes.count {
                // The input ends here: right after `-`, after `.`, inside the fraction.
                let truncated = Array(bytes[...offset])
                XCTAssertEqual(outcome(truncated, general: false), outcome(truncated, general: true), String(decoding: truncated, as: UTF8.self))
                for byte in bad where offset > 0 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "0") {
                    var changed = bytes
                    changed[offset] = byte
                    for input in [changed, Array(changed[...offset])] {
                        XCTAssertEqual(outcome(input, general: false), outcome(input, general: true), input.description)
                    }
                }
            }
        }
    }

    func testMalformedDecimalsFailWhereTheyDid() {
        let cases: [(String, JSONParseError.Kind, Int)] = [
            ("1.", .invalidNumber("a decimal point must be followed by digits"), 2),
            ("[1.]", .invalidNumber("a decimal point must be followed by digits"), 3),
            ("[-0.]", .invalidNumber("a decimal point must be followed by digits"), 4),
            ("[1.x]", .invalidNumber("a decimal point must be followed by digits"), 3),
            ("[1.e5]", .invalidNumber("a decimal point must be followed by digits"), 3),
            ("[1.5e]", .invalidNumber("an exponent must have digits"), 5),
            ("[1.5E+]", .invalidNumber("an exponent must have digits"), 6),
            ("[01.5]", .leadingZero, 1), ("[-00.5]", .leadingZero, 1), ("[-.5]", .invalidNumber("a minus sign must be followed by digits"), 1),
            ("[.5]", .unexpectedCharacter(found: "'.'", expected: "a JSON value"), 1),
            ("[1.5.5]", .unexpectedCharacter(found: "'.'", expected: "',' or ']' after an array element"), 4),
            ("{\"x\": 0.25-}", .unexpectedCharacter(found: "'-'", expected: "',' or '}' after an object member"), 10),
        ]
        for (text, kind, offset) in cases {
            XCTAssertThrowsError(try JSONTape(bytes: Array(text.utf8)), text) { error in
                XCTAssertEqual((error as? JSONParseError)?.kind, kind, text)
                XCTAssertEqual((error as? JSONParseError)?.position.offset, offset, text)
            }
            XCTAssertThrowsError(try JSONDocument(text: text), text) { error in
                XCTAssertEqual((error as? JSONParseError)?.kind, kind, text)
            }
        }
    }
}
