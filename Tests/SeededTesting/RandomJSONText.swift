import SeededRandom

/// Random JSON texts for tests that compare two readings of one text: nested objects and arrays whose
/// member names come from a small pool (so names repeat, within an object too), written with random
/// layouts (one line, spaces, tabs, `\n` or `\r\n` line ends, a byte order mark) and random escapes
/// (`\uXXXX`, surrogate pairs, `\/`) for characters that need none.
public struct RandomJSONText {
    /// The member names: pointer escapes (`~`, `/`), non-ASCII, canonically equivalent pairs (`é` and
    /// `e` + U+0301, `K` and the Kelvin sign), digits (array-index tokens), the empty name.
    public static let names = ["a", "b", "c", "items", "x", "~", "/", "a/b", "~1", "é", "e\u{301}", "K", "\u{212A}", "日本", "😀", "",
                               "0", "1", "12", "x y", "q\"", "b\\s", "t\t"]
    /// The string values.
    public static let strings = ["", "gyro", "rotationVector", "a\"b", "back\\slash", "line\nbreak", "é", "日本語", "🎉", "/", "~0"]
    /// The number lexemes.
    public static let numbers = ["0", "-1", "7", "42", "1.5", "-0.0", "1e3", "2.50", "123456789012345678901234567890", "-2E-3"]

    private var random: SplitMix64
    private var out: [UInt8] = []
    private var newline: [UInt8] = []
    private var indent: [UInt8] = []
    private var spaced = false

    /// A generator of texts fixed by `seed`.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// One text of a value nested at most `depth` deep, with a layout of its own.
    public mutating func text(depth: Int) -> [UInt8] {
        out = Int.random(in: 0..<20, using: &random) == 0 ? [0xEF, 0xBB, 0xBF] : []
        switch Int.random(in: 0..<5, using: &random) {
        case 0: (newline, indent, spaced) = ([], [], false)
        case 1: (newline, indent, spaced) = ([], [], true)
        case 2: (newline, indent, spaced) = (Array("\n".utf8), Array("  ".utf8), true)
        case 3: (newline, indent, spaced) = (Array("\r\n".utf8), Array("\t".utf8), true)
        default: (newline, indent, spaced) = (Array("\n".utf8), Array("\t ".utf8), false)
        }
        if Bool.random(using: &random) { whitespace() }
        value(depth: depth, level: 0)
        if Bool.random(using: &random) { out += newline.isEmpty ? [0x20] : newline }
        return out
    }

    private mutating func value(depth: Int, level: Int) {
        let kind = depth == 0 ? Int.random(in: 2..<7, using: &random) : Int.random(in: 0..<7, using: &random)
        switch kind {
        case 0:
            let count = Int.random(in: 0..<6, using: &random)
            container(open: "{", close: "}", count: count, level: level) { text, _ in
                text.string(RandomJSONText.names.randomElement(using: &text.random) ?? "")
                text.out += text.spaced ? Array(": ".utf8) : Array(":".utf8)
                text.value(depth: depth - 1, level: level + 1)
            }
        case 1:
            let count = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 10..<40, using: &random) : Int.random(in: 0..<6, using: &random)
            container(open: "[", close: "]", count: count, level: level) { text, _ in text.value(depth: depth - 1, level: level + 1) }
        case 2: out += Array((["null", "true", "false"].randomElement(using: &random) ?? "null").utf8)
        case 3, 4: out += Array((RandomJSONText.numbers.randomElement(using: &random) ?? "0").utf8)
        default: string(RandomJSONText.strings.randomElement(using: &random) ?? "")
        }
    }

    private mutating func container(open: Character, close: Character, count: Int, level: Int, _ item: (inout RandomJSONText, Int) -> Void) {
        out += Array(String(open).utf8)
        for index in 0..<count {
            if index > 0 { out += Array(",".utf8) }
            out += newline
            for _ in 0...level where !newline.isEmpty { out += indent }
            if newline.isEmpty, spaced, index > 0 { out.append(0x20) }
            item(&self, index)
        }
        if count > 0 {
            out += newline
            for _ in 0..<level where !newline.isEmpty { out += indent }
        }
        out += Array(String(close).utf8)
    }

    /// A little whitespace of any kind.
    private mutating func whitespace() {
        for _ in 0..<Int.random(in: 1..<4, using: &random) { out.append([0x20, 0x09, 0x0A, 0x0D].randomElement(using: &random) ?? 0x20) }
    }

    /// `text` as a JSON string, some characters escaped that need not be.
    private mutating func string(_ text: String) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\t": out += Bool.random(using: &random) ? Array(#"\t"#.utf8) : Array(#"\u0009"#.utf8)
            case "/" where Bool.random(using: &random): out += Array(#"\/"#.utf8)
            case _ where Int.random(in: 0..<4, using: &random) == 0: escape(scalar)
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `scalar` as `\uXXXX`, a surrogate pair beyond the first plane.
    private mutating func escape(_ scalar: Unicode.Scalar) {
        func hex(_ unit: UInt32) -> [UInt8] {
            let digits = String(unit, radix: 16, uppercase: Bool.random(using: &random))
            return Array(("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
        }
        if scalar.value < 0x10000 {
            out += hex(scalar.value)
        } else {
            let value = scalar.value - 0x10000
            out += hex(0xD800 + (value >> 10)) + hex(0xDC00 + (value & 0x3FF))
        }
    }
}
