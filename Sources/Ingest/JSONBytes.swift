import JSONCore

/// JSON written straight into bytes as it is produced: the bytes `JSONWriter.compact` writes for the
/// same value, without building the value first. Our table rows and ledger lines are made once and
/// written once, so building trees for them cost more than the rest of a survey archive's ingestion.
/// It owns its memory (written through a pointer, grown by doubling): not copyable.
struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Bit `n`: the container open at level `n` already holds something (the next needs a comma).
    private var holds: UInt64 = 0
    private var level = 0
    /// Whether a member's name was just written (its value needs no comma).
    private var afterKey = false

    /// An empty writer with room for `capacity` bytes before it grows.
    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// What has been written.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

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
        append(bracket)
    }

    /// Ends a row: a line feed.
    @inline(__always)
    mutating func endLine() {
        append(0x0A)
    }

    /// A member's name in the innermost object, written as it is (a literal of our own, which needs no
    /// escape); the next value written is its value.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        separate()
        let length = name.utf8CodeUnitCount
        reserve(length &+ 3)
        base[count] = UInt8(ascii: "\"")
        (base + (count &+ 1)).update(from: name.utf8Start, count: length)
        base[count &+ 1 &+ length] = UInt8(ascii: "\"")
        base[count &+ 2 &+ length] = UInt8(ascii: ":")
        count &+= length &+ 3
        afterKey = true
    }

    /// A member's name from data (escaped as needed); the next value written is its value.
    mutating func key(escaping name: String) {
        separate()
        appendString(name)
        append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Members already written as JSON (`"a":1,"b":2`, no braces), after those of the innermost object.
    mutating func members(_ written: [UInt8]) {
        guard !written.isEmpty else { return }
        separate()
        written.withUnsafeBufferPointer { append($0) }
    }

    /// A string, or `null`.
    @inline(__always)
    mutating func string(_ text: String?) {
        separate()
        if let text { appendString(text) } else { append("null") }
    }

    /// A string of UTF-8 bytes (a value's JSON text, say).
    mutating func string(utf8: [UInt8]) {
        separate()
        utf8.withUnsafeBufferPointer { appendString(utf8: $0) }
    }

    /// An integer, or `null`.
    @inline(__always)
    mutating func integer(_ number: Int?) {
        separate()
        append(number.map { String($0) } ?? "null")
    }

    /// Any value, or `null`; scalars written here, containers by `JSONWriter`.
    mutating func value(_ value: JSONValue?) {
        separate()
        switch value ?? .null {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(number.lexeme)
        case .string(let text): appendString(text)
        case .array, .object: JSONWriter.compact.bytes(value ?? .null).withUnsafeBufferPointer { append($0) }
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
        append(bracket)
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
        if holds & bit != 0 { append(UInt8(ascii: ",")) }
        holds |= bit
    }

    /// A JSON string with `JSONWriter`'s escapes.
    @inline(__always)
    private mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { appendString(utf8: $0) }
    }

    /// A JSON string (valid UTF-8) as `JSONWriter` writes it: copied at once when nothing in it needs an
    /// escape, else escaped by `JSONWriter` itself.
    private mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        guard JSONBytes.needsNoEscape(utf8) else {
            var escaped: [UInt8] = []
            JSONWriter.writeString(String(decoding: utf8, as: UTF8.self), into: &escaped)
            escaped.withUnsafeBufferPointer { append($0) }
            return
        }
        append(UInt8(ascii: "\""))
        append(utf8)
        append(UInt8(ascii: "\""))
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

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count &+ more > capacity { grow(more) }
    }

    @inline(never)
    private mutating func grow(_ more: Int) {
        let grown = max(capacity * 2, count + more)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        reserve(buffer.count)
        (base + count).update(from: start, count: buffer.count)
        count += buffer.count
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }
}
