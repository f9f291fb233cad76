/// Runs a `RegexProgram` over a string's scalars by backtracking.
///
/// Without backreferences every program (main and lookarounds) keeps a memo bit per
/// (instruction, position) already visited: a visited state is never explored twice, so the work
/// is bounded by instructions × (positions + 1). Lookaround programs start at many positions, so
/// they also remember which visited states lead to a match (the path of a successful run), and a
/// later run that reaches one succeeds at once. Patterns with backreferences cannot use the memo
/// (the outcome depends on captures) and run under a step budget instead.
struct RegexMatcher {
    private let program: RegexProgram
    private let text: UnsafeBufferPointer<UInt32>
    /// Memo bits per row (instruction of any program) and position: visited, and led to a match.
    private let visited: UnsafeMutableBufferPointer<UInt64>
    /// Only lookaround programs record successes; without them there is no second plane.
    private let succeeded: UnsafeMutableBufferPointer<UInt64>?
    private let width: Int
    private var registers: [Int]
    /// Run lengths of each `repeatTest` test at every position, forwards and backwards, once needed
    /// (the table itself is made on first use: most searches of short strings never need it).
    private var runs: [[Int]] = []
    /// Per main-program row, the skip list `openPosition` keeps, once needed (made on first use).
    private var skips: [[Int32]] = []
    private let tests: [ScalarClass]
    private var budget = ECMARegex.backtrackingBudget
    private var exhausted = false

    private enum Frame {
        case resume(pc: Int, position: Int, trail: Int)
        /// Counts `count` through `last` of the `repeatTest` before `pc` starting at `origin` remain to try.
        case repeatNext(pc: Int, origin: Int, count: Int, last: Int, greedy: Bool, trail: Int)
        case restore(register: Int, value: Int)
    }

    /// The words of memo storage needed for `program` over `count` scalars (a second plane only with lookarounds).
    static func memoWords(_ program: RegexProgram, count: Int) -> Int {
        program.usesBackreferences ? 0 : planes(program) * ((program.instructionCount * (count + 1) + 63) / 64)
    }

    /// Visited states, and with lookarounds also states that led to a match.
    private static func planes(_ program: RegexProgram) -> Int { program.programs.count > 1 ? 2 : 1 }

    /// `memo` must hold `memoWords` zeroed words.
    init(program: RegexProgram, text: UnsafeBufferPointer<UInt32>, memo: UnsafeMutableBufferPointer<UInt64>) {
        self.program = program
        self.text = text
        width = text.count + 1
        let planes = Self.planes(program)
        let plane = memo.count / planes
        visited = UnsafeMutableBufferPointer(rebasing: memo[..<plane])
        succeeded = planes == 2 ? UnsafeMutableBufferPointer(rebasing: memo[plane...]) : nil
        registers = program.usesBackreferences ? Array(repeating: -1, count: program.registerCount) : []
        tests = program.tests
    }

    /// Unanchored search over every start position.
    mutating func search() -> RegexSearchOutcome {
        let lastStart = program.anchoredAtStart ? 0 : text.count
        for start in 0...lastStart {
            if run(0, from: start) { return .match }
            if exhausted { return .budgetExhausted }
        }
        return .noMatch
    }

    private mutating func spend(_ steps: Int) -> Bool {
        budget -= steps
        if budget < 0 { exhausted = true }
        return !exhausted
    }

