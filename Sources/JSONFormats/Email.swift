/// RFC 5321 `Mailbox` addresses and their RFC 6531 internationalized form.
enum EmailFormat {
    /// RFC 5321 section 4.5.3.1.1: at most 64 octets before the `@`.
    private static let maximumLocalPartLength = 64

    /// Whether `string` is `Local-part "@" ( Domain / address-literal )`; `international` admits UTF-8.
    static func isEmail(_ string: String, international: Bool) -> Bool {
        let domainOffset = string.withUTF8Bytes { bytes -> Int? in
            guard let end = localPartEnd(bytes, international: international), end <= maximumLocalPartLength,
                  bytes.byte(at: end) == UInt8(ascii: "@")
            else { return nil }
            return end + 1
        }
        guard let domainOffset else { return false }
        let domain = string.utf8.dropFirst(domainOffset)
        if domain.first == UInt8(ascii: "[") { return string.withUTF8Bytes { isAddressLiteral($0[domainOffset...]) } }
        return international
            ? HostnameFormat.isIDNHostname(Substring(domain), requiresNFC: false)
            : HostnameFormat.isHostname(Substring(domain))
    }

    /// The index just past a `Dot-string` or `Quoted-string` local part, or nil when there is none.
    private static func localPartEnd(_ bytes: Bytes, international: Bool) -> Int? {
        var index = 0
        if bytes.byte(at: 0) == UInt8(ascii: "\"") {
            index = 1
            while true {
                let byte = bytes.byte(at: index)
                switch byte {
                case UInt8(ascii: "\""):
                    return index + 1
                case UInt8(ascii: "\\"):
                    // quoted-pairSMTP: a backslash followed by any printable ASCII or space.
                    guard (0x20...0x7E).contains(bytes.byte(at: index + 1)) else { return nil }
                    index += 2
                case 0x20...0x7E:
                    index += 1
                case 0x80...0xFF where international:
                    index += 1
                default:
                    return nil
                }
            }
        }
        // Dot-string: atoms of atext with single dots only between them.
        var atomStart = 0
        while true {
            let byte = bytes.byte(at: index)
            if isAtext(byte) || (international && byte >= 0x80) {
                index += 1
            } else if byte == UInt8(ascii: "."), index > atomStart {
                index += 1
                atomStart = index
            } else {
                return index > atomStart ? index : nil
            }
        }
    }

    /// Whether `byte` is RFC 5322 `atext`: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    private static func isAtext(_ byte: UInt8) -> Bool {
        if ASCII.isAlpha(byte) || ASCII.isDigit(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether `literal` is `[IPv4]` or `[IPv6:address]`.
    ///
    /// General address literals (`[tag:content]`) need an IANA-registered tag, and none but `IPv6` exists.
    private static func isAddressLiteral(_ literal: ByteSlice) -> Bool {
        guard literal.count >= 2, literal.first == UInt8(ascii: "["), literal.last == UInt8(ascii: "]") else {
            return false
        }
        let inner = literal.dropFirst().dropLast()
        let tag = inner.prefix(5).map { ASCII.isAlpha($0) ? $0 | 0x20 : $0 }
        if tag.elementsEqual("ipv6:".utf8) { return IPAddressFormat.isIPv6(inner.dropFirst(5)) }
        return IPAddressFormat.isIPv4(inner)
    }
}
