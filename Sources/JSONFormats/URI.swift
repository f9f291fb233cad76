/// RFC 3986 URIs and URI references, and their RFC 3987 IRI counterparts, checked in one pass over UTF-8.
enum URIFormat {
    /// Whether `bytes` is a URI (or IRI when `international`); without `requiresScheme`, any reference.
    static func isValid(_ bytes: Bytes, requiresScheme: Bool, international: Bool) -> Bool {
        var parser = URIParser(bytes: bytes, international: international)
        return parser.parseReference(requiresScheme: requiresScheme)
    }
}

/// The grammar rule whose characters are being scanned, which decides the allowed delimiters.
enum URIComponent: Int, CaseIterable {
    case userinfo, host, segment, firstRelativeSegment, query, fragment
}

/// Character classes from RFC 3986 section 2 and RFC 3987 section 2.2.
enum URICharacters {
    /// Whether `byte` is `unreserved` (ALPHA / DIGIT / "-" / "." / "_" / "~").
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        ASCII.isAlpha(byte) || ASCII.isDigit(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    /// Whether `byte` is one of the `sub-delims` `!$&'()*+,;=`.
    @inline(__always)
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Whether the ASCII `byte` may appear literally (not percent-encoded) in `component`.
    @inline(__always)
    static func allows(_ byte: UInt8, in component: URIComponent) -> Bool {
        if isUnreserved(byte) || isSubDelimiter(byte) { return true }
        switch byte {
        case UInt8(ascii: ":"):
            return component != .host && component != .firstRelativeSegment
        case UInt8(ascii: "@"):
            return component != .host && component != .userinfo
        case UInt8(ascii: "/"), UInt8(ascii: "?"):
            return component == .query || component == .fragment
        default:
            return false
        }
    }

    /// The ASCII bytes each component allows literally, as two 64-bit masks (bytes 0–63, 64–127),
    /// made once from `allows`: a scan tests a byte with one shift instead of a chain of comparisons.
    static let allowedMasks: [(low: UInt64, high: UInt64)] = URIComponent.allCases.map { component in
        (0..<UInt8(128)).reduce((low: UInt64(0), high: UInt64(0))) { masks, byte in
            guard allows(byte, in: component) else { return masks }
            return byte < 64 ? (masks.low | 1 << UInt64(byte), masks.high) : (masks.low, masks.high | 1 << UInt64(byte - 64))
        }
    }

    /// Whether `value` is an RFC 3987 `ucschar`.
    static func isUCSChar(_ value: UInt32) -> Bool {
        switch value {
        case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
        case 0xE1000...0xEFFFD: return true
        case 0x10000...0xDFFFF: return value & 0xFFFF <= 0xFFFD
        default: return false
        }
    }

    /// Whether `value` is an RFC 3987 `iprivate` code point.
    static func isPrivateUse(_ value: UInt32) -> Bool {
        switch value {
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: return true
        default: return false
        }
    }
}

/// A cursor over the UTF-8 of one URI reference.
struct URIParser {
    /// The whole reference.
    let bytes: Bytes
    /// Whether non-ASCII `ucschar`s (and `iprivate` in queries) are allowed, making this an IRI parser.
    let international: Bool
    /// The next byte to read.
    var index = 0

    /// Creates a parser at the start of `bytes`.
    init(bytes: Bytes, international: Bool) {
        self.bytes = bytes
        self.international = international
    }

