import XCTest
import CJSONScan
import SeededRandom
import SeededTesting
@testable import JSONCore

/// Stage 2 of the line parse (`cjson_tape_compact`) on its own, with no parse in place behind it: on every text
/// it must decide (no error, no byte order mark, no whitespace that stage 1 flags, no object of more than 16
/// members) it writes the parse in place's tape entry for entry, repeated-key flag, line and object ends, with
/// every stage-1 kernel and both scans; every other text it declines.
final class TapeStage2Tests: XCTestCase {
    static let names = CompactJSON.ReservedNames(["recordid", "year", "x", ""])

    /// Checks stage 2 alone against the parse in place; returns whether it decided the text.
    @discardableResult
    static func check(_ text: [UInt8], reserving names: CompactJSON.ReservedNames = names, maxDepth: Int = 10_000,
                      file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let expected = LineParseOutcome(text, reserving: names, path: .inPlace, maxDepth: maxDepth)
        let decides = expected.mustBeDecidedByStage2(text)
        for kernel in MinifyKernel.allCases where kernel.isAvailable {
            for portableScan in [false, true] {
                let found = LineParseOutcome(minifying: text, reserving: names, kernel: kernel, portableScan: portableScan, maxDepth: maxDepth)
                let shown = String(decoding: text.prefix(300), as: UTF8.self).debugDescription
                if decides {
                    XCTAssertEqual(found, expected, "\(kernel), portable scan \(portableScan) on \(shown)", file: file, line: line)
                } else {
                    XCTAssertNil(found, "\(kernel), portable scan \(portableScan) decided \(shown) (in place: \(expected))", file: file, line: line)
                }
            }
        }
        return decides
    }

    private func check(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        for text in texts { Self.check(Array(text.utf8), file: file, line: line) }
    }

    func testEntriesAreLaidOutAsTheTapes() {
        XCTAssertEqual(MemoryLayout<JSONTape.Entry>.size, MemoryLayout<cjson_tape_entry>.size)
        XCTAssertEqual(MemoryLayout<JSONTape.Entry>.stride, 16)
        XCTAssertEqual(MemoryLayout<JSONTape.Entry>.offset(of: \.kind), MemoryLayout<cjson_tape_entry>.offset(of: \.kind))
        XCTAssertEqual(MemoryLayout<JSONTape.Entry>.offset(of: \.flags), MemoryLayout<cjson_tape_entry>.offset(of: \.flags))
        XCTAssertEqual(MemoryLayout<JSONTape.Entry>.offset(of: \.count), MemoryLayout<cjson_tape_entry>.offset(of: \.count))
        XCTAssertEqual(MemoryLayout<JSONTape.Entry>.offset(of: \.payload), MemoryLayout<cjson_tape_entry>.offset(of: \.payload))
    }

