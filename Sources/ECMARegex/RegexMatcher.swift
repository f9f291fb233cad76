/// Runs a `RegexProgram` over a string's scalars by backtracking with a failure memo.
struct RegexMatcher {
    private let program: RegexProgram
    private let text: UnsafeBufferPointer<UInt32>
    private var registers: [Int]
    /// Bit per (instruction, position) of the main program already known to fail.
    private let failed: UnsafeMutableBufferPointer<UInt64>
    /// Outcomes of lookarounds per (sub-program, position), valid because the memo mode has no captures.
    private var lookaroundResults: [Int: Bool] = [:]
    private var budget = ECMARegex.backtrackingBudget

    private enum Frame {
        case resume(pc: Int, position: Int)
        case restore(register: Int, value: Int)
    }

    /// `memo` must hold a zeroed bit per (main-program instruction, position) unless the pattern has backreferences.
    init(program: RegexProgram, text: UnsafeBufferPointer<UInt32>, memo: UnsafeMutableBufferPointer<UInt64>) {
        self.program = program
        self.text = text
        // Registers only matter to backreferences and to the empty-loop checks of runs without
        // the memo (backreference patterns and lookaround sub-programs).
        let needsRegisters = program.usesBackreferences || program.programs.count > 1
        registers = needsRegisters ? Array(repeating: -1, count: program.registerCount) : []
        failed = memo
    }

    /// Unanchored search over every start position.
    mutating func search() -> Bool {
        let lastStart = program.anchoredAtStart ? 0 : text.count
        for start in 0...lastStart {
            if run(0, from: start, mustEndAt: nil) { return true }
            if budget <= 0 { return false }
        }
        return false
    }

    /// Whether `programs[index]` matches starting at `start` (ending at `mustEndAt` when given).
    private mutating func run(_ index: Int, from start: Int, mustEndAt end: Int?) -> Bool {
        let code = program.programs[index]
        let memo = !program.usesBackreferences && index == 0
        var stack: [Frame] = []
        stack.reserveCapacity(16)
        var pc = 0
        var position = start
        while true {
            var failedHere = false
            if memo {
                let bit = pc * (text.count + 1) + position
                if failed[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                    failedHere = true
                } else {
                    failed[bit >> 6] |= 1 << UInt64(bit & 63)
                }
            } else {
                budget -= 1
                if budget <= 0 { return false }
            }
            if !failedHere {
                switch code[pc] {
                case .scalar(let value):
                    if position < text.count, text[position] == value {
                        pc += 1
                        position += 1
                        continue
                    }
                case .set(let set):
                    if position < text.count, set.contains(text[position]) {
                        pc += 1
                        position += 1
                        continue
                    }
                case .anyExceptLineTerminator:
                    if position < text.count, !CharacterSet.isLineTerminator(text[position]) {
                        pc += 1
                        position += 1
                        continue
                    }
                case .split(let preferred, let alternative):
                    stack.append(.resume(pc: alternative, position: position))
                    pc = preferred
                    continue
                case .jump(let target):
                    pc = target
                    continue
                case .save(let register):
                    guard !registers.isEmpty else {
                        pc += 1
                        continue
                    }
                    stack.append(.restore(register: register, value: registers[register]))
                    registers[register] = position
                    pc += 1
                    continue
                case .requireProgress(let register):
                    if memo || registers[register] != position {
                        pc += 1
                        continue
                    }
                case .assertion(let assertion):
                    if holds(assertion, at: position) {
                        pc += 1
                        continue
                    }
                case .lookaround(let sub, let ahead, let negated):
                    if lookaround(sub, ahead: ahead, at: position) != negated {
                        pc += 1
                        continue
                    }
                case .backreference(let group):
                    if let length = backreferenceLength(group, at: position) {
                        pc += 1
                        position += length
                        continue
                    }
                case .match:
                    if end == nil || end == position { return true }
                }
            }
            // Backtrack.
            var resumed = false
            while let frame = stack.popLast() {
                switch frame {
                case .restore(let register, let value):
                    registers[register] = value
                case .resume(let resumePC, let resumePosition):
                    pc = resumePC
                    position = resumePosition
                    resumed = true
                }
                if resumed { break }
            }
            if !resumed { return false }
        }
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

    private mutating func lookaround(_ sub: Int, ahead: Bool, at position: Int) -> Bool {
        let key = sub &* (text.count + 1) &+ position
        if !program.usesBackreferences, let known = lookaroundResults[ahead ? key : -key - 1] { return known }
        let saved = registers
        var result = false
        if ahead {
            result = run(sub, from: position, mustEndAt: nil)
        } else {
            for start in stride(from: position, through: 0, by: -1) where run(sub, from: start, mustEndAt: position) {
                result = true
                break
            }
        }
        registers = saved
        if !program.usesBackreferences { lookaroundResults[ahead ? key : -key - 1] = result }
        return result
    }

    /// The length of the text captured by `group` when it also stands at `position` (0 for an unset group).
    private func backreferenceLength(_ group: Int, at position: Int) -> Int? {
        let start = registers[group * 2], end = registers[group * 2 + 1]
        guard start >= 0, end >= start else { return 0 }
        let length = end - start
        guard position + length <= text.count else { return nil }
        for offset in 0..<length where text[start + offset] != text[position + offset] { return nil }
        return length
    }
}
