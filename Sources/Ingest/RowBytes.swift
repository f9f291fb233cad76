import JSONCore

/// Rows and members written from a tape's values as JSON bytes: the bytes `JSONBytes` writes for the same
/// members (`"name":value,…`, as `JSONWriter.compact` writes each value). A string without escapes is copied
/// from the tape, a number written as its lexeme, and only an array, an object or a string that needs escapes
/// goes through a tree. Owns its memory (written through a pointer, grown by doubling): not copyable.
struct RowBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the next member follows another (and needs a comma).
    private var follows = false

    /// An empty writer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// What has been written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Opens a row: `{` and its first member, as written.
    mutating func begin(_ first: [UInt8]) {
        append(UInt8(ascii: "{"))
        first.withUnsafeBufferPointer { append($0) }
        follows = true
    }

    /// Closes a row after `last` (written members; none when empty): `}` and a line feed.
    mutating func end(_ last: [UInt8]) {
        if !last.isEmpty {
            append(UInt8(ascii: ","))
            last.withUnsafeBufferPointer { append($0) }
        }
        append(UInt8(ascii: "}"))
        append(0x0A)
        follows = false
    }

    /// The member `name` (written as it is: `"name":`) with the value at `index` of `view` (`null` for `nil`).
    mutating func member(_ name: StaticString, _ view: JSONTapeView, _ index: Int?) {
        self.name(name)
        guard let index else { return append("null") }
        switch view.kind(index) {
        case .string where JSONBytes.needsNoEscape(view.bytes(index)): quoted(view.bytes(index))
        case .integer, .decimal: append(view.number(index).lexeme)
        case .null: append("null")
        case .true: append("true")
        case .false: append("false")
        default: append(JSONWriter.compact.bytes(view.value(at: index)))
        }
    }

    /// How many bytes have been written: where the next goes.
    var position: Int { count }

    /// Members `other` wrote (its bytes `range`, from the comma before the first), as the next members of the row.
    mutating func members(from other: borrowing RowBytes, _ range: Range<Int>) {
        append(UnsafeBufferPointer(start: other.base + range.lowerBound, count: range.count))
        follows = true
    }

    /// The member `name` with an integer value, written as `String(value)` writes it (`null` for `nil`).
    mutating func member(_ name: StaticString, integer value: Int?) {
        self.name(name)
        guard let value else { return append("null") }
        integer(value)
    }

    /// The member `name` with a string value, escaped as `JSONWriter` escapes it (`null` for `nil`).
    mutating func member(_ name: StaticString, string: String?) {
        self.name(name)
        guard let string else { return append("null") }
        self.string(string)
    }

    /// The member `name` with an array of strings.
    mutating func member(_ name: StaticString, strings: [String]) {
        self.name(name)
        append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            string(text)
        }
        append(UInt8(ascii: "]"))
    }

    /// A string, escaped as `JSONWriter` escapes it.
    private mutating func string(_ string: String) {
        var text = string
        text.withUTF8 { utf8 in
            if JSONBytes.needsNoEscape(utf8) { return quoted(utf8) }
            var escaped: [UInt8] = []
            JSONWriter.writeString(string, into: &escaped)
            append(escaped)
        }
    }

    /// An answer's value at `index` (`null` for `nil`): `value`, its JSON text as a string, then the typed
    /// columns `valueString`, `valueNumber` and `valueBoolean` (the one that fits set, the others `null`).
    mutating func answerValue(_ view: JSONTapeView, _ index: Int?) {
        let kind = index.map(view.kind) ?? .null
        let plain = kind == .string && index.map { JSONBytes.needsNoEscape(view.bytes($0)) } == true
        name(#""value":"#)
        switch (kind, index) {
        case (.string, let index?) where plain:
            append(#""\""#)
            append(view.bytes(index))
            append(#"\"""#)
        case (.integer, let index?), (.decimal, let index?):
            append(UInt8(ascii: "\""))
            append(view.number(index).lexeme)
            append(UInt8(ascii: "\""))
        case (.null, _): append(#""null""#)
        case (.true, _): append(#""true""#)
        case (.false, _): append(#""false""#)
        default:
            let text = JSONWriter.compact.bytes(index.map(view.value(at:)) ?? .null)
            var escaped: [UInt8] = []
            JSONWriter.writeString(String(decoding: text, as: UTF8.self), into: &escaped)
            append(escaped)
        }
        name(#""valueString":"#)
        switch (kind, index) {
        case (.string, let index?) where plain: quoted(view.bytes(index))
        case (.string, let index?):
            var escaped: [UInt8] = []
            JSONWriter.writeString(view.string(index), into: &escaped)
            append(escaped)
        default: append("null")
        }
        name(#""valueNumber":"#)
        switch (kind, index) {
        case (.integer, let index?), (.decimal, let index?): append(view.number(index).lexeme)
        default: append("null")
        }
        name(#""valueBoolean":"#)
        append(kind == .true ? "true" : kind == .false ? "false" : "null")
    }

    /// The decimal digits of `value` (after `-` when negative), as `String(value)` writes them.
    mutating func integer(_ value: Int) {
        var magnitude = value.magnitude, digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        reserve(digits + 1)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        magnitude = value.magnitude
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// A member's name as written (`"name":`, quotes and colon given with it), after a comma unless it is the
    /// first member of the row (or of the run, outside rows).
    private mutating func name(_ name: StaticString) {
        if follows { append(UInt8(ascii: ",")) }
        follows = true
        append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// A string that needs no escape, between quotes.
    private mutating func quoted(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count + 2)
        base[count] = UInt8(ascii: "\"")
        count += 1
        append(text)
        base[count] = UInt8(ascii: "\"")
        count += 1
    }

    private mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `buffer`; one of 4 to 16 bytes (a member's name, a date, an identifier) with two loads and two stores
    /// that overlap, rather than a call.
    @inline(__always)
    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        let length = buffer.count
        reserve(length)
        let source = UnsafeRawPointer(start), target = UnsafeMutableRawPointer(base + count)
        if length >= 8, length <= 16 {
            let head = source.loadUnaligned(as: UInt64.self), tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            let head = source.loadUnaligned(as: UInt32.self), tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count += length
    }

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(more) }
    }

    /// Moves the bytes to memory twice as large, or large enough for `more`.
    @inline(never)
    private mutating func grow(_ more: Int) {
        let old = base
        capacity = max(capacity * 2, count + more)
        base = .allocate(capacity: capacity)
        base.moveInitialize(from: old, count: count)
        old.deallocate()
    }
}
