/// One step of a compiled pattern.
enum RegexInstruction: Sendable {
    case scalar(UInt32)
    case set(CharacterSet)
    case anyExceptLineTerminator
    /// Try `preferred` first, then `alternative`.
    case split(preferred: Int, alternative: Int)
    case jump(Int)
    /// Records the position in a register (capture bounds and loop marks).
    case save(register: Int)
    /// Fails when the position has not moved since `register` was saved (empty loop iteration).
    case requireProgress(register: Int)
    case assertion(RegexAssertion)
    case lookaround(program: Int, ahead: Bool, negated: Bool)
    case backreference(group: Int)
    case match
}

/// A compiled pattern: the main program and one sub-program per lookaround.
final class RegexProgram: Sendable {
    let programs: [[RegexInstruction]]
    let registerCount: Int
    /// True when the pattern has backreferences, which rule out the failure memo.
    let usesBackreferences: Bool
    /// True when every match must start at position 0 (pattern begins with `^` in all branches).
    let anchoredAtStart: Bool

    init(programs: [[RegexInstruction]], registerCount: Int, usesBackreferences: Bool, anchoredAtStart: Bool) {
        self.programs = programs
        self.registerCount = registerCount
        self.usesBackreferences = usesBackreferences
        self.anchoredAtStart = anchoredAtStart
    }
}

/// Turns a `RegexNode` tree into `RegexProgram` instructions.
struct RegexCompiler {
    private var programs: [[RegexInstruction]] = [[]]
    private var registerCount: Int
    private var usesBackreferences = false
    private let captureCount: Int

    /// Programs longer than this (after expanding `{n,m}`) are refused.
    static let maxInstructions = 200_000

    static func compile(_ tree: RegexNode, captureCount: Int) throws(RegexSyntaxError) -> RegexProgram {
        var compiler = RegexCompiler(captureCount: captureCount)
        var main: [RegexInstruction] = []
        try compiler.emit(tree, into: &main)
        main.append(.match)
        compiler.programs[0] = main
        return RegexProgram(programs: compiler.programs, registerCount: compiler.registerCount,
                            usesBackreferences: compiler.usesBackreferences, anchoredAtStart: startsAnchored(tree))
    }

    private init(captureCount: Int) {
        self.captureCount = captureCount
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

    private mutating func emit(_ node: RegexNode, into code: inout [RegexInstruction]) throws(RegexSyntaxError) {
        if code.count > RegexCompiler.maxInstructions {
            throw RegexSyntaxError(message: "pattern too large after expanding its repetitions", offset: 0)
        }
        switch node {
        case .empty: break
        case .scalar(let value): code.append(.scalar(value))
        case .anyExceptLineTerminator: code.append(.anyExceptLineTerminator)
        case .set(let set): code.append(.set(set))
        case .assertion(let assertion): code.append(.assertion(assertion))
        case .sequence(let nodes):
            for child in nodes { try emit(child, into: &code) }
        case .alternation(let nodes):
            var jumpsToEnd: [Int] = []
            for (position, child) in nodes.enumerated() {
                if position < nodes.count - 1 {
                    let split = code.count
                    code.append(.jump(0))
                    try emit(child, into: &code)
                    jumpsToEnd.append(code.count)
                    code.append(.jump(0))
                    code[split] = .split(preferred: split + 1, alternative: code.count)
                } else {
                    try emit(child, into: &code)
                }
            }
            for jump in jumpsToEnd { code[jump] = .jump(code.count) }
        case .group(let body, let capture):
            if let capture { code.append(.save(register: capture * 2)) }
            try emit(body, into: &code)
            if let capture { code.append(.save(register: capture * 2 + 1)) }
        case .quantified(let body, let min, let max, let greedy):
            try emitRepetition(body, min: min, max: max, greedy: greedy, into: &code)
        case .lookaround(let body, let ahead, let negated):
            var sub: [RegexInstruction] = []
            try emit(body, into: &sub)
            sub.append(.match)
            programs.append(sub)
            code.append(.lookaround(program: programs.count - 1, ahead: ahead, negated: negated))
        case .backreference(let group):
            guard group <= captureCount else {
                throw RegexSyntaxError(message: "backreference \\\(group) names no group", offset: 0)
            }
            usesBackreferences = true
            code.append(.backreference(group: group))
        case .namedBackreference(let name, let offset):
            throw RegexSyntaxError(message: "no group named '\(name)'", offset: offset)
        }
    }

    private mutating func emitRepetition(
        _ body: RegexNode, min: Int, max: Int?, greedy: Bool, into code: inout [RegexInstruction]
    ) throws(RegexSyntaxError) {
        for _ in 0..<min { try emit(body, into: &code) }
        if let max {
            // Optional copies nest: (body (body ...)?)?
            var pendingSplits: [Int] = []
            for _ in min..<max {
                pendingSplits.append(code.count)
                code.append(.jump(0))
                try emit(body, into: &code)
            }
            for split in pendingSplits {
                code[split] = greedy ? .split(preferred: split + 1, alternative: code.count)
                                     : .split(preferred: code.count, alternative: split + 1)
            }
            return
        }
        let mark = registerCount
        registerCount += 1
        let loop = code.count
        code.append(.jump(0))
        code.append(.save(register: mark))
        try emit(body, into: &code)
        code.append(.requireProgress(register: mark))
        code.append(.jump(loop))
        code[loop] = greedy ? .split(preferred: loop + 1, alternative: code.count)
                            : .split(preferred: code.count, alternative: loop + 1)
    }
}
