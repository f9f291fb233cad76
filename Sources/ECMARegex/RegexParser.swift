/// Parses ECMA-262 pattern syntax with the `u` flag into a `RegexNode` tree.
struct RegexParser {
    private let scalars: [UInt32]
    private var index = 0
    private(set) var captureCount = 0
    private var groupNames: [String: Int] = [:]
    private var depth = 0
    private var hasNamedReferences = false

    /// Nesting beyond this is refused rather than risking the stack.
    static let maxDepth = 500

    init(_ pattern: String) {
        scalars = pattern.unicodeScalars.map(\.value)
    }

    mutating func parse() throws(RegexSyntaxError) -> RegexNode {
        let tree = try parseDisjunction()
        if index < scalars.count {
            throw error(scalars[index] == 0x29 ? "unmatched ')'" : "unexpected character", at: index)
        }
        return hasNamedReferences ? try resolveNames(tree) : tree
    }

    private func error(_ message: String, at offset: Int) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: offset)
    }

    private var current: UInt32? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ ascii: Character) -> Bool { current == ascii.unicodeScalars.first!.value }

    private mutating func eat(_ ascii: Character) -> Bool {
        guard peek(ascii) else { return false }
        index += 1
        return true
    }

    // MARK: Structure

    private mutating func parseDisjunction() throws(RegexSyntaxError) -> RegexNode {
        var alternatives = [try parseAlternative()]
        while eat("|") { alternatives.append(try parseAlternative()) }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseAlternative() throws(RegexSyntaxError) -> RegexNode {
        var terms: [RegexNode] = []
        while let scalar = current, scalar != 0x7C, scalar != 0x29 {
            terms.append(try parseTerm())
        }
        switch terms.count {
        case 0: return .empty
        case 1: return terms[0]
        default: return .sequence(terms)
        }
    }

    private mutating func parseTerm() throws(RegexSyntaxError) -> RegexNode {
        let start = index
        let atom: RegexNode
        var quantifiable = true
        switch current {
        case 0x5E: index += 1; return .assertion(.start)
        case 0x24: index += 1; return .assertion(.end)
        case 0x5C where index + 1 < scalars.count && (scalars[index + 1] == 0x62 || scalars[index + 1] == 0x42):
            index += 2
            return .assertion(scalars[index - 1] == 0x62 ? .wordBoundary : .notWordBoundary)
        case 0x28:
            let (group, isLookaround) = try parseGroup()
            atom = group
            quantifiable = !isLookaround
        case 0x2E: index += 1; atom = .anyExceptLineTerminator
        case 0x5B: atom = .set(try parseClass())
        case 0x5C: atom = try parseAtomEscape()
        case 0x2A, 0x2B, 0x3F: throw error("nothing to repeat", at: index)
        case 0x7B: throw error("lone '{' (escape it as \\{)", at: index)
        case 0x7D: throw error("lone '}' (escape it as \\})", at: index)
        case 0x5D: throw error("lone ']' (escape it as \\])", at: index)
        case let scalar?: index += 1; atom = .scalar(scalar)
        case nil: throw error("unexpected end of pattern", at: index)
        }
        guard let (min, max) = try parseQuantifier() else { return atom }
        guard quantifiable else { throw error("a lookahead or lookbehind cannot be repeated", at: start) }
        let greedy = !eat("?")
        return .quantified(atom, min: min, max: max, greedy: greedy, offset: start)
    }

    private mutating func parseQuantifier() throws(RegexSyntaxError) -> (Int, Int?)? {
        switch current {
        case 0x2A: index += 1; return (0, nil)
        case 0x2B: index += 1; return (1, nil)
        case 0x3F: index += 1; return (0, 1)
        case 0x7B:
            let start = index
            index += 1
            guard let min = parseDecimal() else { throw error("lone '{' (escape it as \\{)", at: start) }
            var max: Int? = min
            if eat(",") { max = parseDecimal() }
            guard eat("}") else { throw error("incomplete quantifier", at: start) }
            if let max, max < min { throw error("numbers out of order in {} quantifier", at: start) }
            return (min, max)
        default:
            return nil
        }
    }

    private mutating func parseDecimal() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = current, scalar >= 0x30, scalar <= 0x39 {
            value = min(value * 10 + Int(scalar - 0x30), 1_000_000)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    private mutating func parseGroup() throws(RegexSyntaxError) -> (RegexNode, isLookaround: Bool) {
        let start = index
        index += 1
        depth += 1
        defer { depth -= 1 }
        if depth > RegexParser.maxDepth { throw error("groups nested too deeply", at: start) }
        var capture: Int?
        var lookaround: (ahead: Bool, negated: Bool)?
        if eat("?") {
            if eat(":") {
            } else if eat("=") {
                lookaround = (true, false)
            } else if eat("!") {
                lookaround = (true, true)
            } else if eat("<") {
                if eat("=") {
                    lookaround = (false, false)
                } else if eat("!") {
                    lookaround = (false, true)
                } else {
                    let name = try parseGroupName()
                    captureCount += 1
                    guard groupNames[name] == nil else { throw error("duplicate group name '\(name)'", at: start) }
                    groupNames[name] = captureCount
                    capture = captureCount
                }
            } else {
                throw error("invalid group", at: start)
            }
        } else {
            captureCount += 1
            capture = captureCount
        }
        let body = try parseDisjunction()
        guard eat(")") else { throw error("unterminated group", at: start) }
        if let lookaround { return (.lookaround(body, ahead: lookaround.ahead, negated: lookaround.negated), true) }
        return (.group(body, capture: capture), false)
    }

    private mutating func parseGroupName() throws(RegexSyntaxError) -> String {
        let start = index
        var name = ""
        while let scalar = current, scalar != 0x3E {
            guard let value = Unicode.Scalar(scalar), value.properties.isIDContinue || scalar == 0x24 else {
                throw error("invalid group name", at: index)
            }
            if name.isEmpty, !(value.properties.isIDStart || scalar == 0x24 || scalar == 0x5F) { throw error("invalid group name", at: index) }
            name.unicodeScalars.append(value)
            index += 1
        }
        guard eat(">"), !name.isEmpty else { throw error("invalid group name", at: start) }
        return name
    }

    // MARK: Escapes

    private mutating func parseAtomEscape() throws(RegexSyntaxError) -> RegexNode {
        let start = index
        index += 1
        guard let scalar = current else { throw error("\\ at end of pattern", at: start) }
        switch scalar {
        case 0x31...0x39:
            guard let number = parseDecimal() else { throw error("invalid escape", at: start) }
            return .backreference(number)
        case 0x6B:
            index += 1
            guard eat("<") else { throw error("invalid named reference", at: start) }
            let name = try parseGroupName()
            hasNamedReferences = true
            return .namedBackreference(name, offset: start)
        default:
            if let item = try parseClassEscape() { return .set(CharacterSet(items: [item])) }
            return .scalar(try parseCharacterEscape(start: start, inClass: false))
        }
    }

    /// `\d \D \s \S \w \W \p{…} \P{…}`, or `nil` (and nothing consumed) for other escapes.
    private mutating func parseClassEscape() throws(RegexSyntaxError) -> CharacterSet.Item? {
        guard let scalar = current else { return nil }
        switch scalar {
        case 0x64: index += 1; return .digit(negated: false)
        case 0x44: index += 1; return .digit(negated: true)
        case 0x73: index += 1; return .space(negated: false)
        case 0x53: index += 1; return .space(negated: true)
        case 0x77: index += 1; return .word(negated: false)
        case 0x57: index += 1; return .word(negated: true)
        case 0x70, 0x50:
            let start = index - 1
            index += 1
            guard eat("{") else { throw error("invalid property escape", at: start) }
            var name = ""
            while let next = current, next != 0x7D, let value = Unicode.Scalar(next) {
                name.unicodeScalars.append(value)
                index += 1
            }
            guard eat("}"), let property = UnicodeProperty(name: name) else {
                throw error("unknown Unicode property '\(name)'", at: start)
            }
            return .property(property, negated: scalar == 0x50)
        default:
            return nil
        }
    }

    /// One escaped character (after the backslash), in `u` mode.
    private mutating func parseCharacterEscape(start: Int, inClass: Bool) throws(RegexSyntaxError) -> UInt32 {
        guard let scalar = current else { throw error("\\ at end of pattern", at: start) }
        index += 1
        switch scalar {
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        case 0x76: return 0x0B
        case 0x62 where inClass: return 0x08
        case 0x2D where inClass: return 0x2D
        case 0x63:
            guard let letter = current, (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter) else {
                throw error("invalid control escape", at: start)
            }
            index += 1
            return letter % 32
        case 0x30:
            if let next = current, next >= 0x30, next <= 0x39 { throw error("invalid octal escape", at: start) }
            return 0
        case 0x78:
            guard let value = parseHex(count: 2) else { throw error("invalid \\x escape", at: start) }
            return value
        case 0x75:
            return try parseUnicodeEscape(start: start)
        case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C, 0x2F:
            return scalar
        default:
            throw error("invalid escape '\\\(Unicode.Scalar(scalar).map(String.init) ?? "?")'", at: start)
        }
    }

    private mutating func parseUnicodeEscape(start: Int) throws(RegexSyntaxError) -> UInt32 {
        if eat("{") {
            var value: UInt32 = 0
            var digits = 0
            while let scalar = current, let digit = RegexParser.hexValue(scalar) {
                value = value * 16 + digit
                digits += 1
                index += 1
                if value > 0x10FFFF { throw error("\\u{…} escape beyond U+10FFFF", at: start) }
            }
            guard digits > 0, eat("}") else { throw error("invalid \\u{…} escape", at: start) }
            return value
        }
        guard let high = parseHex(count: 4) else { throw error("invalid \\u escape", at: start) }
        // A surrogate pair written as two escapes is one scalar in `u` mode.
        if (0xD800...0xDBFF).contains(high), index + 5 < scalars.count + 0, scalars[index] == 0x5C, scalars[index + 1] == 0x75 {
            let save = index
            index += 2
            if let low = parseHex(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            index = save
        }
        return high
    }

    private mutating func parseHex(count: Int) -> UInt32? {
        guard index + count <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let digit = RegexParser.hexValue(scalars[index + offset]) else { return nil }
            value = value * 16 + digit
        }
        index += count
        return value
    }

    private static func hexValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: return scalar - 0x30
        case 0x41...0x46: return scalar - 0x41 + 10
        case 0x61...0x66: return scalar - 0x61 + 10
        default: return nil
        }
    }

    // MARK: Classes

    private mutating func parseClass() throws(RegexSyntaxError) -> CharacterSet {
        let start = index
        index += 1
        var set = CharacterSet()
        set.negated = eat("^")
        while true {
            guard let scalar = current else { throw error("unterminated character class", at: start) }
            if scalar == 0x5D {
                index += 1
                return set
            }
            let atomStart = index
            let first = try parseClassAtom()
            if peek("-"), index + 1 < scalars.count, scalars[index + 1] != 0x5D {
                index += 1
                let second = try parseClassAtom()
                guard case .range(let low, _) = first, case .range(let high, _) = second else {
                    throw error("a class escape cannot be a range endpoint", at: atomStart)
                }
                guard low <= high else { throw error("range out of order in character class", at: atomStart) }
                set.items.append(.range(low, high))
            } else {
                set.items.append(first)
            }
        }
    }

    private mutating func parseClassAtom() throws(RegexSyntaxError) -> CharacterSet.Item {
        guard let scalar = current else { throw error("unterminated character class", at: index) }
        if scalar == 0x5C {
            let start = index
            index += 1
            if let item = try parseClassEscape() { return item }
            let value = try parseCharacterEscape(start: start, inClass: true)
            return .range(value, value)
        }
        index += 1
        return .range(scalar, scalar)
    }

    // MARK: Named references

    private func resolveNames(_ node: RegexNode) throws(RegexSyntaxError) -> RegexNode {
        switch node {
        case .namedBackreference(let name, let offset):
            guard let number = groupNames[name] else { throw error("no group named '\(name)'", at: offset) }
            return .backreference(number)
        case .sequence(let nodes):
            var resolved: [RegexNode] = []
            for child in nodes { resolved.append(try resolveNames(child)) }
            return .sequence(resolved)
        case .alternation(let nodes):
            var resolved: [RegexNode] = []
            for child in nodes { resolved.append(try resolveNames(child)) }
            return .alternation(resolved)
        case .group(let body, let capture): return .group(try resolveNames(body), capture: capture)
        case .quantified(let body, let min, let max, let greedy, let offset):
            return .quantified(try resolveNames(body), min: min, max: max, greedy: greedy, offset: offset)
        case .lookaround(let body, let ahead, let negated):
            return .lookaround(try resolveNames(body), ahead: ahead, negated: negated)
        default:
            return node
        }
    }
}
