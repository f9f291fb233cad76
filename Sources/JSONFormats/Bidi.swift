/// The RFC 5893 Bidi rule for labels of a domain name that contains right-to-left text.
enum Bidi {
    /// The Bidi_Class values that can occur in a valid label.
    enum Direction: Equatable {
        case leftToRight, rightToLeft, arabicLetter, europeanNumber, arabicNumber, separator, nonspacingMark,
             boundaryNeutral, otherNeutral
    }

    /// The bidirectional class of `scalar`.
    ///
    /// The standard library exposes no Bidi_Class, so this derives it from the script ranges of the
    /// right-to-left scripts and the general category; it is exact for what IDNA labels can hold.
    static func direction(of scalar: Unicode.Scalar) -> Direction {
        let value = scalar.value
        switch value {
        case 0x2D: return .separator
        case 0x30...0x39, 0x06F0...0x06F9: return .europeanNumber
        case 0x0600...0x0605, 0x0660...0x0669, 0x066B, 0x066C, 0x06DD, 0x0890, 0x0891, 0x08E2: return .arabicNumber
        case 0x200C, 0x200D: return .boundaryNeutral
        default: break
        }
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark { return .nonspacingMark }
        switch value {
        case 0x0590...0x05FF, 0x07C0...0x085F, 0xFB1D...0xFB4F, 0x10800...0x10CFF, 0x10D40...0x10EBF,
             0x10F00...0x10F2F, 0x10F70...0x10FFF, 0x1E800...0x1EDFF, 0x1EF00...0x1EFFF:
            return .rightToLeft
        case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x10D00...0x10D3F,
             0x10EC0...0x10EFF, 0x10F30...0x10F6F, 0x1EC70...0x1ECBF, 0x1ED00...0x1ED4F, 0x1EE00...0x1EEFF:
            return .arabicLetter
        default:
            break
        }
        switch category {
        case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
             .decimalNumber, .letterNumber:
            return .leftToRight
        default:
            return .otherNeutral
        }
    }

    /// Whether a label holds right-to-left text, which makes its domain a "Bidi domain name".
    static func isRightToLeft(_ direction: Direction) -> Bool {
        direction == .rightToLeft || direction == .arabicLetter || direction == .arabicNumber
    }

    /// Whether `label` satisfies the six conditions of RFC 5893 section 2.
    static func satisfiesRule(_ label: [Unicode.Scalar]) -> Bool {
        let directions = label.map(direction(of:))
        guard let first = directions.first else { return false }
        // The last character that is not a nonspacing mark decides how the label ends.
        let last = directions.last { $0 != .nonspacingMark }
        switch first {
        case .rightToLeft, .arabicLetter:
            let allowed = directions.allSatisfy { $0 != .leftToRight }
            let endsWell = last.map { [.rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber].contains($0) }
            let mixesNumbers = directions.contains(.europeanNumber) && directions.contains(.arabicNumber)
            return allowed && endsWell == true && !mixesNumbers
        case .leftToRight:
            let allowed = directions.allSatisfy { !isRightToLeft($0) }
            return allowed && (last == .leftToRight || last == .europeanNumber)
        default:
            return false
        }
    }
}
