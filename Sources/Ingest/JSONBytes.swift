import JSONCore

/// JSON written straight into bytes as it is produced: the bytes `JSONWriter.compact` writes for the
/// same value, without building the value first. Our table rows and ledger lines are made once and
/// written once, so building trees for them cost more than the rest of a survey archive's ingestion.
struct JSONBytes {
    /// What has been written.
    private(set) var bytes: [UInt8] = []
    /// Bit `n`: the container open at level `n` already holds something (the next needs a comma).
    private var holds: UInt64 = 0
    private var level = 0
    /// Whether a member's name was just written (its value needs no comma).
    private var afterKey = false

    /// Opens an object (as a value, where a value may go).
    mutating func beginObject() {
        separate()
        open(UInt8(ascii: "{"))
    }

    /// Closes the innermost object.
    mutating func endObject() {
        level -= 1
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array (as a value, where a value may go).
    mutating func beginArray() {
        separate()
        open(UInt8(ascii: "["))
    }

    /// Closes the innermost array.
    mutating func endArray() {
        level -= 1
        bytes.append(UInt8(ascii: "]"))
    }

    /// Ends a row: a line feed.
    mutating func endLine() {
        bytes.append(0x0A)
    }

    /// A member's name in the innermost object; the next value written is its value.
    mutating func key(_ name: String) {
        separate()
        JSONBytes.appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Members already written as JSON (`"a":1,"b":2`, no braces), after those of the innermost object.
    mutating func members(_ written: [UInt8]) {
        guard !written.isEmpty else { return }
        separate()
        bytes += written
    }

    /// A string, or `null`.
    mutating func string(_ text: String?) {
        separate()
        if let text { JSONBytes.appendString(text, to: &bytes) } else { appendNull() }
    }

    /// A string of UTF-8 bytes (a value's JSON text, say).
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        JSONBytes.appendString(utf8: utf8, to: &bytes)
    }

    /// An integer, or `null`.
    mutating func integer(_ number: Int?) {
        separate()
        if let number { bytes += String(number).utf8 } else { appendNull() }
    }

    /// Any value, or `null`; scalars written here, containers by `JSONWriter`.
    mutating func value(_ value: JSONValue?) {
        separate()
        JSONBytes.append(value ?? .null, to: &bytes)
    }

    /// An array of strings.
    mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// `value`'s JSON text, as `JSONWriter.compact` writes it.
    static func text(of value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    private static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes += "null".utf8
        case .bool(let flag): bytes += (flag ? "true" : "false").utf8
        case .number(let number): bytes += number.lexeme.utf8
        case .string(let text): appendString(text, to: &bytes)
        case .array, .object: bytes += JSONWriter.compact.bytes(value)
        }
    }

    private mutating func appendNull() {
        bytes += "null".utf8
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        level += 1
        holds &= ~(1 << UInt64(level & 63))
    }

    /// The comma before a value or member, unless it is the first of its container or a member's value.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        // Values at the top are rows of their own, one per line.
        guard level > 0 else { return }
        let bit: UInt64 = 1 << UInt64(level & 63)
        if holds & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        holds |= bit
    }

    /// A JSON string with `JSONWriter`'s escapes: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other
    /// control bytes as `\u00xx`; every other byte (non-ASCII included) as it is.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &bytes) }
    }

    /// `appendString` for UTF-8 bytes.
    static func appendString(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: one copy.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes += utf8
            bytes.append(UInt8(ascii: "\""))
            return
        }
        let hex = Array("0123456789abcdef".utf8)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += "\\\"".utf8
            case UInt8(ascii: "\\"): bytes += "\\\\".utf8
            case 0x0A: bytes += "\\n".utf8
            case 0x0D: bytes += "\\r".utf8
            case 0x09: bytes += "\\t".utf8
            case 0x08: bytes += "\\b".utf8
            case 0x0C: bytes += "\\f".utf8
            case 0..<0x20: bytes += "\\u00".utf8 + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