    /// Parses `URI` (with `requiresScheme`) or `URI-reference`, which must span all of `bytes`.
    mutating func parseReference(requiresScheme: Bool) -> Bool {
        let hasScheme = parseScheme()
        if requiresScheme && !hasScheme { return false }
        if bytes.byte(at: index) == UInt8(ascii: "/") && bytes.byte(at: index + 1) == UInt8(ascii: "/") {
            index += 2
            guard parseAuthority() else { return false }
        } else if bytes.byte(at: index) != UInt8(ascii: "/") {
            // A relative path's first segment may not hold ":", or it would read as a scheme.
            guard scan(hasScheme ? .segment : .firstRelativeSegment) else { return false }
        }
        while bytes.byte(at: index) == UInt8(ascii: "/") {
            index += 1
            guard scan(.segment) else { return false }
        }
        if bytes.byte(at: index) == UInt8(ascii: "?") {
            index += 1
            guard scan(.query) else { return false }
        }
        if bytes.byte(at: index) == UInt8(ascii: "#") {
            index += 1
            guard scan(.fragment) else { return false }
        }
        return index == bytes.count
    }

    /// Consumes `scheme ":"` if the reference starts with one.
    private mutating func parseScheme() -> Bool {
        guard ASCII.isAlpha(bytes.byte(at: 0)) else { return false }
        var end = 1
        while end < bytes.count {
            let byte = bytes[end]
            guard ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { break }
            end += 1
        }
        guard bytes.byte(at: end) == UInt8(ascii: ":") else { return false }
        index = end + 1
        return true
    }

    /// Parses `[ userinfo "@" ] host [ ":" port ]` up to the next `/`, `?`, `#` or the end.
    private mutating func parseAuthority() -> Bool {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
              bytes[end] != UInt8(ascii: "#") {
            end += 1
        }
        if bytes[index..<end].contains(UInt8(ascii: "@")) {
            guard scan(.userinfo), bytes.byte(at: index) == UInt8(ascii: "@") else { return false }
            index += 1
        }
        if bytes.byte(at: index) == UInt8(ascii: "[") {
            guard let close = bytes[index..<end].firstIndex(of: UInt8(ascii: "]")),
                  isIPLiteral(bytes[(index + 1)..<close])
            else { return false }
            index = close + 1
        } else {
            guard scan(.host) else { return false }
        }
        if bytes.byte(at: index) == UInt8(ascii: ":") {
            index += 1
            while index < end, ASCII.isDigit(bytes[index]) { index += 1 }
        }
        return index == end
    }

    /// Whether the text between `[` and `]` is an IPv6 address or an `IPvFuture`.
    private func isIPLiteral(_ literal: ByteSlice) -> Bool {
        guard let first = literal.first, first | 0x20 == UInt8(ascii: "v") else {
            return IPAddressFormat.isIPv6(literal)
        }
        var position = literal.startIndex + 1
        let versionStart = position
        while position < literal.endIndex, ASCII.isHexDigit(literal[position]) { position += 1 }
        guard position > versionStart, position < literal.endIndex, literal[position] == UInt8(ascii: ".") else {
            return false
        }
        let rest = literal[(position + 1)...]
        return !rest.isEmpty && rest.allSatisfy { byte in
            URICharacters.isUnreserved(byte) || URICharacters.isSubDelimiter(byte) || byte == UInt8(ascii: ":")
        }
    }

    /// Advances over the characters `component` allows; false on bad percent-encoding or a disallowed non-ASCII.
    ///
    /// Stops at the first ASCII byte the component does not allow, leaving the caller to judge it.
    private mutating func scan(_ component: URIComponent) -> Bool {
        let allowed = URICharacters.allowedMasks[component.rawValue]
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 64 ? allowed.low >> UInt64(byte) & 1 != 0 : byte < 128 && allowed.high >> UInt64(byte &- 64) & 1 != 0 {
                index += 1
            } else if byte == UInt8(ascii: "%") {
                guard ASCII.isHexDigit(bytes.byte(at: index + 1)), ASCII.isHexDigit(bytes.byte(at: index + 2)) else {
                    return false
                }
                index += 3
            } else if byte < 0x80 {
                return true
            } else {
                let scalar = bytes.scalar(at: index)
                guard international, URICharacters.isUCSChar(scalar.value)
                    || (component == .query && URICharacters.isPrivateUse(scalar.value))
                else { return false }
                index += scalar.length
            }
        }
        return true
    }
}
