/// One step of a compiled pattern.
enum RegexInstruction: Sendable {
    case scalar(UInt32)
    /// One scalar that passes `tests[test]` (a class or `.`); tests sit in a table so that
    /// instructions hold no references and cost nothing to copy.
    case test(Int)
    /// `min...max` scalars that each pass `tests[test]`, taken in one step (no unrolling).
    case repeatTest(test: Int, min: Int, max: Int, greedy: Bool)
    /// Try `preferred` first, then `alternative`.
    case split(preferred: Int, alternative: Int)
    case jump(Int)
    /// Records the position in a register (capture bounds and loop marks).
    case save(register: Int)
    /// Fails when the position has not moved since `register` was saved (empty loop iteration).
    case requireProgress(register: Int)
    case assertion(RegexAssertion)
    case lookaround(program: Int, negated: Bool)
    case backreference(group: Int)
    case match
}

/// A test of one scalar: what a repeated single-scalar atom such as `.`, `[a-z]` or `(?:a|b)` checks.
/// Not `indirect` (`anyOf` recurses through an array already): LeakSanitizer cannot follow the tagged
/// pointers to indirect cases' boxes, and reported every compiled pattern a long-lived validator holds.
enum ScalarTest: Sendable {
    case scalar(UInt32)
    case set(CharacterSet)
    case anyExceptLineTerminator
    case anyOf([ScalarTest])

    func contains(_ scalar: UInt32) -> Bool {
        switch self {
        case .scalar(let value): return scalar == value
        case .set(let set): return set.contains(scalar)
        case .anyExceptLineTerminator: return !CharacterSet.isLineTerminator(scalar)
        case .anyOf(let tests): return tests.contains { $0.contains(scalar) }
        }
    }
}

/// A `ScalarTest` with its answers for ASCII precomputed.
struct ScalarClass: Sendable {
    private let low: UInt64
    private let high: UInt64
    private let test: ScalarTest

    init(_ test: ScalarTest) {
        self.test = test
        var low: UInt64 = 0, high: UInt64 = 0
        for scalar in 0..<UInt32(64) where test.contains(scalar) { low |= 1 << UInt64(scalar) }
        for scalar in 64..<UInt32(128) where test.contains(scalar) { high |= 1 << UInt64(scalar - 64) }
        self.low = low
        self.high = high
    }

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return low >> UInt64(scalar) & 1 != 0 }
        if scalar < 128 { return high >> UInt64(scalar - 64) & 1 != 0 }
        return test.contains(scalar)
    }
}

/// A sequence of instructions that reads the text forwards, or backwards for a lookbehind.
struct RegexCode: Sendable {
    var instructions: [RegexInstruction] = []
    var backward = false
}

/// A compiled pattern: the main program and one sub-program per lookaround.
final class RegexProgram: Sendable {
    let programs: [RegexCode]
    /// The scalar tests of `test` and `repeatTest` instructions.
    let tests: [ScalarClass]
    let registerCount: Int
    /// True when the pattern has backreferences, which rule out the failure memo.
    let usesBackreferences: Bool
    /// True when every match must start at position 0 (pattern begins with `^` in all branches).
    let anchoredAtStart: Bool
    /// Instructions of all programs together: the memo keeps a row of bits per instruction.
    let instructionCount: Int
    /// The first memo row of each program.
    let rowBase: [Int]
    /// For a program larger than its pattern's linear-time size: the most (instruction, position)
    /// states a search may have, so that a subject longer than `stateBudget / instructionCount`
    /// scalars is not searched (the outcome is `.budgetExhausted`).
    let stateBudget: Int?

    init(programs: [RegexCode], tests: [ScalarClass], registerCount: Int, usesBackreferences: Bool, anchoredAtStart: Bool,
         linearLimit: Int, budgetedSubjectLength: Int) {
        self.programs = programs
        self.tests = tests
        self.registerCount = registerCount
        self.usesBackreferences = usesBackreferences
        self.anchoredAtStart = anchoredAtStart
        var base = 0
        var rows: [Int] = []
        for program in programs {
            rows.append(base)
            base += program.instructions.count
        }
        rowBase = rows
        instructionCount = base
        stateBudget = base > linearLimit && !usesBackreferences ? linearLimit * (budgetedSubjectLength + 1) : nil
    }
}