    func testNestedValuesAndLiterals() {
        check(["1", "-1", "0", "\"a\"", "true", "false", "null", "[]", "{}", "[[]]", "[{}]", "{\"a\":{}}", "[[],[[]],{}]",
               #"{"a":[1,{"b":[true,false,null]},"c"],"d":{"e":{"f":{}}}}"#, #"[{"a":1},{"b":2},[{"c":3}],{}]"#,
               #"[{"x":[{"x":1}]},{"y":{"x":2}}]"#, #"{"uptime":1000.01,"timestamp":0.01,"stepPath":"MTB Spelling Form 1","x":-0.665036}"#])
        XCTAssertTrue(Self.check(Array(#"{"a":[1,2],"b":{"c":null}}"#.utf8)), "stage 2 decides a plain document")
    }

    func testStringsEscapesAndUnicode() {
        check([#""\"\\\/\b\f\n\r\t""#, #""\u0000\u001f\u0041\u00e9\u20AC\uFFFF""#, #""\ud83d\ude00\uD834\uDD1E""#, #"["a\u0062c","\u00E9t\u00e9"]"#,
               "\"é€𝄞\"", "[\"aé\",\"\\né\",\"é\\n\"]", #"{"k\u0065y":"v","key2":"\\"}"#, #""\\\\\"""#, "\"\u{7F}\"", "\"\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\""])
        // Errors: bad escapes, lone surrogates, control characters, unterminated strings.
        check([#""\x""#, #""\u12""#, #""\u12G4""#, #""\ud800""#, #""\ud800\u0041""#, #""\udc00""#, #""\ud800\""#, "\"a\u{1}\"", "\"a\tb\"", "\"abc", "[\"a\\",
               #"["\ud83d\ude00", "\ud83d"]"#, "\"\\u", "\"\\"])
        // Invalid UTF-8: overlong forms, surrogates, past U+10FFFF, lone continuation bytes, truncated sequences (also at the end).
        for bad: [UInt8] in [[0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
                             [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xFF], [0xE2, 0x28, 0xA1]] {
            Self.check([0x22] + bad + [0x22])
            Self.check([0x5B, 0x22, 0x61] + bad)
            Self.check([0x7B, 0x22] + bad + Array("\":1}".utf8))
        }
    }

    func testStringsOfEveryLengthAcrossScanBlocks() {
        for length in 0..<70 {
            for offset in 0..<3 {
                let plain = String(repeating: "a", count: length)
                check(["[" + String(repeating: "0,", count: offset) + "\"\(plain)\"]", "{\"\(plain)\":\"\(plain)\"}", "\"\(plain)é\"", "\"é\(plain)\"",
                       "[\"\(plain)\\n\(plain)\"]", "\"\(plain)\\u00e9\"", "[\"\(plain)"])
            }
        }
    }

    func testNumbers() {
        check(["0", "-0", "7", "-7", "10", "123456789012345", "1234567890123456", "123456789012345678", "1234567890123456789", "9223372036854775807",
               "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
               "99999999999999999999", "-99999999999999999999", "123456789012345678901234567890", "0.0", "-0.0", "1.0", "1.5", "1.50", "100.000",
               "0.1234567890123456789", "1234567890123456.5", "0.35000000000000003", "1e5", "1E5", "1e+5", "1e-5", "-1.5e1", "1.5e1", "1.25e1",
               "100e-2", "100e-3", "0e5", "0e-5", "0.0e-5", "1.0e0", "12.50e-1", "1e400", "1e-400", "1.5e99999999999999999999", "5e-99999999999999999999",
               "[1,-2,3.5,-4.25,5e1]", #"{"a":-0.673463,"b":1000.0,"c":0.85762}"#])
        // Errors.
        check(["01", "-01", "00", "1.", "1.e5", ".5", "-", "--1", "-a", "+1", "1e", "1e+", "1e-", "1E+x", "1.5e", "[1.]", "[-]", "[1e]", "0x10",
               "1.5.5", "1e5e5", "[01]", "[-0.]", "Infinity", "-Infinity", "NaN", "[1,2.]"])
        // Digit runs of every length, on both sides of the point.
        for digits in 1..<42 {
            let run = String((0..<digits).map { Character(String(($0 % 9) + 1)) })
            let zeros = String(repeating: "0", count: digits)
            check([run, "-" + run, "0." + run, "1." + zeros, run + "." + zeros, run + "e" + run, "0." + zeros + "1", "[" + run + "," + run + "." + run + "]"])
        }
    }

    func testRepeatedNames() {
        check([#"{"a":1,"a":2}"#, #"{"a":1,"b":2,"a":3}"#, #"{"":1,"":2}"#, #"{"a":1,"\u0061":2}"#, #"{"\u0061":1,"a":2}"#, #"{"é":1,"\u00e9":2}"#,
               #"{"ab":1,"cb":2}"#, #"{"x":{"a":1,"a":2},"y":[{"b":1,"b":1}]}"#, #"[{"a":1},{"a":2}]"#, #"{"a":{"a":{"a":1}},"a":[]}"#,
               #"{"a":[{"b":1}],"c":{"d":2},"a":3}"#])
        // Names that share the filter bit (same length and last byte) without being equal, and objects of 15 to 17 members.
        for members in 1...17 {
            let names = (0..<members).map { "\"\(Character(Unicode.Scalar(UInt8(97 + $0))))z\"" }
            check(["{" + names.map { "\($0):1" }.joined(separator: ",") + "}",
                   "{" + names.map { "\($0):[1]" }.joined(separator: ",") + ",\(names[0]):2}",
                   "[{" + names.map { "\($0):{}" }.joined(separator: ",") + "}]"])
        }
        XCTAssertTrue(Self.check(Array(("{" + (0..<16).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}").utf8)))
        XCTAssertFalse(Self.check(Array(("{" + (0..<17).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}").utf8)),
                       "an object of 17 members is declined")
    }

    func testReservedAndEscapedNamesOfTheObjectsThatTakeMembers() {
        check([#"{"recordid":1}"#, #"{"a":{"recordid":1}}"#, #"[{"recordid":1}]"#, #"[{"a":{"recordid":1}}]"#, #"[[{"recordid":1}]]"#,
               #"{"y\u0065ar":1}"#, #"{"a":{"y\u0065ar":1}}"#, #"[{"\u0061":1}]"#, #"[{"a":[{"\u0061":1}]}]"#, #"{"":1}"#, #"[{"":1}]"#,
               #"{"x":1,"yx":2}"#, #"{"year":1,"years":2}"#, #"{"yea":1}"#, #"{"recordId":1}"#, #"[{},{"x":1},{}]"#, #"[{"b":1},{"year":2}]"#])
        let none = CompactJSON.ReservedNames()
        for text in [#"{"recordid":1}"#, #"{"":1}"#, #"[{"a":1},{}]"#] { Self.check(Array(text.utf8), reserving: none) }
    }

    func testErrorsAreDeclined() {
        let texts = ["[1,]", #"{"a":1,}"#, #"{"a"}"#, #"{"a":}"#, #"{:1}"#, #"{"a" 1}"#, "{1:2}", "[", "]", "{", "}", "[1", #"{"a":1"#, "[1}", #"{"a":1]"#,
                     "[1]]", "1 2", "[1]x", "tru", "nul", "fals", "truex", "[nulll]", "[falsey]", "t", "[true1]", "'a'", "[1]/", "{\"a\":1}}", "[,1]",
                     "[1,,2]", #"{"a":1,,"b":2}"#, #"{,"a":1}"#, "[]]", "{}}", "\"a\"\"b\"", "[\"a\"\"b\"]", "[1\u{0}]"]
        for text in texts { XCTAssertFalse(Self.check(Array(text.utf8)), text) }
        XCTAssertFalse(Self.check([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), "a byte order mark is left to the parse in place")
    }

    func testTheDepthLimit() {
        for depth in [1, 2, 3, 15, 16, 17, 63, 64, 65, 200] {
            for limit in [depth - 1, depth, depth + 1] {
                let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
                let mixed = String(repeating: #"[{"a":"#, count: depth) + "[]" + String(repeating: "}]", count: depth)
                for text in [arrays, objects, mixed] {
                    XCTAssertEqual(Self.check(Array(text.utf8), maxDepth: limit), limit >= text.filter { $0 == "[" || $0 == "{" }.count)
                }
            }
        }
    }

    /// Texts with many more entries than the tape's first estimate (one per 8 bytes), so that stage 2 moves them to
    /// larger memory (past 4 MiB aligned for huge pages), many escaped strings and many objects that take members.
    func testGrowthOfEveryBuffer() {
        for count in [1, 2, 3, 7, 8, 9, 31, 32, 33, 100, 1_000, 5_000] {
            XCTAssertTrue(Self.check(Array(("[" + Array(repeating: "0", count: count).joined(separator: ",") + "]").utf8)))
            XCTAssertTrue(Self.check(Array(("[" + Array(repeating: #""\n\u00e9""#, count: count).joined(separator: ",") + "]").utf8)))
            XCTAssertTrue(Self.check(Array(("[" + (0..<count).map { #"{"x\#($0 % 3)":[],"\u0061":{}}"# }.joined(separator: ",") + "]").utf8)))
        }
        let large = Array(("[" + Array(repeating: "[1]", count: 200_000).joined(separator: ",") + "]").utf8)
        let expected = LineParseOutcome(large, reserving: Self.names, path: .inPlace)
        XCTAssertEqual(LineParseOutcome(minifying: large, reserving: Self.names, kernel: .best, portableScan: false), expected)
        XCTAssertEqual(expected.entries.count, 400_001)
    }

    /// One parser, texts one after another: each tape stays as it was while the next ones are parsed (memory is
    /// written over only when no tape holds it), escaped strings and object ends of one text never reach the next.
    func testOneParserManyTexts() throws {
        var parser = JSONTapeParser()
        let texts = [#"{"a":"\n","b":[1,2]}"#, #"[{"x\u0079":"é"},{}]"#, #"[{"c":"plain"}]"#, "[" + Array(repeating: "1", count: 500).joined(separator: ",") + "]",
                     #"{"a":1,"a":2}"#, #"{"d":"\t\t"}"#]
        var kept: [(JSONTape, CompactJSON?)] = []
        for text in texts { kept.append(try parser.tapeAndLine(Array(text.utf8), reserving: Self.names)) }
        for (text, (tape, line)) in zip(texts, kept) {
            XCTAssertEqual(tape.value, try JSONParser().parse(Array(text.utf8)).value, text)
            var fresh = JSONTapeParser()
            let expected = try fresh.tapeAndLine(Array(text.utf8), reserving: Self.names).line
            XCTAssertEqual(line?.inserting(Array(#""z":0"#.utf8)), expected?.inserting(Array(#""z":0"#.utf8)), text)
            XCTAssertEqual(line == nil, text.contains("\\u0079"), text)
        }
    }

    /// Rows of objects whose names mostly repeat those of the row before (stage 2 then knows each name by one
    /// comparison): a name changed, dropped or added, repeated, reserved, escaped, non-ASCII or of 12 to 15 bytes,
    /// objects inside the members, rows at the depth of the objects that take members and deeper.
    func testRowsOfObjectsWithTheNamesOfTheRowBefore() {
        var random = seededGenerator(67)
        let names = ["uptime", "x", "y", "z", "x", "recordid", "year", "abcdefghijklm", "abcdefghijklmn", "y\\u0065ar", "é", "", "stepPath"]
        var decided = 0
        for round in 0..<600 {
            var shape = (0..<Int.random(in: 1...8, using: &random)).map { _ in names[Int.random(in: 0..<names.count, using: &random)] }
            var rows: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0: shape[Int.random(in: 0..<shape.count, using: &random)] = names[Int.random(in: 0..<names.count, using: &random)]
                case 1 where shape.count > 1: shape.removeLast()
                case 2: shape.append(names[Int.random(in: 0..<names.count, using: &random)])
                default: break
                }
                let members = shape.map { name in
                    let value = Int.random(in: 0..<8, using: &random) == 0 ? #"{"x":1,"uptime":[{"y":2}]}"# : "\(Int.random(in: -9...9, using: &random))"
                    return "\"\(name)\":\(value)"
                }
                rows.append("{" + members.joined(separator: ",") + "}")
            }
            let array = "[" + rows.joined(separator: ",") + "]"
            let text = round % 3 == 0 ? array : round % 3 == 1 ? #"{"rows":"# + array + "}" : "[[" + rows.joined(separator: "],[") + "]]"
            if Self.check(Array(text.utf8)) { decided += 1 }
        }
        XCTAssertGreaterThan(decided, 500)
    }

    func testRandomDocuments() {
        var random = seededGenerator(66)
        var decided = 0
        for _ in 0..<2_000 {
            let text = Array(Self.randomValue(depth: 0, using: &random).utf8)
            if Self.check(text) { decided += 1 }
        }
        XCTAssertGreaterThan(decided, 1_700)
    }

    /// A random compact value: nested containers, names that repeat or are reserved, escapes, UTF-8, numbers of every form.
    static func randomValue(depth: Int, using random: inout SplitMix64) -> String {
        let numbers = ["0", "-0", "1", "-17", "0.5", "-0.001", "1000.01", "0.80", "1e10", "-2.5E-3", "6.02e+23", "1.0", "100e-2", "123456789012345",
                       "1234567890123456789", "9223372036854775808", "-9223372036854775808", "0.35000000000000003", "1.000000000000000000"]
        let strings = ["", "a", "x", "year", "recordid", "\\n", "\\u00e9", "é", "𝄞", "\\ud83d\\ude00", "y\\u0065ar", "abcdefghijklmnopq", "\\\\\\\""]
        let pick = { (items: [String], random: inout SplitMix64) in items[Int.random(in: 0..<items.count, using: &random)] }
        switch depth > 5 ? Int.random(in: 2..<5, using: &random) : Int.random(in: 0..<6, using: &random) {
        case 0, 5:
            let members = (0..<Int.random(in: 0..<9, using: &random)).map { _ in
                "\"\(pick(strings, &random))\":" + randomValue(depth: depth + 1, using: &random)
            }
            return "{" + members.joined(separator: ",") + "}"
        case 1:
            return "[" + (0..<Int.random(in: 0..<7, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) }.joined(separator: ",") + "]"
        case 2: return "\"" + pick(strings, &random) + pick(strings, &random) + "\""
        case 3: return pick(["true", "false", "null"], &random)
        default: return pick(numbers, &random)
        }
    }
}
