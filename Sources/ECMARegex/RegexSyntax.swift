/// A parsed regular expression.
indirect enum RegexNode: Sendable {
    case empty
    case scalar(UInt32)
    case anyExceptLineTerminator
    case set(CharacterSet)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case group(RegexNode, capture: Int?)
    /// `offset` is where the repeated atom starts in the pattern, for errors.
    case quantified(RegexNode, min: Int, max: Int?, greedy: Bool, offset: Int)
    case assertion(RegexAssertion)
    case lookaround(RegexNode, ahead: Bool, negated: Bool)
    case backreference(Int)
    /// A `\k<name>` reference, resolved to a group number once every group is known.
    case namedBackreference(String, offset: Int)
}

/// Zero-width tests at a position.
enum RegexAssertion: Sendable {
    case start, end, wordBoundary, notWordBoundary
}

/// A set of scalars: ranges and predicates, possibly negated.
struct CharacterSet: Sendable {
    enum Item: Sendable {
        case range(UInt32, UInt32)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)
        case property(UnicodeProperty, negated: Bool)
    }

    var items: [Item] = []
    var negated = false

    func contains(_ scalar: UInt32) -> Bool {
        var found = false
        for item in items {
            let hit: Bool
            switch item {
            case .range(let low, let high): hit = scalar >= low && scalar <= high
            case .digit(let negated): hit = CharacterSet.isDigit(scalar) != negated
            case .word(let negated): hit = CharacterSet.isWord(scalar) != negated
            case .space(let negated): hit = CharacterSet.isSpace(scalar) != negated
            case .property(let property, let negated): hit = property.contains(scalar) != negated
            }
            if hit {
                found = true
                break
            }
        }
        return found != negated
    }

    static func isDigit(_ scalar: UInt32) -> Bool { scalar >= 0x30 && scalar <= 0x39 }

    static func isWord(_ scalar: UInt32) -> Bool {
        (scalar >= 0x61 && scalar <= 0x7A) || (scalar >= 0x41 && scalar <= 0x5A) || isDigit(scalar) || scalar == 0x5F
    }

    /// ECMA-262 WhiteSpace and LineTerminator.
    static func isSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default:
            guard scalar > 0x7F, let value = Unicode.Scalar(scalar) else { return false }
            return value.properties.generalCategory == .spaceSeparator
        }
    }

    static func isLineTerminator(_ scalar: UInt32) -> Bool {
        scalar == 0x0A || scalar == 0x0D || scalar == 0x2028 || scalar == 0x2029
    }
}

/// A Unicode property usable in `\p{…}`: general categories and a few binary properties.
struct UnicodeProperty: Sendable {
    let categories: Set<Unicode.GeneralCategory>
    let binary: BinaryProperty?

    enum BinaryProperty: Sendable {
        case alphabetic, whiteSpace, any, ascii, uppercase, lowercase, emoji
    }

    func contains(_ scalar: UInt32) -> Bool {
        guard let value = Unicode.Scalar(scalar) else { return binary == .any || categories.contains(.surrogate) }
        if let binary {
            switch binary {
            case .alphabetic: return value.properties.isAlphabetic
            case .whiteSpace: return value.properties.isWhitespace
            case .any: return true
            case .ascii: return scalar < 0x80
            case .uppercase: return value.properties.isUppercase
            case .lowercase: return value.properties.isLowercase
            case .emoji: return value.properties.isEmoji
            }
        }
        return categories.contains(value.properties.generalCategory)
    }

    /// The property named in `\p{name}` or `\p{General_Category=name}`; names match loosely
    /// (case, `_`, `-` and spaces ignored), so `digit` is `Decimal_Number`.
    init?(name: String) {
        var key = name
        if let equals = name.firstIndex(of: "=") {
            let property = UnicodeProperty.loose(String(name[..<equals]))
            guard property == "generalcategory" || property == "gc" else { return nil }
            key = String(name[name.index(after: equals)...])
        }
        let loose = UnicodeProperty.loose(key)
        if let binary = UnicodeProperty.binaryNames[loose] {
            categories = []
            self.binary = binary
            return
        }
        guard let categories = UnicodeProperty.categoryNames[loose] else { return nil }
        self.categories = categories
        binary = nil
    }

    private static func loose(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    private static let binaryNames: [String: BinaryProperty] = [
        "alphabetic": .alphabetic, "alpha": .alphabetic, "whitespace": .whiteSpace, "space": .whiteSpace,
        "any": .any, "ascii": .ascii, "uppercase": .uppercase, "upper": .uppercase,
        "lowercase": .lowercase, "lower": .lowercase, "emoji": .emoji,
    ]

    private static let categoryNames: [String: Set<Unicode.GeneralCategory>] = {
        let groups: [([String], [Unicode.GeneralCategory])] = [
            (["l", "letter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]),
            (["lc", "casedletter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
            (["lu", "uppercaseletter"], [.uppercaseLetter]), (["ll", "lowercaseletter"], [.lowercaseLetter]),
            (["lt", "titlecaseletter"], [.titlecaseLetter]), (["lm", "modifierletter"], [.modifierLetter]),
            (["lo", "otherletter"], [.otherLetter]),
            (["m", "mark", "combiningmark"], [.nonspacingMark, .spacingMark, .enclosingMark]),
            (["mn", "nonspacingmark"], [.nonspacingMark]), (["mc", "spacingmark"], [.spacingMark]),
            (["me", "enclosingmark"], [.enclosingMark]),
            (["n", "number"], [.decimalNumber, .letterNumber, .otherNumber]),
            (["nd", "decimalnumber", "digit"], [.decimalNumber]), (["nl", "letternumber"], [.letterNumber]),
            (["no", "othernumber"], [.otherNumber]),
            (["p", "punctuation", "punct"], [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                                              .initialPunctuation, .finalPunctuation, .otherPunctuation]),
            (["pc", "connectorpunctuation"], [.connectorPunctuation]), (["pd", "dashpunctuation"], [.dashPunctuation]),
            (["ps", "openpunctuation"], [.openPunctuation]), (["pe", "closepunctuation"], [.closePunctuation]),
            (["pi", "initialpunctuation"], [.initialPunctuation]), (["pf", "finalpunctuation"], [.finalPunctuation]),
            (["po", "otherpunctuation"], [.otherPunctuation]),
            (["s", "symbol"], [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]),
            (["sm", "mathsymbol"], [.mathSymbol]), (["sc", "currencysymbol"], [.currencySymbol]),
            (["sk", "modifiersymbol"], [.modifierSymbol]), (["so", "othersymbol"], [.otherSymbol]),
            (["z", "separator"], [.spaceSeparator, .lineSeparator, .paragraphSeparator]),
            (["zs", "spaceseparator"], [.spaceSeparator]), (["zl", "lineseparator"], [.lineSeparator]),
            (["zp", "paragraphseparator"], [.paragraphSeparator]),
            (["c", "other"], [.control, .format, .surrogate, .privateUse, .unassigned]),
            (["cc", "control", "cntrl"], [.control]), (["cf", "format"], [.format]), (["cs", "surrogate"], [.surrogate]),
            (["co", "privateuse"], [.privateUse]), (["cn", "unassigned"], [.unassigned]),
        ]
        var names: [String: Set<Unicode.GeneralCategory>] = [:]
        for (aliases, categories) in groups {
            for alias in aliases { names[alias] = Set(categories) }
        }
        return names
    }()
}
