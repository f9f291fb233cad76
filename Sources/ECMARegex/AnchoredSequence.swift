/// A fast matcher for the commonest JSON Schema pattern shape: `^…$` around a sequence of
/// single-scalar atoms, each once, optional or repeated (`^[A-Za-z][A-Za-z0-9_]*$`,
/// `^[0-9]+\.[0-9]+$`, `^\d{3}-\d{4}$`). Such a pattern is a regular language of one position per
/// atom, so it is matched by carrying the set of atoms that may read the next scalar (a 64-bit
/// mask): one step per scalar, no allocation, no backtracking. ASCII text goes faster still, one
/// table read per byte, through the DFA of those sets when it is small. Any other pattern gets
/// `nil` and runs on the general engine; tests compare the two on random patterns and subjects.
struct AnchoredSequence: Sendable {
    /// Per atom: its test, and the atoms that may read the scalar after it.
    private let tests: [ScalarClass]
    private let follow: [UInt64]
    /// The atoms that may read the first scalar.
    private let first: UInt64
    /// The atoms after which the rest of the pattern may match nothing (all optional).
    private let accepting: UInt64
    /// True when the empty string matches.
    private let acceptsEmpty: Bool
    /// For each ASCII scalar, the atoms whose test holds for it.
    private let asciiMatches: [UInt64]
    /// The same language on ASCII text as a DFA, when it has at most `stateLimit` states: state `s`
    /// (1 is the start, 0 is dead) reading byte `b` goes to `transitions[s << 7 | b]`.
    private let transitions: [UInt8]?
    /// Bit `s` set when DFA state `s` accepts.
    private let acceptingStates: UInt64

    /// The most DFA states (one bit each in `acceptingStates`).
    static let stateLimit = 64

    /// True when ASCII text is matched by the DFA.
    var hasDFA: Bool { transitions != nil }

    /// The most atoms a pattern may expand to here (one bit each).
    static let atomLimit = 64

    /// The matcher of `tree`, or `nil` when it is not an anchored sequence of single-scalar atoms
    /// (captures are fine: a search never reads them back when there are no backreferences).
    init?(_ tree: RegexNode) {
        guard case .sequence(let nodes) = tree, nodes.count >= 2,
              case .assertion(.start) = nodes[0], case .assertion(.end) = nodes[nodes.count - 1] else { return nil }
        var tests: [ScalarTest] = []
        var optional: [Bool] = []
        var repeats: [Bool] = []
        func add(_ test: ScalarTest, isOptional: Bool, repeats repeated: Bool) {
            tests.append(test)
            optional.append(isOptional)
            repeats.append(repeated)
        }
        for node in nodes.dropFirst().dropLast() {
            if let test = RegexCompiler.scalarTest(node, capturesMatter: false) {
                add(test, isOptional: false, repeats: false)
                continue
            }
            guard case .quantified(let body, let min, let max, _, _) = node,
                  let test = RegexCompiler.scalarTest(body, capturesMatter: false),
                  min <= Self.atomLimit, (max ?? min) - min <= Self.atomLimit else { return nil }
            // `a{2,4}` is `a a a? a?`; `a{2,}` is `a a+`; `a*` is one optional repeated atom.
            for _ in 0..<min { add(test, isOptional: false, repeats: false) }
            if let max {
                for _ in min..<Swift.max(min, max) { add(test, isOptional: true, repeats: false) }
            } else if min > 0 {
                repeats[repeats.count - 1] = true
            } else {
                add(test, isOptional: true, repeats: true)
            }
            if tests.count > Self.atomLimit { return nil }
        }
        guard tests.count <= Self.atomLimit else { return nil }
        // The atoms that may read next after position `after` (-1: the start): each following atom
        // up to and including the first that is not optional.
        func reachable(after: Int) -> (atoms: UInt64, toEnd: Bool) {
            var atoms: UInt64 = 0
            for next in (after + 1)..<tests.count {
                atoms |= 1 << UInt64(next)
                if !optional[next] { return (atoms, false) }
            }
            return (atoms, true)
        }
        var follow: [UInt64] = []
        var accepting: UInt64 = 0
        for atom in tests.indices {
            let (atoms, toEnd) = reachable(after: atom)
            follow.append(atoms | (repeats[atom] ? 1 << UInt64(atom) : 0))
            if toEnd { accepting |= 1 << UInt64(atom) }
        }
        let classes = tests.map(ScalarClass.init)
        (first, acceptsEmpty) = reachable(after: -1)
        self.tests = classes
        self.follow = follow
        self.accepting = accepting
        asciiMatches = (0..<UInt32(128)).map { scalar in
            classes.indices.reduce(UInt64(0)) { $0 | (classes[$1].contains(scalar) ? 1 << UInt64($1) : 0) }
        }
        (transitions, acceptingStates) = Self.asciiDFA(first: first, acceptsEmpty: acceptsEmpty, follow: follow,
                                                       accepting: accepting, asciiMatches: asciiMatches) ?? (nil, 0)
    }

