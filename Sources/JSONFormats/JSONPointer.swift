/// RFC 6901 JSON Pointers and draft-handrews-relative-json-pointer-01 relative pointers.
enum JSONPointerFormat {
    /// Whether `bytes` is a JSON Pointer: empty, or `/`-prefixed tokens where `~` escapes only `0` or `1`.
    static func isJSONPointer(_ bytes: Bytes) -> Bool {
        isPointer(bytes, from: 0)
    }

    /// Whether `bytes` is a non-negative integer without leading zeros followed by `#` or a JSON Pointer.
    static func isRelativeJSONPointer(_ bytes: Bytes) -> Bool {
        var index = 0
        while ASCII.isDigit(bytes.byte(at: index)) { index += 1 }
        guard index > 0, index == 1 || bytes[0] != UInt8(ascii: "0") else { return false }
        if bytes.byte(at: index) == UInt8(ascii: "#") { return index + 1 == bytes.count }
        return isPointer(bytes, from: index)
    }

    /// Whether `bytes` from `start` to the end form a JSON Pointer.
    private static func isPointer(_ bytes: Bytes, from start: Int) -> Bool {
        guard start == bytes.count || bytes[start] == UInt8(ascii: "/") else { return false }
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "~") {
                let escaped = bytes.byte(at: index + 1)
                guard escaped == UInt8(ascii: "0") || escaped == UInt8(ascii: "1") else { return false }
                index += 2
            } else {
                index += 1
            }
        }
        return true
    }
}
