import XCTest
@testable import JSONCore
import SeededRandom
import SeededTesting
#if arch(x86_64)
import CJSONScan
#endif

/// The parser's fast paths (strings read in place and scanned sixteen (SSE2) or eight bytes at a time, one space
/// skipped in place and runs of spaces by words, integers read while scanning, key bits before duplicate
/// scans) against independent oracles and the general paths, on the same bytes: randomized, with
/// special bytes at every offset of 8-, 16-, 32- and 64-byte blocks and at the end of the input.
final class JSONParserFastPathTests: XCTestCase {
    /// One piece of a generated string: its scalar, and how it is written (raw or escaped).
    private static let pieces: [(scalar: Unicode.Scalar, escaped: String?)] = [
        ("a", nil), ("Z", nil), (" ", nil), ("~", nil), ("\u{7F}", nil), ("é", nil), ("日", nil), ("🎉", nil),
        ("\"", #"\""#), ("\\", #"\\"#), ("/", #"\/"#), ("\n", #"\n"#), ("\u{01}", #"\u0001"#), ("\u{1F}", #"\u001F"#),
        ("a", #"\u0061"#), ("é", #"\u00e9"#), ("🎉", #"\ud83c\udf89"#), ("\t", #"\t"#),
    ]

    /// A random string (as scalars) and its JSON text, each piece raw or escaped as the table says.
    private func randomString(_ random: inout SplitMix64, length: Int, escapes: Bool) -> (value: String, json: [UInt8]) {
        var value = String.UnicodeScalarView()
        var json = "\""
        for _ in 0..<length {
            let piece = Self.pieces[Int(random.next() % UInt64(escapes ? Self.pieces.count : 8))]
            value.append(piece.scalar)
            json += piece.escaped ?? String(piece.scalar)
        }
        return (String(value), Array((json + "\"").utf8))
    }

    func testStringsOfEveryLengthReadTheSameRawOrEscaped() throws {
        var random = seededGenerator(19)
        for length in 0...70 {
            for escapes in [false, true] {
                for _ in 0..<12 {
                    let (value, json) = randomString(&random, length: length, escapes: escapes)
                    // Alone (the string ends the input: the word scan runs out) and inside an object, as key and value.
                    XCTAssertEqual(try JSONDocument(bytes: json).value, .string(value), String(decoding: json, as: UTF8.self))
                    let member = Array("{".utf8) + json + Array(":".utf8) + json + Array("}".utf8)
                    let tape = try JSONTape(bytes: member)
                    XCTAssertEqual(tape.value, .object(JSONObject([JSONObject.Member(key: value, value: .string(value))])))
                    tape.withView { view in
                        XCTAssertEqual(view.isASCII(1), value.utf8.allSatisfy { $0 < 0x80 })
                        XCTAssertEqual(view.codePointCount(2), value.unicodeScalars.count)
                    }
                }
            }
        }
    }

    func testABadByteAtEveryOffsetOfAStringIsFoundThere() throws {
        // Each bad sequence, with the error it must give.
        let bad: [([UInt8], JSONParseError.Kind)] = [
            ([0x01], .unescapedControlCharacter(0x01)), ([0x1F], .unescapedControlCharacter(0x1F)), ([0x0A], .unescapedControlCharacter(0x0A)),
            ([0xFF], .invalidUTF8), ([0x80], .invalidUTF8), ([0xC0, 0xAF], .invalidUTF8), ([0xED, 0xA0, 0x80], .invalidUTF8),
            ([0xF4, 0x90, 0x80, 0x80], .invalidUTF8), ([0xE6, 0x97], .invalidUTF8), ([0xC3, 0x41], .invalidUTF8),
        ]
        for (sequence, kind) in bad {
            for prefix in 0...66 {
                for (leading, escaped) in [("", false), ("é", false), (#"\n"#, true)] {
                    let head = Array(leading.utf8) + Array(repeating: UInt8(ascii: "x"), count: prefix)
                    for tail in [[], Array("abc\"".utf8), Array("abcdefghijklmnopq\"".utf8)] {
                        let bytes = Array("[\"".utf8) + head + sequence + tail + Array("]".utf8)
                        let offset = 2 + head.count
                        XCTAssertThrowsError(try JSONTape(bytes: bytes), "\(sequence) after \(prefix) bytes, escaped: \(escaped)") { error in
                            XCTAssertEqual((error as? JSONParseError)?.kind, kind)
                            XCTAssertEqual((error as? JSONParseError)?.position, LineTable(bytes).position(ofOffset: offset))
                        }
                    }
                }
            }
        }
    }

    func testAnUnclosedStringEndsAtTheEndWhateverItsLength() {
        for length in 0...40 {
            let bytes = Array("\"".utf8) + Array(repeating: UInt8(ascii: "q"), count: length)
            XCTAssertThrowsError(try JSONTape(bytes: bytes)) { error in
                XCTAssertEqual((error as? JSONParseError)?.kind, .unexpectedEnd(expected: "a closing '\"'"))
                XCTAssertEqual((error as? JSONParseError)?.position.offset, bytes.count)
            }
        }
    }

    func testIntegerFastPathAgreesWithTheGeneralNumberPath() throws {
        var random = seededGenerator(1908)
        var lexemes = ["0", "-0", "7", "-7", "99999999999999999", "999999999999999999", "9223372036854775807",
                       "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "12345678901234567890123",
                       "1.0", "1e2", "-1E-2", "100000000000000000.0", "0.5", "1.5e300"]
        for _ in 0..<3000 {
            var lexeme = random.next() % 3 == 0 ? "-" : ""
            let digits = 1 + Int(random.next() % 24)
            lexeme += String(1 + random.next() % 9)
            for _ in 1..<digits { lexeme += String(random.next() % 10) }
            switch random.next() % 6 {
            case 0: lexeme += "." + String(random.next() % 1000)
            case 1: lexeme += "e" + String(random.next() % 30)
            default: break
            }
            lexemes.append(lexeme)
        }
        for lexeme in lexemes {
            let bytes = Array(lexeme.utf8)
            let expected = bytes.withUnsafeBufferPointer { JSONNumber(validLexeme: $0) }
            let general = bytes.withUnsafeBufferPointer { JSONNumber.plainInt64($0) }
            for document in [lexeme, "[\(lexeme)]", "{\"n\":\(lexeme) }", "[\(lexeme),\(lexeme)]"] {
                let tape = try JSONTape(bytes: Array(document.utf8))
                tape.withView { view in
                    let index = view.kind(0) == .integer || view.kind(0) == .decimal ? 0 : view.kind(0) == .array ? 1 : 2
                    XCTAssertEqual(view.kind(index) == .integer, general != nil, document)
                    XCTAssertEqual(view.number(index), expected, document)
                    XCTAssertEqual(view.number(index).lexeme, expected.lexeme, document)
                    if let general { XCTAssertEqual(Int64(view.entries[index].payload), general, document) }
                }
            }
        }
    }

    func testMalformedNumbersFailAsBeforeTheFastPath() {
        let cases: [(String, JSONParseError.Kind, Int)] = [
            ("01", .leadingZero, 0), ("-01", .leadingZero, 0), ("[00]", .leadingZero, 1), ("-", .invalidNumber("a minus sign must be followed by digits"), 0),
            ("[-]", .invalidNumber("a minus sign must be followed by digits"), 1), ("1.", .invalidNumber("a decimal point must be followed by digits"), 2),
            ("12e", .invalidNumber("an exponent must have digits"), 3), ("-Infinity", .nonFiniteNumber("-Infinity"), 0),
        ]
        for (text, kind, offset) in cases {
            XCTAssertThrowsError(try JSONTape(bytes: Array(text.utf8)), text) { error in
                XCTAssertEqual((error as? JSONParseError)?.kind, kind, text)
                XCTAssertEqual((error as? JSONParseError)?.position.offset, offset, text)
            }
        }
        // Digits run into a letter: the number ends, and the letter is what is refused.
        XCTAssertThrowsError(try JSONTape(bytes: Array("[12x]".utf8))) { error in
            XCTAssertEqual((error as? JSONParseError)?.position.offset, 3)
        }
    }

    func testWhitespaceRunsOfEveryLengthAreSkipped() throws {
        var random = seededGenerator(8259)
        let whitespace: [UInt8] = [0x20, 0x20, 0x20, 0x0A, 0x0D, 0x09]
        for _ in 0..<400 {
            func gap() -> [UInt8] { (0..<Int(random.next() % 70)).map { _ in whitespace[Int(random.next() % 6)] } }
            let tokens = ["{", "\"k\"", ":", "[", "1", ",", "true", ",", "\"s\"", "]", ",", "\"m\"", ":", "null", "}"]
            var bytes: [UInt8] = gap()
            for token in tokens { bytes += Array(token.utf8) + gap() }
            XCTAssertEqual(try JSONTape(bytes: bytes).value, try JSONDocument(text: #"{"k":[1,true,"s"],"m":null}"#).value)
            // A control character that is not whitespace, after a run of spaces, is found where it is.
            let spaces = Int(random.next() % 40)
            let bad = Array("[1,".utf8) + Array(repeating: 0x20, count: spaces) + [0x0B] + Array("2]".utf8)
            XCTAssertThrowsError(try JSONTape(bytes: bad)) { error in
                XCTAssertEqual((error as? JSONParseError)?.position.offset, 3 + spaces)
            }
        }
        // A space or line break and up to seven spaces are skipped in place when a token follows;
        // every other run (longer, with other whitespace or a bad byte, near the end) goes the general way.
        for lead in [" ", "\n"] {
            for spaces in 0..<12 {
                let gap = lead + String(repeating: " ", count: spaces)
                for (tail, valid) in [("1", true), ("\t1", true), ("\r\n1", true), (" 1", true), ("\u{0B}1", false)] {
                    let text = "[0," + gap + tail + "]" + gap
                    if valid {
                        XCTAssertEqual(try JSONTape(bytes: Array(text.utf8)).value, [0, 1], text.debugDescription)
                    } else {
                        XCTAssertThrowsError(try JSONTape(bytes: Array(text.utf8)), text.debugDescription) { error in
                            XCTAssertEqual((error as? JSONParseError)?.position.offset, 3 + gap.utf8.count, text.debugDescription)
                        }
                    }
                }
                XCTAssertEqual(try JSONTape(bytes: Array(("1" + gap).utf8)).value, 1)
            }
        }
        // One space (skipped in place when a token follows) at the end, before a line break, before a bad byte.
        XCTAssertEqual(try JSONTape(bytes: Array("[1, 2] ".utf8)).value, [1, 2])
        XCTAssertEqual(try JSONTape(bytes: Array("[1, \n2 \r\n]".utf8)).value, [1, 2])
        XCTAssertThrowsError(try JSONTape(bytes: Array("[1, \u{0B}2]".utf8))) { error in
            XCTAssertEqual((error as? JSONParseError)?.position.offset, 4)
        }
    }

    func testASingleSpaceBeforeAnyByteActsAsNoSpace() {
        // One space skipped in place (`", "`, `": "`) gives what the same text without it gives,
        // one byte later (unless placed before the space, as a trailing comma is), whatever byte
        // follows (whitespace, tokens, bad bytes, the end).
        for byte in (0...255).map(UInt8.init) {
            for (head, tail) in [("[0,", "1]"), ("{\"a\":", "1}"), ("[true", "]"), ("{\"a\"", ":1}")] {
                for withTail in [true, false] {
                    let rest = [byte] + (withTail ? Array(tail.utf8) : [])
                    let spaced = Array(head.utf8) + [0x20] + rest, plain = Array(head.utf8) + rest
                    switch (Result { try JSONTape(bytes: spaced).value }, Result { try JSONTape(bytes: plain).value }) {
                    case (.success(let spacedValue), .success(let plainValue)):
                        XCTAssertEqual(spacedValue, plainValue, spaced.description)
                    case (.failure(let spacedError as JSONParseError), .failure(let plainError as JSONParseError)):
                        XCTAssertEqual(spacedError.kind, plainError.kind, spaced.description)
                        // An error placed before the space (a trailing comma, at the comma) stays where it was.
                        let shift = plainError.position.offset < head.utf8.count ? 0 : 1
                        XCTAssertEqual(spacedError.position.offset, plainError.position.offset + shift, spaced.description)
                    default:
                        XCTFail("accepted with one space and not without, or the other way: \(spaced)")
                    }
                }
            }
        }
    }

    func testDuplicateKeysAreFoundWhateverTheirLengthOrSpelling() throws {
        var random = seededGenerator(64)
        for _ in 0..<200 {
            let count = 1 + Int(random.next() % 40)
            // Keys share a bit when their length plus twice their last byte agree modulo 64: "a" and
            // 65 a's, "b" and "xxa"; escaped and raw spellings of a key are the same key.
            let names = (0..<count).map { _ -> String in
                let base = ["a", "b", "ab", String(repeating: "a", count: 65), String(repeating: "b", count: 65), "é", "xxa"][Int(random.next() % 7)]
                return base + (random.next() % 4 == 0 ? String(random.next() % 20) : "")
            }
            let members = names.enumerated().map { index, name -> String in
                let spelled = random.next() % 2 == 0 ? name : name.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
                return "\"\(spelled)\": \(index)"
            }
            let bytes = Array("{\(members.joined(separator: ", "))}".utf8)
            XCTAssertEqual(try JSONParser().parseTape(bytes).hasDuplicateKeys, Set(names).count != names.count, names.description)
            XCTAssertEqual(try JSONDocument(bytes: bytes).duplicateKeys.count, names.count - Set(names).count, names.description)
        }
    }

    /// Where the string scan from `start` stops in `bytes`, finished byte by byte past where the
    /// word scan (`portable`) or the sixteen-byte scan then the word scan stop early near the end.
    private func stringScanStop(_ bytes: [UInt8], from start: Int, portable: Bool) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let state = ParserState(bytes: buffer, options: .init(), tracksPaths: false, reportsDuplicates: false,
                                    builder: TapeBuilder(capacity: 4, source: buffer))
            var end = portable ? state.wordScanEnd(from: start, until: SWAR.specialStringBytes).end : state.ordinaryStringBytesEnd(from: start)
            while end < bytes.count, !Self.endsStringScan(bytes[end]) { end += 1 }
            return end
        }
    }

    private static func endsStringScan(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }

    func testTheStringScanStopsAtTheFirstSpecialByteOnEveryPath() {
        // One special byte (or none) at every offset of buffers of every length to 70, every start:
        // the parser's scan and the portable word scan stop at the first special byte at or after it.
        for special: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x7F, 0x80, 0xFF] {
            for length in 0...70 {
                for position in [nil] + Array(0..<length) {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    if let position { bytes[position] = special }
                    for start in 0...length {
                        let expected = bytes[start...].firstIndex(where: Self.endsStringScan) ?? length
                        XCTAssertEqual(stringScanStop(bytes, from: start, portable: false), expected, "\(special) at \(String(describing: position)) of \(length) from \(start)")
                        XCTAssertEqual(stringScanStop(bytes, from: start, portable: true), expected, "\(special) at \(String(describing: position)) of \(length) from \(start)")
                    }
                }
            }
        }
    }

    #if arch(x86_64)
    func testTheSixteenByteTestMarksExactlyTheBytesThatEndAStringScan() {
        var random = seededGenerator(16)
        let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xBF, 0xC3, 0xFF, 0x41]
        for _ in 0..<20_000 {
            let bytes = (0..<16).map { _ in random.next() % 2 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next()) }
            let marked = bytes.withUnsafeBufferPointer { cjson_string_stops16($0.baseAddress!) }
            XCTAssertEqual(marked >> 16, 0, bytes.description)
            for (index, byte) in bytes.enumerated() {
                XCTAssertEqual(marked >> index & 1 == 1, Self.endsStringScan(byte), bytes.description)
            }
        }
    }
    #endif

    func testWordTestsMarkExactlyTheBytesTheyName() {
        var random = seededGenerator(2)
        let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x5C, 0x7F, 0x80, 0xFF, 0x41, 0x09, 0x0A, 0x0D]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in random.next() % 2 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next()) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let special = bytes.firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }
            let marked = SWAR.specialStringBytes(word)
            XCTAssertEqual(marked == 0 ? nil : marked.trailingZeroBitCount >> 3, special, bytes.description)
            let nonzero = SWAR.nonzeroBytes(word)
            let nonSpace = SWAR.nonSpaceBytes(word)
            for (index, byte) in bytes.enumerated() {
                XCTAssertEqual(nonzero >> (8 * UInt64(index) + 7) & 1 == 1, byte != 0, bytes.description)
                XCTAssertEqual(nonSpace >> (8 * UInt64(index) + 7) & 1 == 1, byte != 0x20, bytes.description)
            }
        }
    }
}