    /// The DFA of the sets of atoms that can have read the text so far (subset construction over
    /// ASCII bytes), or `nil` past `stateLimit` states.
    private static func asciiDFA(first: UInt64, acceptsEmpty: Bool, follow: [UInt64], accepting: UInt64,
                                 asciiMatches: [UInt64]) -> (transitions: [UInt8], accepting: UInt64)? {
        // State 1 is the start (nothing read); each later state is a set of atoms that read the last byte.
        var sets: [UInt64] = [0, 0]
        var ids: [UInt64: Int] = [:]
        var acceptingStates: UInt64 = acceptsEmpty ? 1 << 1 : 0
        var transitions = [UInt8](repeating: 0, count: 2 << 7)
        var state = 1
        while state < sets.count {
            let candidates = state == 1 ? first : Self.union(of: sets[state], in: follow)
            for byte in 0..<128 {
                let matched = candidates & asciiMatches[byte]
                guard matched != 0 else { continue }
                let next: Int
                if let known = ids[matched] {
                    next = known
                } else {
                    guard sets.count < stateLimit else { return nil }
                    next = sets.count
                    ids[matched] = next
                    sets.append(matched)
                    transitions += [UInt8](repeating: 0, count: 128)
                    if matched & accepting != 0 { acceptingStates |= 1 << UInt64(next) }
                }
                transitions[state << 7 | byte] = UInt8(next)
            }
            state += 1
        }
        return (transitions, acceptingStates)
    }

    /// The atoms that may read after any atom of `matched`.
    @inline(__always)
    private static func union(of matched: UInt64, in follow: [UInt64]) -> UInt64 {
        var candidates: UInt64 = 0
        var remaining = matched
        while remaining != 0 {
            candidates |= follow[remaining.trailingZeroBitCount]
            remaining &= remaining - 1
        }
        return candidates
    }

    /// True when the whole text of these (valid UTF-8) bytes matches: by the DFA while the text is
    /// ASCII, else (from the start) by the sets of atoms.
    func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let transitions else { return matchesByAtoms(bytes) }
        return transitions.withUnsafeBufferPointer { table in
            var state = 1
            for byte in bytes {
                guard byte < 0x80 else { return matchesByAtoms(bytes) }
                state = Int(table[state << 7 | Int(byte)])
                if state == 0 { return false }
            }
            return acceptingStates >> UInt64(state) & 1 != 0
        }
    }

    /// `matches`, carrying the set of atoms that may read the next scalar.
    private func matchesByAtoms(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return acceptsEmpty }
        var candidates = first
        var matched: UInt64 = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                matched = candidates & asciiMatches[Int(lead)]
                index += 1
            } else {
                let (scalar, length) = Self.decode(bytes, at: index)
                matched = 0
                var remaining = candidates
                while remaining != 0 {
                    let atom = remaining.trailingZeroBitCount
                    if tests[atom].contains(scalar) { matched |= 1 << UInt64(atom) }
                    remaining &= remaining - 1
                }
                index += length
            }
            if matched == 0 { return false }
            candidates = Self.union(of: matched, in: follow)
        }
        return matched & accepting != 0
    }

    /// The scalar of the multi-byte sequence at `index` (valid UTF-8), and its length.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var scalar = lead & (0xFF >> UInt32(length + 1))
        for offset in 1..<length where index + offset < bytes.count {
            scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (scalar, length)
    }
}
