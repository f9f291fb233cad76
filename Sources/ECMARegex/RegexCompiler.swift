/// Turns a `RegexNode` tree into `RegexProgram` instructions.
///
/// Counted repetition of a single-scalar atom (`.{0,9000}`, `[a-z]{2,}`, `(?:a|b){3}`) becomes one
/// `repeatTest` instruction. Other repeated bodies are copied. A program of at most
/// `instructionLimit(patternLength:)` instructions searches any subject in time proportional to the
/// pattern *text* times the input; a larger one (up to `expandedLimit`) carries a state budget of
/// what such a program spends on 10,000 scalars, and searches only subjects that fit in it.
struct RegexCompiler {
    private var programs: [RegexCode] = [RegexCode()]
    private var tests: [ScalarClass] = []
    private var registerCount: Int
    private let captureCount: Int
    /// Without backreferences captures are never read, and the matcher's memo cuts empty loop
    /// iterations, so neither capture saves nor loop marks are emitted.
    private let usesBackreferences: Bool
    private let limit: Int
    /// Instructions in finished lookaround programs.
    private var subprogramSize = 0

    /// The most instructions a pattern of `patternLength` scalars compiles to and still searches
    /// subjects of any length.
    static func instructionLimit(patternLength: Int) -> Int { 100 + 3 * patternLength }

    /// The most instructions any pattern may compile to; above `instructionLimit` the program gets a
    /// state budget.
    static let expandedLimit = 4_096

    /// The subject length, in scalars, that `instructionLimit` programs are promised to search fast.
    static let budgetedSubjectLength = 10_000

    static func compile(_ tree: RegexNode, captureCount: Int, patternLength: Int) throws(RegexSyntaxError) -> RegexProgram {
        let linearLimit = instructionLimit(patternLength: patternLength)
        var compiler = RegexCompiler(captureCount: captureCount, usesBackreferences: hasBackreferences(tree),
                                     limit: max(linearLimit, expandedLimit))
        var main = RegexCode()
        try compiler.emit(tree, into: &main)
        main.instructions.append(.match)
        try compiler.check(main.instructions.count, offset: 0)
        compiler.programs[0] = main
        return RegexProgram(programs: compiler.programs, tests: compiler.tests, registerCount: compiler.registerCount,
                            usesBackreferences: compiler.usesBackreferences, anchoredAtStart: startsAnchored(tree),
                            linearLimit: linearLimit, budgetedSubjectLength: budgetedSubjectLength)
    }

    private init(captureCount: Int, usesBackreferences: Bool, limit: Int) {
        self.captureCount = captureCount
        self.usesBackreferences = usesBackreferences
        self.limit = limit
        registerCount = (captureCount + 1) * 2
    }

    private static func startsAnchored(_ node: RegexNode) -> Bool {
        switch node {
        case .assertion(.start): return true
        case .sequence(let nodes): return nodes.first.map(startsAnchored) ?? false
        case .alternation(let nodes): return nodes.allSatisfy(startsAnchored)
        case .group(let body, _): return startsAnchored(body)
        default: return false
        }
    }

    private static func hasBackreferences(_ node: RegexNode) -> Bool {
        switch node {
        case .backreference, .namedBackreference: return true
        case .sequence(let nodes), .alternation(let nodes): return nodes.contains(where: hasBackreferences)
        case .group(let body, _), .quantified(let body, _, _, _, _), .lookaround(let body, _, _): return hasBackreferences(body)
        default: return false
        }
    }

    /// Refuses a program that would grow past the limit; `offset` is the repetition responsible.
    private func check(_ size: Int, offset: Int) throws(RegexSyntaxError) {
        guard size + subprogramSize <= limit else {
            throw RegexSyntaxError(message: "pattern too large after expanding its repetitions (more than \(limit) steps); "
                                   + "repeat a simpler group or use * or +", offset: offset)
        }
    }

    private mutating func emit(_ node: RegexNode, into code: inout RegexCode) throws(RegexSyntaxError) {
        switch node {
        case .empty: break
        case .scalar(let value): code.instructions.append(.scalar(value))
        case .anyExceptLineTerminator: code.instructions.append(.test(addTest(.anyExceptLineTerminator)))
        case .set(let set): code.instructions.append(.test(addTest(.set(set))))
        case .assertion(let assertion): code.instructions.append(.assertion(assertion))
        case .sequence(let nodes):
            for child in code.backward ? nodes.reversed() : nodes { try emit(child, into: &code) }
        case .alternation(let nodes):
            var jumpsToEnd: [Int] = []
            for (position, child) in nodes.enumerated() {
                if position < nodes.count - 1 {
                    let split = code.instructions.count
                    code.instructions.append(.jump(0))
                    try emit(child, into: &code)
                    jumpsToEnd.append(code.instructions.count)
                    code.instructions.append(.jump(0))
                    code.instructions[split] = .split(preferred: split + 1, alternative: code.instructions.count)
                } else {
                    try emit(child, into: &code)
                }
            }
            for jump in jumpsToEnd { code.instructions[jump] = .jump(code.instructions.count) }
        case .group(let body, let capture):
            guard let capture, usesBackreferences else { return try emit(body, into: &code) }
            // A backward (lookbehind) program meets the end of the group first.
            code.instructions.append(.save(register: capture * 2 + (code.backward ? 1 : 0)))
            try emit(body, into: &code)
            code.instructions.append(.save(register: capture * 2 + (code.backward ? 0 : 1)))
        case .quantified(let body, let min, let max, let greedy, let offset):
            try emitRepetition(body, min: min, max: max, greedy: greedy, offset: offset, into: &code)
        case .lookaround(let body, let ahead, let negated):
            var sub = RegexCode(backward: !ahead)
            try emit(body, into: &sub)
            sub.instructions.append(.match)
            subprogramSize += sub.instructions.count
            try check(code.instructions.count + 1, offset: 0)
            programs.append(sub)
            code.instructions.append(.lookaround(program: programs.count - 1, negated: negated))
        case .backreference(let group):
            guard group <= captureCount else {
                throw RegexSyntaxError(message: "backreference \\\(group) names no group", offset: 0)
            }
            code.instructions.append(.backreference(group: group))
        case .namedBackreference(let name, let offset):
            throw RegexSyntaxError(message: "no group named '\(name)'", offset: offset)
        }
        try check(code.instructions.count, offset: 0)
    }

