import XCTest
import CJSONScan
import SeededRandom
import SeededTesting
@testable import JSONCore

/// The line parse by way of the text without its whitespace (`cjson_minify`, then `cjson_tape_compact`) gives
/// what the parse of the text as it is gives: the same tape entry for entry, the same line and object ends,
/// the same error (kind and position), on every stage-1 kernel the processor has and with the native and
/// the portable scans. The texts put whitespace, strings, escapes and runs of backslashes across the edges
/// of the 64-byte blocks, and whitespace inside tokens, which the minified text would read as one token.
final class MinifiedLineTests: XCTestCase {
    private static let names = CompactJSON.ReservedNames(["recordid", "year", "x"])

    /// Every minified path this processor runs.
    private static let paths = JSONParser.LinePath.all.filter { if case .inPlace = $0 { false } else { true } }

    /// Checks every minified path against the parse in place; returns whether the text parsed.
    @discardableResult
    private func check(_ text: [UInt8], maxDepth: Int = 10_000, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let expected = LineParseOutcome(text, reserving: Self.names, path: .inPlace, maxDepth: maxDepth)
        for path in Self.paths {
            let found = LineParseOutcome(text, reserving: Self.names, path: path, maxDepth: maxDepth)
            if found != expected {
                XCTFail("\(path) on \(String(decoding: text, as: UTF8.self).debugDescription): \(found) is not \(expected)", file: file, line: line)
                return expected.error == nil
            }
        }
        // And stage 2 alone decides every text it must (the paths above would fall back to the parse in place).
        TapeStage2Tests.check(text, reserving: Self.names, maxDepth: maxDepth, file: file, line: line)
        return expected.error == nil
    }

    func testWhitespaceInsideATokenIsRefusedAsBefore() {
        let texts = ["[1 2]", "- 1", "1. 5", "tr ue", "[1, 2 3]", #"{"a":1 2}"#, "[true false]", "1 e5", "1e 5", "1e+ 5", "nu ll", "[- 1]",
                     #"{"a" : tr ue}"#, "[0 0]", "[-0 .5]", "[1\t2]", "[1\n\r2]", "fal\tse", #"["a" "b"]"#, #"{"a" "b"}"#, "[1 ,2 ]", "[null null]",
                     "[1 x]", "[x 1]", #"[1 "a"]"#, "[1 []]", "[[] 1]", "1 2", " 12 3 ", "[1,\n  2 \n 3]"]
        for text in texts { check(Array(text.utf8)) }
        XCTAssertFalse(check(Array("[1 2]".utf8)), "whitespace between two numbers stays an error")
        XCTAssertTrue(check(Array("[1 ,2 ]".utf8)), "whitespace beside punctuation is whitespace")
    }

    func testErrorsAndEdgesGiveTheSameResult() {
        let texts = ["", " ", "\u{FEFF}[1]", "\u{FEFF}", "[", "]", "{", "[1,]", #"{"a":1,}"#, #"{"a"}"#, #"{"a":}"#, #"{:1}"#, "[01]", "[1.]", "[.5]",
                     "[1e]", "[-]", "[--1]", "1.5e3", "-0.0", "12345678901234567", "123456789012345678901", "0.1234567890123456789",
                     "1234567890123456.5", #""\u0041\n""#, #""\ud800""#, "\"\u{1}\"", "\"a\nb\"", "\"é\"", "\"\u{7F}\"", "\"\\", "\"abc",
                     "[\"abc", "nul", "tru", "[true,false,null]", "[truex]", "[nullx]", "[falsey]", #"{"a":1}x"#, "[1]]", "[1]/", "[1]//c",
                     #"{"x":1,"x":2}"#, #"[{"recordid":1}]"#, #"{"y\u0065ar":2}"#, #"{"a":{"x":1},"b":[{"x":2}]}"#, #"[{},{},[{}]]"#, "{}", "[]",
                     "[\"\\\\\"]", "[\"\\\\\\\"\"]", "'a'", "NaN", "[Infinity]", "[-Infinity]", "\"\u{0}\"", "[1]\u{0}", "\u{0}"]
        for text in texts { check(Array(text.utf8)) }
        check([0xFF])
        check(Array("\"".utf8) + [0xC3] + Array("\"".utf8))
        check(Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8))
    }

