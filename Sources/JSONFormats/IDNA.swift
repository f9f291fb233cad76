/// IDNA2008 code point validity (RFC 5892) and the contextual rules of its appendix A.
enum IDNA {
    /// The derived property value of a code point, with UNASSIGNED folded into `disallowed`.
    enum Property: Equatable {
        case protocolValid, contextJ, contextO, disallowed
    }

    /// Computes the RFC 5892 section 3 derived property from the Unicode data the standard library carries.
    static func property(of scalar: Unicode.Scalar) -> Property {
        let value = scalar.value
        switch value {
        // Exceptions (section 2.6) take precedence over every category.
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007:
            return .protocolValid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9:
            return .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B:
            return .disallowed
        case 0x2D, 0x30...0x39, 0x61...0x7A:
            return .protocolValid
        case 0x200C, 0x200D:
            return .contextJ
        // Ignorable blocks (D) and old Hangul jamo (I).
        case 0x20D0...0x20FF, 0x1D100...0x1D24F, 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF:
            return .disallowed
        default:
            break
        }
        let properties = scalar.properties
        // Unstable (B) is exactly "changes under NFKC case folding"; then the ignorable properties (C).
        guard properties.generalCategory != .unassigned, !properties.changesWhenNFKCCaseFolded,
              !properties.isDefaultIgnorableCodePoint, !properties.isWhitespace,
              !properties.isNoncharacterCodePoint
        else { return .disallowed }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter,
             .nonspacingMark, .spacingMark:
            return .protocolValid
        default:
            return .disallowed
        }
    }

    /// Whether `scalar` is a combining mark, which may not begin a label (RFC 5891 section 5.4).
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether the CONTEXTJ or CONTEXTO code point at `index` of `label` satisfies its rule (appendix A).
    static func satisfiesContextRule(_ label: [Unicode.Scalar], at index: Int) -> Bool {
        let before = index > 0 ? label[index - 1].value : nil
        let after = index + 1 < label.count ? label[index + 1].value : nil
        switch label[index].value {
        case 0x200C:
            return isVirama(before) || hasJoiningContext(label, around: index)
        case 0x200D:
            return isVirama(before)
        case 0x00B7:
            return before == 0x6C && after == 0x6C
        case 0x0375:
            return after.map(Scripts.isGreek) ?? false
        case 0x05F3, 0x05F4:
            return before.map(Scripts.isHebrew) ?? false
        case 0x30FB:
            return label.contains { $0.value != 0x30FB && Scripts.isHiraganaKatakanaOrHan($0.value) }
        case 0x0660...0x0669:
            return !label.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9:
            return !label.contains { (0x0660...0x0669).contains($0.value) }
        default:
            return false
        }
    }

    /// Whether `value` has Canonical_Combining_Class Virama (9).
    private static func isVirama(_ value: UInt32?) -> Bool {
        guard let value, let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.canonicalCombiningClass.rawValue == 9
    }

    /// The ZERO WIDTH NON-JOINER regular expression `(L|D) T* ZWNJ T* (R|D)` around `index`.
    private static func hasJoiningContext(_ label: [Unicode.Scalar], around index: Int) -> Bool {
        var left = index - 1
        while left >= 0, JoiningType.of(label[left]) == .transparent { left -= 1 }
        var right = index + 1
        while right < label.count, JoiningType.of(label[right]) == .transparent { right += 1 }
        guard left >= 0, right < label.count else { return false }
        let leftType = JoiningType.of(label[left])
        let rightType = JoiningType.of(label[right])
        return (leftType == .leftJoining || leftType == .dual) && (rightType == .rightJoining || rightType == .dual)
    }
}

/// Script membership for the contextual rules, by the ranges those scripts occupy.
///
/// The standard library exposes no Script property, so these are the blocks' script-specific parts.
enum Scripts {
    /// Whether `value` is in the Greek script.
    static func isGreek(_ value: UInt32) -> Bool {
        switch value {
        case 0x0374, 0x037E, 0x0385, 0x0387: return false
        case 0x0370...0x03E1, 0x03F0...0x03FF, 0x1D26...0x1D2A, 0x1D5D...0x1D61, 0x1D66...0x1D6A, 0x1DBF,
             0x1F00...0x1FFF, 0x2126, 0xAB65, 0x10140...0x1018F, 0x101A0, 0x1D200...0x1D24F:
            return true
        default: return false
        }
    }

    /// Whether `value` is in the Hebrew script.
    static func isHebrew(_ value: UInt32) -> Bool {
        switch value {
        case 0x0591...0x05C7, 0x05D0...0x05EA, 0x05EF...0x05F4, 0xFB1D...0xFB4F: return true
        default: return false
        }
    }

    /// Whether `value` is Hiragana, Katakana or Han, as KATAKANA MIDDLE DOT requires.
    static func isHiraganaKatakanaOrHan(_ value: UInt32) -> Bool {
        switch value {
        case 0x3041...0x3096, 0x309D...0x309F, 0x1B001...0x1B11F, 0x1B132, 0x1B150...0x1B152, 0x1F200: return true
        case 0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357,
             0xFF66...0xFF6F, 0xFF71...0xFF9D, 0x1AFF0...0x1B000, 0x1B120...0x1B122, 0x1B155, 0x1B164...0x1B167:
            return true
        case 0x2E80...0x2FD5, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0x16FE2, 0x16FE3, 0x16FF0, 0x16FF1, 0x20000...0x3FFFF:
            return true
        default: return false
        }
    }
}

/// The Unicode Joining_Type values the ZERO WIDTH NON-JOINER rule distinguishes.
enum JoiningType: Equatable {
    case leftJoining, rightJoining, dual, transparent, nonJoining

    /// The joining type of `scalar`, from the cursive scripts' letter tables and the transparent mark classes.
    static func of(_ scalar: Unicode.Scalar) -> JoiningType {
        let value = scalar.value
        switch value {
        case 0x0622...0x0625, 0x0627, 0x0629, 0x062F...0x0632, 0x0648, 0x0671...0x0673, 0x0675...0x0677,
             0x0688...0x0699, 0x06C0, 0x06C3...0x06CB, 0x06CD, 0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF,
             0x0759...0x075B, 0x076B, 0x076C, 0x0771, 0x0773, 0x0774, 0x0778, 0x0779,
             0x0710, 0x0715...0x0719, 0x071E, 0x0728, 0x072A, 0x072C, 0x072F, 0x074D:
            return .rightJoining
        case 0x0620, 0x0626, 0x0628, 0x062A...0x062E, 0x0633...0x063F, 0x0641...0x0647, 0x0649, 0x064A,
             0x066E, 0x066F, 0x0678...0x0687, 0x069A...0x06BF, 0x06C1, 0x06C2, 0x06CC, 0x06CE, 0x06D0, 0x06D1,
             0x06FA...0x06FC, 0x06FF, 0x0750...0x077F,
             0x0712...0x0714, 0x071A...0x071D, 0x071F...0x0727, 0x0729, 0x072B, 0x072D, 0x072E, 0x074E, 0x074F,
             0x07CA...0x07EA, 0x1820...0x1878, 0x1E900...0x1E943:
            return .dual
        case 0xA872:
            return .leftJoining
        case 0x200C, 0x200D:
            return .nonJoining
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return .transparent
            default: return .nonJoining
            }
        }
    }
}