    /// Whether `programs[index]` matches from `start` (reading backwards for a lookbehind).
    private mutating func run(_ index: Int, from start: Int) -> Bool {
        let code = program.programs[index]
        let instructions = code.instructions
        let step = code.backward ? -1 : 1
        let memo = !program.usesBackreferences
        let recordsSuccess = memo && index > 0
        let rowBase = program.rowBase[index]
        var trail: [Int] = []
        var stack: [Frame] = []
        var pc = 0
        var position = start
        while true {
            var failedHere = false
            if memo {
                let bit = (rowBase + pc) * width + position
                if Self.isSet(visited, bit) {
                    if recordsSuccess, let succeeded, Self.isSet(succeeded, bit) { return succeed(trail) }
                    failedHere = true
                } else {
                    Self.set(visited, bit)
                    if recordsSuccess { trail.append(bit) }
                }
            } else if !spend(1) {
                return false
            }
            if !failedHere {
                switch instructions[pc] {
                case .scalar(let value):
                    if let scalar = scalar(at: position, step), scalar == value {
                        pc += 1
                        position += step
                        continue
                    }
                case .test(let test):
                    if let scalar = scalar(at: position, step), tests[test].contains(scalar) {
                        pc += 1
                        position += step
                        continue
                    }
                case .repeatTest(let test, let min, let max, let greedy):
                    let available = Swift.min(runLength(test, at: position, step), max)
                    let (first, last) = greedy ? (available, min) : (min, available)
                    if available >= min,
                       let count = nextRepeat(row: rowBase + pc + 1, origin: position, step, from: first, to: last, greedy: greedy) {
                        if count != last {
                            stack.append(.repeatNext(pc: pc + 1, origin: position, count: count + (greedy ? -1 : 1), last: last,
                                                     greedy: greedy, trail: trail.count))
                        }
                        pc += 1
                        position += count * step
                        continue
                    }
                case .split(let preferred, let alternative):
                    stack.append(.resume(pc: alternative, position: position, trail: trail.count))
                    pc = preferred
                    continue
                case .jump(let target):
                    pc = target
                    continue
                case .save(let register):
                    stack.append(.restore(register: register, value: registers[register]))
                    registers[register] = position
                    pc += 1
                    continue
                case .requireProgress(let register):
                    if registers[register] != position {
                        pc += 1
                        continue
                    }
                case .assertion(let assertion):
                    if holds(assertion, at: position) {
                        pc += 1
                        continue
                    }
                case .lookaround(let sub, let negated):
                    if lookaround(sub, at: position) != negated {
                        pc += 1
                        continue
                    }
                case .backreference(let group):
                    if let length = backreferenceLength(group, at: position, step), spend(length) {
                        pc += 1
                        position += length * step
                        continue
                    }
                case .match:
                    return succeed(trail)
                }
            }
            guard backtrack(&stack, &trail, &pc, &position, rowBase: rowBase, step: step) else { return false }
        }
    }

    /// Pops frames until one gives a state to resume; false when none is left.
    private mutating func backtrack(_ stack: inout [Frame], _ trail: inout [Int], _ pc: inout Int, _ position: inout Int,
                                    rowBase: Int, step: Int) -> Bool {
        while let frame = stack.popLast() {
            switch frame {
            case .restore(let register, let value):
                registers[register] = value
            case .resume(let resumePC, let resumePosition, let mark):
                pc = resumePC
                position = resumePosition
                if mark < trail.count { trail.removeSubrange(mark...) }
                return true
            case .repeatNext(let resumePC, let origin, let from, let last, let greedy, let mark):
                guard let count = nextRepeat(row: rowBase + resumePC, origin: origin, step, from: from, to: last, greedy: greedy) else { continue }
                if count != last {
                    stack.append(.repeatNext(pc: resumePC, origin: origin, count: count + (greedy ? -1 : 1), last: last,
                                             greedy: greedy, trail: mark))
                }
                pc = resumePC
                position = origin + count * step
                if mark < trail.count { trail.removeSubrange(mark...) }
                return true
            }
        }
        return false
    }

    /// Marks the states of a successful lookaround run; the states left on the trail are its path.
    private func succeed(_ trail: [Int]) -> Bool {
        guard let succeeded else { return true }
        for bit in trail { Self.set(succeeded, bit) }
        return true
    }

    /// The first count from `from` towards `to` (inclusive) whose continuation state is not known
    /// to fail. Long ranges in the main program use a skip list over failed positions
    /// (near-constant time per call, however often the same positions are offered again); other
    /// ranges, and lookaround rows, which must also find remembered successes, skip a whole word of
    /// known failures at once.
    private mutating func nextRepeat(row: Int, origin: Int, _ step: Int, from: Int, to: Int, greedy: Bool) -> Int? {
        guard !program.usesBackreferences else { return from }
        // Short ranges scan the memo words next to the bits just touched; long ones, which the
        // same positions can be offered again and again, use the skip list.
        if row < program.programs[0].instructions.count, abs(to - from) >= 256 {
            // The main program reads forwards: a greedy repetition offers its positions in descending order.
            guard let position = openPosition(row: row, from: origin + from, to: origin + to, descending: greedy) else { return nil }
            return position - origin
        }
        let first = row * width + origin + from * step, last = row * width + origin + to * step
        guard let bit = Self.firstCandidate(visited, succeeded, from: first, to: last) else { return nil }
        return (bit - row * width - origin) * step
    }

