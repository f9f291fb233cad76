/// IPv4 dotted quads (RFC 2673 section 3.2) and IPv6 text (RFC 4291 section 2.2), without zone ids.
enum IPAddressFormat {
    /// Whether `bytes` is four decimal octets 0–255 without leading zeros.
    static func isIPv4(_ bytes: ByteSlice) -> Bool {
        var index = bytes.startIndex
        var octets = 0
        while true {
            let start = index
            var value = 0
            while index < bytes.endIndex, let digit = ASCII.digit(bytes[index]), index - start < 3 {
                value = value * 10 + digit
                index += 1
            }
            let length = index - start
            guard length > 0, value <= 255, length == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
            octets += 1
            if octets == 4 { return index == bytes.endIndex }
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") else { return false }
            index += 1
        }
    }

    /// Whether `bytes` is an IPv6 address, with at most one `::` and an optional trailing IPv4 part.
    static func isIPv6(_ bytes: ByteSlice) -> Bool {
        let end = bytes.endIndex
        var index = bytes.startIndex
        var groups = 0
        var compressed = false
        let colon = UInt8(ascii: ":")
        if index < end, bytes[index] == colon {
            guard index + 1 < end, bytes[index + 1] == colon else { return false }
            compressed = true
            index += 2
        }
        while index < end {
            let start = index
            while index < end, ASCII.isHexDigit(bytes[index]) { index += 1 }
            if index < end, bytes[index] == UInt8(ascii: ".") {
                // An embedded IPv4 address fills the last two groups and must end the address.
                guard isIPv4(bytes[start..<end]) else { return false }
                groups += 2
                break
            }
            guard index - start >= 1, index - start <= 4 else { return false }
            groups += 1
            if index == end { break }
            guard bytes[index] == colon, index + 1 < end else { return false }
            index += 1
            if bytes[index] == colon {
                guard !compressed else { return false }
                compressed = true
                index += 1
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }
}
