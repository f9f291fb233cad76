import FoundationEssentials

/// RFC 1123 host names and IDNA2008 (RFC 5890–5893) internationalized host names.
enum HostnameFormat {
    /// DNS limits in octets of the ASCII (A-label) form, without a trailing dot.
    private static let maximumNameLength = 253
    private static let maximumLabelLength = 63

    /// Whether `name` is an ASCII host name; `xn--` labels must be valid A-labels.
    static func isHostname(_ name: Substring) -> Bool {
        name.utf8.allSatisfy { $0 < 0x80 } && isIDNHostname(name, requiresNFC: true)
    }

    /// Whether `name` is a host name whose labels may also be U-labels, separated by any IDNA full stop.
    ///
    /// `requiresNFC` is off for e-mail domains, where RFC 6531 does not ask for normalised labels.
    static func isIDNHostname(_ name: Substring, requiresNFC: Bool) -> Bool {
        guard let labels = splitLabels(name) else { return false }
        var length = -1
        var isBidiDomain = false
        for label in labels {
            guard let measured = measure(label, requiresNFC: requiresNFC) else { return false }
            length += measured.encodedLength + 1
            isBidiDomain = isBidiDomain || measured.hasRightToLeft
        }
        guard length <= maximumNameLength else { return false }
        guard isBidiDomain else { return true }
        // RFC 5893: once any label is right-to-left, every label must satisfy the Bidi rule.
        return labels.allSatisfy { label in unicodeForm(of: label).map(Bidi.satisfiesRule) ?? false }
    }

    /// The labels of `name`, or nil when any is empty (which covers leading and trailing separators).
    private static func splitLabels(_ name: Substring) -> [Substring]? {
        var labels: [Substring] = []
        var start = name.startIndex
        var index = name.startIndex
        let scalars = name.unicodeScalars
        while index < scalars.endIndex {
            switch scalars[index].value {
            case 0x2E, 0x3002, 0xFF0E, 0xFF61:
                guard start < index else { return nil }
                labels.append(name[start..<index])
                index = scalars.index(after: index)
                start = index
            default:
                index = scalars.index(after: index)
            }
        }
        guard start < name.endIndex else { return nil }
        labels.append(name[start...])
        return labels
    }

    /// Validates one label, returning its A-label length and whether it holds right-to-left text.
    private static func measure(_ label: Substring, requiresNFC: Bool) -> (encodedLength: Int, hasRightToLeft: Bool)? {
        let utf8 = label.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            let scalars = Array(label.unicodeScalars)
            // Every scalar costs at least one octet of Punycode, so longer input cannot fit.
            guard scalars.count <= maximumLabelLength, isULabel(scalars, requiresNFC: requiresNFC) else { return nil }
            let encodedLength = 4 + Punycode.encode(scalars).count
            guard encodedLength <= maximumLabelLength else { return nil }
            return (encodedLength, containsRightToLeft(scalars))
        }
        guard utf8.count <= maximumLabelLength, utf8.first != UInt8(ascii: "-"), utf8.last != UInt8(ascii: "-"),
              utf8.allSatisfy({ ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        guard hasReservedHyphens(utf8, hyphen: UInt8(ascii: "-")) else { return (utf8.count, false) }
        // "??--" labels are reserved; only "xn--" ones are allowed, and only as well-formed A-labels.
        guard let scalars = decodeALabel(Array(utf8)), isULabel(scalars, requiresNFC: requiresNFC) else { return nil }
        return (utf8.count, containsRightToLeft(scalars))
    }

    /// The label as Unicode: decoded when it is an A-label, as written otherwise.
    private static func unicodeForm(of label: Substring) -> [Unicode.Scalar]? {
        let utf8 = Array(label.utf8)
        let isALabel = utf8.allSatisfy { $0 < 0x80 } && hasReservedHyphens(utf8, hyphen: UInt8(ascii: "-"))
        return isALabel ? decodeALabel(utf8) : Array(label.unicodeScalars)
    }

    /// Whether `characters` has `hyphen` at both its third and fourth positions (an RFC 5890 "R-LDH" label).
    private static func hasReservedHyphens<C: Collection>(_ characters: C, hyphen: C.Element) -> Bool
    where C.Element: Equatable {
        characters.dropFirst(2).prefix(2).elementsEqual(repeatElement(hyphen, count: 2))
    }

    /// Decodes an `xn--` label, requiring a non-ASCII result that re-encodes to the same text.
    private static func decodeALabel(_ label: [UInt8]) -> [Unicode.Scalar]? {
        guard label.count > 4, label[0] | 0x20 == UInt8(ascii: "x"), label[1] | 0x20 == UInt8(ascii: "n") else {
            return nil
        }
        let encoded = label.dropFirst(4).map { ASCII.isAlpha($0) ? $0 | 0x20 : $0 }
        guard let scalars = Punycode.decode(encoded), scalars.contains(where: { !$0.isASCII }),
              Punycode.encode(scalars).map({ ASCII.isAlpha($0) ? $0 | 0x20 : $0 }) == encoded
        else { return nil }
        return scalars
    }

    /// Whether `scalars` is a valid U-label under RFC 5891 section 5.4 and the RFC 5892 code point rules.
    private static func isULabel(_ scalars: [Unicode.Scalar], requiresNFC: Bool) -> Bool {
        guard let first = scalars.first, first != "-", scalars.last != "-",
              !hasReservedHyphens(scalars, hyphen: "-"), !IDNA.isCombiningMark(first)
        else { return false }
        for index in scalars.indices {
            switch IDNA.property(of: scalars[index]) {
            case .protocolValid:
                continue
            case .contextJ, .contextO:
                guard IDNA.satisfiesContextRule(scalars, at: index) else { return false }
            case .disallowed:
                return false
            }
        }
        return !requiresNFC || isNFC(scalars)
    }

    /// Whether `scalars` is already in Unicode Normalization Form C.
    private static func isNFC(_ scalars: [Unicode.Scalar]) -> Bool {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        // The standard library's own NFC (the form its string comparison uses), as UTF-8.
        let text = String(view)
        return text._nfcCodeUnits.elementsEqual(text.utf8)
    }

    /// Whether any scalar is right-to-left or an Arabic number, which makes the name a Bidi domain name.
    private static func containsRightToLeft(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { Bidi.isRightToLeft(Bidi.direction(of: $0)) }
    }
}
