import JSONCore

/// JSON written straight into bytes as it is produced: the bytes `JSONWriter.compact` writes for the
/// same value, without building the value first. Our table rows and ledger lines are made once and
/// written once, so building trees for them cost more than the rest of a survey archive's ingestion.
/// Not copyable: it owns its `ByteOutput`.
struct JSONBytes: ~Copyable {
    private var out: ByteOutput
    /// Bit `n`: the container open at level `n` already holds something (the next needs a comma).
    private var holds: UInt64 = 0
    private var level = 0
    /// Whether a member's name was just written (its value needs no comma).
    private var afterKey = false

    /// An empty writer with room for `capacity` bytes before it grows.
    init(capacity: Int = 1024) {
        out = ByteOutput(capacity: capacity)
    }

    /// What has been written.
    var bytes: [UInt8] { out.bytes }

    /// Opens an object (as a value, where a value may go).
    @inline(__always)
    mutating func beginObject() { begin(UInt8(ascii: "{")) }

    /// Closes the innermost object.
    @inline(__always)
    mutating func endObject() { end(UInt8(ascii: "}")) }

    /// Opens an array (as a value, where a value may go).
    @inline(__always)
    mutating func beginArray() { begin(UInt8(ascii: "[")) }

    /// Closes the innermost array.
    @inline(__always)
    mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Opens a container with `bracket`, as a value.
    @inline(__always)
    private mutating func begin(_ bracket: UInt8) {
        separate()
        open(bracket)
    }

    /// Closes the innermost container with `bracket`.
    @inline(__always)
    private mutating func end(_ bracket: UInt8) {
        level -= 1
        out.append(bracket)
    }

    /// Ends a row: a line feed.
    @inline(__always)
    mutating func endLine() {
        out.append(0x0A)
    }

    /// A member's name in the innermost object, written as it is (a literal of our own, which needs no
    /// escape); the next value written is its value.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        separate()
        out.appendQuoted(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A member's name from data (escaped as needed); the next value written is its value.
    mutating func key(escaping name: String) {
        separate()
        out.appendString(name)
        out.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Members already written as JSON (`"a":1,"b":2`, no braces), after those of the innermost object.
    mutating func members(_ written: [UInt8]) {
        guard !written.isEmpty else { return }
        separate()
        out.append(written)
    }

    /// A string, or `null`.
    @inline(__always)
    mutating func string(_ text: String?) {
        separate()
        if let text { out.appendString(text) } else { out.append("null") }
    }

    /// A string of UTF-8 bytes (a value's JSON text, say).
    mutating func string(utf8: [UInt8]) {
        separate()
        utf8.withUnsafeBufferPointer { out.appendString(utf8: $0) }
    }

    /// An integer, or `null`.
    @inline(__always)
    mutating func integer(_ number: Int?) {
        separate()
        if let number { out.appendDecimal(number) } else { out.append("null") }
    }

    /// Any value, or `null`; scalars written here, containers by `JSONWriter`.
    mutating func value(_ value: JSONValue?) {
        separate()
        switch value ?? .null {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .number(let number): out.append(number.lexeme)
        case .string(let text): out.appendString(text)
        case .array, .object: out.append(JSONWriter.compact.bytes(value ?? .null))
        }
    }

    /// An array of strings.
    mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// `value`'s JSON text, as `JSONWriter.compact` writes it.
    static func text(of value: JSONValue) -> [UInt8] {
        var text = JSONBytes(capacity: 64)
        text.value(value)
        return text.bytes
    }

    @inline(__always)
    private mutating func open(_ bracket: UInt8) {
        out.append(bracket)
        level += 1
        holds &= ~(1 << UInt64(level & 63))
    }

    /// The comma before a value or member, unless it is the first of its container or a member's value.
    @inline(__always)
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        // Values at the top are rows of their own, one per line.
        guard level > 0 else { return }
        let bit: UInt64 = 1 << UInt64(level & 63)
        if holds & bit != 0 { out.append(UInt8(ascii: ",")) }
        holds |= bit
    }

    /// Whether no byte is a quote, a backslash or a control byte, eight bytes at a time (a flag can
    /// only follow a byte that needs an escape, so any flag means one does).
    static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return true }
        var index = 0
        while utf8.count - index >= 8 {
            let word = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
            if SWAR.quoteOrBackslash(word) | SWAR.controlBytes(word) != 0 { return false }
            index += 8
        }
        while index < utf8.count {
            let byte = start[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            index += 1
        }
        return true
    }
}
