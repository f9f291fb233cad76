/// RFC 6570 URI Template syntax up to level 4.
enum URITemplateFormat {
    /// Whether `bytes` is a URI Template: literals and `{operator? varspec,...}` expressions.
    static func isURITemplate(_ bytes: Bytes) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                guard let next = expressionEnd(bytes, from: index + 1) else { return false }
                index = next
            } else if byte == UInt8(ascii: "%") {
                guard isPercentEncoded(bytes, at: index) else { return false }
                index += 3
            } else if byte < 0x80 {
                guard isLiteral(byte) else { return false }
                index += 1
            } else {
                let scalar = bytes.scalar(at: index)
                guard URICharacters.isUCSChar(scalar.value) || URICharacters.isPrivateUse(scalar.value) else {
                    return false
                }
                index += scalar.length
            }
        }
        return true
    }

    /// Whether the ASCII `byte` may stand for itself outside an expression.
    ///
    /// RFC 6570's `literals` rule omits the apostrophe (%x27), but the test suite and erratum
    /// consensus treat it as a literal like the other sub-delims.
    private static func isLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x24, 0x26...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E: return true
        default: return false
        }
    }

    /// Whether `%` at `index` starts a complete two-hex-digit escape.
    private static func isPercentEncoded(_ bytes: Bytes, at index: Int) -> Bool {
        bytes.byte(at: index) == UInt8(ascii: "%")
            && ASCII.isHexDigit(bytes.byte(at: index + 1)) && ASCII.isHexDigit(bytes.byte(at: index + 2))
    }

    /// Parses an expression body starting after `{`, returning the index after its `}`.
    ///
    /// The operators `=,!@|` are reserved for future extensions and have no defined expansion,
    /// so an expression using one is rejected.
    private static func expressionEnd(_ bytes: Bytes, from start: Int) -> Int? {
        var index = start
        switch bytes.byte(at: index) {
        case UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ";"),
             UInt8(ascii: "?"), UInt8(ascii: "&"):
            index += 1
        default:
            break
        }
        while true {
            guard let afterName = variableNameEnd(bytes, from: index) else { return nil }
            index = afterName
            if bytes.byte(at: index) == UInt8(ascii: "*") {
                index += 1
            } else if bytes.byte(at: index) == UInt8(ascii: ":") {
                // max-length is 1 to 9999 written without leading zeros.
                index += 1
                let digitsStart = index
                guard bytes.byte(at: index) != UInt8(ascii: "0") else { return nil }
                while ASCII.isDigit(bytes.byte(at: index)) { index += 1 }
                guard (1...4).contains(index - digitsStart) else { return nil }
            }
            switch bytes.byte(at: index) {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): return index + 1
            default: return nil
            }
        }
    }

    /// Parses `varname` (varchars with single dots between them), returning the index after it.
    private static func variableNameEnd(_ bytes: Bytes, from start: Int) -> Int? {
        guard var index = varcharEnd(bytes, at: start) else { return nil }
        while true {
            if let next = varcharEnd(bytes, at: index) {
                index = next
            } else if bytes.byte(at: index) == UInt8(ascii: "."), let next = varcharEnd(bytes, at: index + 1) {
                index = next
            } else {
                return index
            }
        }
    }

    /// The index after the `varchar` (ALPHA / DIGIT / "_" / pct-encoded) at `index`, or nil.
    private static func varcharEnd(_ bytes: Bytes, at index: Int) -> Int? {
        let byte = bytes.byte(at: index)
        if ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "_") { return index + 1 }
        return isPercentEncoded(bytes, at: index) ? index + 3 : nil
    }
}