    /// The first position from `from` towards `to` (inclusive) not visited in main-program `row`.
    ///
    /// `skips[row]` is a union-find over positions (shifted by one, with a sentinel at each end):
    /// a position known visited links to its neighbour in the search direction, and finds
    /// compress the paths. A row is searched in one direction only (its repetition is greedy or lazy).
    private mutating func openPosition(row: Int, from: Int, to: Int, descending: Bool) -> Int? {
        if skips.isEmpty { skips = Array(repeating: [], count: program.programs[0].instructions.count) }
        if skips[row].isEmpty { skips[row] = Array(0...Int32(width + 1)) }
        let sentinel = descending ? 0 : width + 1
        let base = row * width
        return skips[row].withUnsafeMutableBufferPointer { parent -> Int? in
            var index = from + 1
            while true {
                while Int(parent[index]) != index {
                    let next = Int(parent[index])
                    parent[index] = parent[next]
                    index = next
                }
                if index == sentinel { return nil }
                let position = index - 1
                if descending ? position < to : position > to { return nil }
                if !Self.isSet(visited, base + position) { return position }
                parent[index] = Int32(descending ? index - 1 : index + 1)
            }
        }
    }

    /// The first bit from `from` to `to` (either direction, inclusive) not visited or succeeded.
    private static func firstCandidate(_ visited: UnsafeMutableBufferPointer<UInt64>, _ succeeded: UnsafeMutableBufferPointer<UInt64>?,
                                       from: Int, to: Int) -> Int? {
        if ~visited[from >> 6] & (1 << UInt64(from & 63)) != 0 { return from }
        var bit = from
        if from <= to {
            while bit <= to {
                let word = bit >> 6
                let open = (~visited[word] | (succeeded?[word] ?? 0)) & (~0 << UInt64(bit & 63))
                if open != 0 {
                    let found = word << 6 + open.trailingZeroBitCount
                    return found <= to ? found : nil
                }
                bit = (word + 1) << 6
            }
        } else {
            while bit >= to {
                let word = bit >> 6
                let keep = bit & 63
                let open = (~visited[word] | (succeeded?[word] ?? 0)) & (keep == 63 ? ~0 : (1 << UInt64(keep + 1)) - 1)
                if open != 0 {
                    let found = word << 6 + 63 - open.leadingZeroBitCount
                    return found >= to ? found : nil
                }
                bit = word << 6 - 1
            }
        }
        return nil
    }

    private static func isSet(_ bits: UnsafeMutableBufferPointer<UInt64>, _ bit: Int) -> Bool {
        bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    private static func set(_ bits: UnsafeMutableBufferPointer<UInt64>, _ bit: Int) {
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// The scalar consumed from `position` in the direction of `step`, if any.
    private func scalar(at position: Int, _ step: Int) -> UInt32? {
        if step > 0 { return position < text.count ? text[position] : nil }
        return position > 0 ? text[position - 1] : nil
    }

    /// How many scalars from `position` (in the direction of `step`) pass `tests[test]`.
    private mutating func runLength(_ test: Int, at position: Int, _ step: Int) -> Int {
        let key = test * 2 + (step > 0 ? 0 : 1)
        if runs.isEmpty { runs = Array(repeating: [], count: tests.count * 2) }
        if !runs[key].isEmpty { return runs[key][position] }
        var lengths = [Int](repeating: 0, count: width)
        let check = tests[test]
        if step > 0 {
            for index in stride(from: text.count - 1, through: 0, by: -1) where check.contains(text[index]) {
                lengths[index] = lengths[index + 1] + 1
            }
        } else {
            for index in 0..<text.count where check.contains(text[index]) { lengths[index + 1] = lengths[index] + 1 }
        }
        if program.usesBackreferences { _ = spend(text.count) }
        runs[key] = lengths
        return lengths[position]
    }

    private func holds(_ assertion: RegexAssertion, at position: Int) -> Bool {
        switch assertion {
        case .start: return position == 0
        case .end: return position == text.count
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && CharacterSet.isWord(text[position - 1])
            let after = position < text.count && CharacterSet.isWord(text[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }

    /// Whether lookaround program `sub` matches at `position`; captures it sets are not kept.
    private mutating func lookaround(_ sub: Int, at position: Int) -> Bool {
        guard program.usesBackreferences else { return run(sub, from: position) }
        guard spend(registers.count) else { return false }
        let saved = registers
        let result = run(sub, from: position)
        registers = saved
        return result
    }

    /// The length of the text captured by `group` when it also stands at `position` (0 for an unset group).
    private func backreferenceLength(_ group: Int, at position: Int, _ step: Int) -> Int? {
        let start = registers[group * 2], end = registers[group * 2 + 1]
        guard start >= 0, end >= start else { return 0 }
        let length = end - start
        let from = step > 0 ? position : position - length
        guard from >= 0, from + length <= text.count else { return nil }
        for offset in 0..<length where text[start + offset] != text[from + offset] { return nil }
        return length
    }
}