    /// The index of a new entry in the test table.
    private mutating func addTest(_ test: ScalarTest) -> Int {
        tests.append(ScalarClass(test))
        return tests.count - 1
    }

    /// The test of a node that always matches exactly one scalar, when it has no effect besides that.
    private func scalarTest(_ node: RegexNode) -> ScalarTest? {
        Self.scalarTest(node, capturesMatter: usesBackreferences)
    }

    /// The test of a node that always matches exactly one scalar (a capturing group counts only
    /// when `capturesMatter` is false, i.e. nothing reads captures back).
    static func scalarTest(_ node: RegexNode, capturesMatter: Bool) -> ScalarTest? {
        switch node {
        case .scalar(let value): return .scalar(value)
        case .set(let set): return .set(set)
        case .anyExceptLineTerminator: return .anyExceptLineTerminator
        case .group(let body, let capture) where capture == nil || !capturesMatter: return scalarTest(body, capturesMatter: capturesMatter)
        case .alternation(let nodes):
            var alternatives: [ScalarTest] = []
            for node in nodes {
                guard let test = scalarTest(node, capturesMatter: capturesMatter) else { return nil }
                alternatives.append(test)
            }
            return .anyOf(alternatives)
        default: return nil
        }
    }

    private mutating func emitRepetition(
        _ body: RegexNode, min: Int, max: Int?, greedy: Bool, offset: Int, into code: inout RegexCode
    ) throws(RegexSyntaxError) {
        if min == 1, max == 1 { return try emit(body, into: &code) }
        if let test = scalarTest(body) {
            code.instructions.append(.repeatTest(test: addTest(test), min: min, max: max ?? Int.max, greedy: greedy))
            return
        }
        // The body once, then copied (with its jumps moved) as often as the counts need.
        var once = RegexCode(backward: code.backward)
        try emit(body, into: &once)
        let bodySize = once.instructions.count
        guard bodySize > 0 else { return }
        // Required copies, optional copies (each behind a split), and the loop of an open count.
        let optional = max.map { $0 - min } ?? 0
        let (required, overflow) = min.multipliedReportingOverflow(by: bodySize)
        let (extra, overflow2) = optional.multipliedReportingOverflow(by: bodySize + 1)
        let (size, overflow3) = required.addingReportingOverflow(extra)
        guard !overflow, !overflow2, !overflow3 else { return try check(Int.max / 2, offset: offset) }
        try check(code.instructions.count + size + (max == nil ? bodySize + 4 : 0), offset: offset)
        for _ in 0..<min { append(once, to: &code) }
        if let max {
            // Optional copies nest: (body (body ...)?)?
            var pendingSplits: [Int] = []
            for _ in min..<max {
                pendingSplits.append(code.instructions.count)
                code.instructions.append(.jump(0))
                append(once, to: &code)
            }
            let end = code.instructions.count
            for split in pendingSplits {
                code.instructions[split] = greedy ? .split(preferred: split + 1, alternative: end)
                                                  : .split(preferred: end, alternative: split + 1)
            }
            return
        }
        let loop = code.instructions.count
        code.instructions.append(.jump(0))
        let mark = registerCount
        if usesBackreferences {
            registerCount += 1
            code.instructions.append(.save(register: mark))
        }
        append(once, to: &code)
        if usesBackreferences { code.instructions.append(.requireProgress(register: mark)) }
        code.instructions.append(.jump(loop))
        let end = code.instructions.count
        code.instructions[loop] = greedy ? .split(preferred: loop + 1, alternative: end)
                                         : .split(preferred: end, alternative: loop + 1)
    }

    /// Appends `body`, compiled from address 0, at the end of `code`.
    private func append(_ body: RegexCode, to code: inout RegexCode) {
        let base = code.instructions.count
        for instruction in body.instructions {
            switch instruction {
            case .split(let preferred, let alternative):
                code.instructions.append(.split(preferred: preferred + base, alternative: alternative + base))
            case .jump(let target): code.instructions.append(.jump(target + base))
            default: code.instructions.append(instruction)
            }
        }
    }
}