    func testTheDepthLimitIsMetAsBefore() {
        for depth in 1...6 {
            for limit in [depth - 1, depth, depth + 1] {
                check(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8), maxDepth: limit)
                check(Array((String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)).utf8), maxDepth: limit)
            }
        }
    }

    func testBackslashRunsBeforeQuotesAtBlockEdges() {
        // A run of 0-6 backslashes ending at every offset around the first two block edges, the quote after it
        // escaped or not, then whitespace (dropped only outside the string) and more text.
        for padding in 40..<140 {
            for run in 0...6 {
                let backslashes = String(repeating: "\\", count: run)
                let text = "[" + String(repeating: " ", count: padding) + "\"" + backslashes + "\" ,  \"x\" ] "
                check(Array(text.utf8))
                let inside = "[" + String(repeating: "\n", count: padding) + "\"a" + backslashes + "\"  b  \"  ]"
                check(Array(inside.utf8))
            }
        }
    }

    func testRandomDocumentsAcrossBlockEdges() {
        var random = seededGenerator(64)
        var valid = 0, invalid = 0
        for round in 0..<3000 {
            var generator = TextGenerator(random: random)
            var text = generator.document()
            random = generator.random
            // One text in three is broken: a byte dropped, replaced or doubled, or whitespace put in a token.
            if round % 3 == 2, !text.isEmpty {
                let at = Int.random(in: 0..<text.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: text.remove(at: at)
                case 1: text[at] = [0x20, 0x22, 0x5C, 0x2C, 0x31, 0x00, 0x0A, 0xC3][Int.random(in: 0..<8, using: &random)]
                case 2: text.insert(text[at], at: at)
                default: text.insert(contentsOf: Array(" \n\t".utf8).shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)), at: at)
                }
            }
            if check(text) { valid += 1 } else { invalid += 1 }
        }
        XCTAssertGreaterThan(valid, 1500)
        XCTAssertGreaterThan(invalid, 300)
    }

    func testEveryKernelMinifiesAsTheReference() {
        var random = seededGenerator(65)
        let alphabet = Array(" \n\t\r\"\\\\\"a1,:[]{}-.e".utf8) + [0x80, 0x01, 0xC3]
        let kernels = MinifyKernel.allCases.filter { $0 != .best && $0.isAvailable }
        XCTAssertTrue(kernels.contains(.portable))
        for _ in 0..<20_000 {
            let count = Int.random(in: 0..<300, using: &random)
            let input = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let expected = Self.referenceMinify(input)
            for kernel in kernels {
                var output = [UInt8](repeating: 0xAA, count: count + 64), suspicious: Int32 = 0
                let written = output.withUnsafeMutableBufferPointer { cjson_minify(input, count, $0.baseAddress, kernel.rawValue, &suspicious) }
                XCTAssertEqual(Array(output.prefix(written)), expected.bytes, "\(kernel) on \(input)")
                XCTAssertEqual(suspicious != 0, expected.suspicious, "\(kernel) on \(input)")
            }
        }
    }

    /// Byte by byte: a backslash escapes the next byte (in and out of strings), an unescaped quote opens or
    /// closes a string, whitespace outside strings is dropped; whitespace after a scalar byte and before
    /// another (neither whitespace, quote nor `,:[]{}`), or an open string at the end, is suspicious.
    static func referenceMinify(_ input: [UInt8]) -> (bytes: [UInt8], suspicious: Bool) {
        var output: [UInt8] = [], inString = false, escaped = false, afterScalar = false, gap = false, suspicious = false
        for byte in input {
            let wasEscaped = escaped
            escaped = !wasEscaped && byte == UInt8(ascii: "\\")
            if inString {
                output.append(byte)
                if !wasEscaped, byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if [0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                gap = gap || afterScalar
                continue
            }
            let isScalar = !Array(",:[]{}\"".utf8).contains(byte)
            if gap, isScalar { suspicious = true }
            gap = false
            afterScalar = isScalar
            output.append(byte)
            if byte == UInt8(ascii: "\""), !wasEscaped { inString = true }
        }
        return (output, suspicious || inString)
    }
}

/// Random JSON texts with whitespace runs of every length (which move the tokens across block edges), strings
/// with escapes, backslash runs, UTF-8 and sometimes raw control characters, numbers of every form.
private struct TextGenerator {
    var random: SplitMix64
    private let pieces = ["a", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "é", "€", "𝄞", " ", "  ", "\\/", "\\\\\\\"", "x\\\\", ":", ",", "{", "]"]
    private let numbers = ["0", "-0", "1", "-17", "0.5", "-0.001", "1000.01", "0.80", "-0.15", "1e10", "-2.5E-3", "6.02e+23", "1.0",
                           "123456789012345", "1234567890123456", "12345678901234567", "123456789012345678901", "0.1234567890123456", "1.000000000000000"]

    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    private mutating func gap() -> [UInt8] {
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: return []
        case 2: return [0x20]
        case 3: return [0x0A] + Array(repeating: 0x20, count: Int.random(in: 0..<70, using: &random))
        default: return (0..<Int.random(in: 1..<8, using: &random)).map { _ in pick([0x20, 0x0A, 0x09, 0x0D]) }
        }
    }

    private mutating func string() -> [UInt8] {
        var bytes: [UInt8] = [0x22]
        for _ in 0..<Int.random(in: 0..<12, using: &random) { bytes += Array(pick(pieces).utf8) }
        if Int.random(in: 0..<40, using: &random) == 0 { bytes.append(pick([0x01, 0x0A, 0x1F, 0x7F])) }
        if Int.random(in: 0..<8, using: &random) == 0 { bytes += Array(repeating: 0x61, count: Int.random(in: 10..<80, using: &random)) }
        return bytes + [0x22]
    }

    /// A value with whitespace (or none) before and after it.
    mutating func document() -> [UInt8] {
        gap() + value(depth: 0) + gap()
    }

    private mutating func value(depth: Int) -> [UInt8] {
        let choice = depth > 4 ? Int.random(in: 2..<6, using: &random) : Int.random(in: 0..<7, using: &random)
        switch choice {
        case 0, 6:
            var bytes: [UInt8] = [0x7B]
            for member in 0..<Int.random(in: 0..<7, using: &random) {
                if member > 0 { bytes += [0x2C] }
                let name = Int.random(in: 0..<3, using: &random) == 0 ? Array(pick(["\"x\"", "\"recordid\"", "\"y\\u0065ar\"", "\"\""]).utf8) : string()
                bytes += gap() + name + gap() + [0x3A] + gap() + value(depth: depth + 1) + gap()
            }
            return bytes + gap() + [0x7D]
        case 1:
            var bytes: [UInt8] = [0x5B]
            for element in 0..<Int.random(in: 0..<7, using: &random) {
                bytes += (element > 0 ? [0x2C] : []) + gap() + value(depth: depth + 1) + gap()
            }
            return bytes + [0x5D]
        case 2: return string()
        case 3: return Array(pick(["true", "false", "null"]).utf8)
        default: return Array(pick(numbers).utf8)
        }
    }
}
