/// An ECMA-262 regular expression with `u`-flag semantics, compiled once and matched without
/// catastrophic backtracking.
///
/// Matching is `RegExp.prototype.test`: true when the pattern matches anywhere in the string.
/// The engine backtracks over a compiled program but remembers every (instruction, position)
/// already explored, in lookarounds too, so a pattern without backreferences runs in time
/// proportional to program size × input length (`^(a+)+$` on any input is linear). Counted
/// repetition keeps the program proportional to the pattern *text*: a repeated single-scalar atom
/// (`.{0,9000}`, `[a-z]{2,}`, `(?:a|b){5}`) is one step. Other repeated groups are copied: a program
/// of up to `RegexCompiler.instructionLimit` steps (100 + 3 per pattern character) searches any
/// subject; a larger one, up to `RegexCompiler.expandedLimit` steps (more is refused as a syntax
/// error at the repetition), searches subjects only as long as keeps its work within what an
/// `instructionLimit` program spends on 10,000 scalars (`^(?:[a-z0-9-]+\.){1,126}[a-z]+$` takes
/// hostnames of over 5,000 characters), and ends longer ones as `.budgetExhausted`. Patterns with
/// backreferences cannot use the memo; they run under a budget of `backtrackingBudget` steps, and a
/// search that uses it up ends as `.budgetExhausted` too. `matches` reports an exhausted search as
/// not matching, so nothing hangs; `search` tells it apart.
public struct ECMARegex: Sendable, Hashable {
    /// The pattern as written.
    public let pattern: String
    private let program: RegexProgram
    /// The fast matcher, for anchored sequences of single-scalar atoms (see `AnchoredSequence`).
    private let anchored: AnchoredSequence?

    /// The most steps a pattern with backreferences may take for one search.
    public static let backtrackingBudget = 1_000_000

    /// Parses and compiles `pattern`; throws when it is not valid ECMA-262 (`u` flag) syntax or
    /// its repetitions expand too far.
    public init(_ pattern: String) throws(RegexSyntaxError) {
        self.pattern = pattern
        var parser = RegexParser(pattern)
        let tree = try parser.parse()
        program = try RegexCompiler.compile(tree, captureCount: parser.captureCount,
                                            patternLength: pattern.unicodeScalars.count)
        anchored = program.usesBackreferences || program.stateBudget != nil ? nil : AnchoredSequence(tree)
    }

    /// True when the pattern matches somewhere in `string` (a search that exhausts the budget does not match).
    public func matches(_ string: String) -> Bool {
        search(string) == .match
    }

    /// True when the pattern matches somewhere in the text of these UTF-8 bytes (valid UTF-8).
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        search(utf8: bytes) == .match
    }

    /// Searches `string`, telling a budget-exhausted search apart from a failed one.
    public func search(_ string: String) -> RegexSearchOutcome {
        var string = string
        return string.withUTF8 { search(utf8: $0) }
    }

    /// Searches the text of these UTF-8 bytes (valid UTF-8).
    public func search(utf8 bytes: UnsafeBufferPointer<UInt8>) -> RegexSearchOutcome {
        if let anchored { return anchored.matches(utf8: bytes) ? .match : .noMatch }
        return searchByBacktracking(utf8: bytes)
    }

    /// True when `search` takes the fast path (`AnchoredSequence`) for this pattern.
    package var hasFastPath: Bool { anchored != nil }

    /// True when the fast path reads ASCII text with its DFA (tests take both roads).
    package var fastPathHasDFA: Bool { anchored?.hasDFA ?? false }

    /// The general engine's search, which `search` skips for patterns with a fast path (tests compare the two).
    package func searchByBacktracking(utf8 bytes: UnsafeBufferPointer<UInt8>) -> RegexSearchOutcome {
        // Scalars and the memo live in temporary (stack, when small) storage: no heap
        // allocation for the short strings JSON Schema patterns usually see.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(bytes.count, 1)) { storage in
            let count = Self.decode(bytes, into: storage)
            if let budget = program.stateBudget, program.instructionCount * (count + 1) > budget { return .budgetExhausted }
            let text = UnsafeBufferPointer(rebasing: storage[..<count])
            let words = RegexMatcher.memoWords(program, count: count)
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(words, 2)) { memo in
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

    /// Regexes are equal when their pattern text is.
    public static func == (lhs: ECMARegex, rhs: ECMARegex) -> Bool { lhs.pattern == rhs.pattern }

    /// Hashes the pattern text, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// How a search ended.
public enum RegexSearchOutcome: Sendable, Equatable {
    case match
    case noMatch
    /// Undecided: a pattern with backreferences used up `ECMARegex.backtrackingBudget` steps, or the
    /// subject is too long for the state budget of a pattern whose repetitions expand far.
    case budgetExhausted
}

/// Why a pattern is not a valid ECMA-262 regular expression, and where.
public struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "unterminated character class".
    public let message: String
    /// Where, as an offset in Unicode scalars from the start of the pattern.
    public let offset: Int

    /// An error from its message and scalar offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `message at offset N`.
    public var description: String { "\(message) at offset \(offset)" }
}
