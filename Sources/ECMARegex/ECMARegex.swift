/// An ECMA-262 regular expression with `u`-flag semantics, compiled once and matched without
/// catastrophic backtracking.
///
/// Matching is `RegExp.prototype.test`: true when the pattern matches anywhere in the string.
/// The engine backtracks over a compiled program but remembers every (instruction, position)
/// that already failed, so a pattern without backreferences runs in time proportional to
/// pattern size × input length (`^(a+)+$` on any input is linear). Patterns with backreferences
/// cannot use that memo; they run under a step budget of `backtrackingBudget` steps and count as
/// not matching when it is exhausted, so they can never hang.
public struct ECMARegex: Sendable, Hashable {
    /// The pattern as written.
    public let pattern: String
    private let program: RegexProgram

    /// The most steps a pattern with backreferences may take for one `matches` call.
    public static let backtrackingBudget = 1_000_000

    /// Parses and compiles `pattern`; throws when it is not valid ECMA-262 (`u` flag) syntax.
    public init(_ pattern: String) throws(RegexSyntaxError) {
        self.pattern = pattern
        var parser = RegexParser(pattern)
        let tree = (node: try parser.parse(), captureCount: parser.captureCount)
        program = try RegexCompiler.compile(tree.node, captureCount: tree.captureCount)
    }

    /// True when the pattern matches somewhere in `string`.
    public func matches(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { matches(utf8: $0) }
    }

    /// True when the pattern matches somewhere in the text of these UTF-8 bytes (valid UTF-8).
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Scalars and the failure memo live in temporary (stack, when small) storage: no heap
        // allocation for the short strings JSON Schema patterns usually see.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(bytes.count, 1)) { storage in
            let count = Self.decode(bytes, into: storage)
            let text = UnsafeBufferPointer(rebasing: storage[..<count])
            let words = program.usesBackreferences ? 0 : (program.programs[0].count * (count + 1) + 63) / 64
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(words, 1)) { memo in
                memo.initialize(repeating: 0)
                var matcher = RegexMatcher(program: program, text: text, memo: memo)
                return matcher.search()
            }
        }
    }

    /// Decodes valid UTF-8 into scalar values; returns how many.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into scalars: UnsafeMutableBufferPointer<UInt32>) -> Int {
        var count = 0, index = 0
        while index < bytes.count {
            let lead = UInt32(bytes[index])
            var scalar: UInt32
            var length: Int
            switch lead {
            case ..<0x80: scalar = lead; length = 1
            case ..<0xE0: scalar = lead & 0x1F; length = 2
            case ..<0xF0: scalar = lead & 0x0F; length = 3
            default: scalar = lead & 0x07; length = 4
            }
            for offset in 1..<max(length, 1) where index + offset < bytes.count {
                scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            scalars[count] = scalar
            count += 1
            index += length
        }
        return count
    }

    public static func == (lhs: ECMARegex, rhs: ECMARegex) -> Bool { lhs.pattern == rhs.pattern }

    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// Why a pattern is not a valid ECMA-262 regular expression, and where.
public struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "unterminated character class".
    public let message: String
    /// Where, as an offset in Unicode scalars from the start of the pattern.
    public let offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `message at offset N`.
    public var description: String { "\(message) at offset \(offset)" }
}
