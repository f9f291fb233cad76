import JSONCore

/// Rows and members written from a tape's values as JSON bytes: the bytes `JSONBytes` writes for the same
/// members (`"name":value,…`, as `JSONWriter.compact` writes each value). A string without escapes is copied
/// from the tape, a number written as its lexeme, and only an array, an object or a string that needs escapes
/// goes through a tree. Not copyable: it owns its `ByteOutput`.
struct RowBytes: ~Copyable {
    private var out: ByteOutput
    /// Whether the next member follows another (and needs a comma).
    private var follows = false

    /// An empty writer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        out = ByteOutput(capacity: max(capacity, 64))
    }

    /// What has been written.
    var bytes: [UInt8] { out.bytes }

    /// Opens a row: `{` and its first member, as written.
    mutating func begin(_ first: [UInt8]) {
        out.append(UInt8(ascii: "{"))
        first.withUnsafeBufferPointer { out.append($0) }
        follows = true
    }

    /// Closes a row after `last` (written members; none when empty): `}` and a line feed.
    mutating func end(_ last: [UInt8]) {
        if !last.isEmpty {
            out.append(UInt8(ascii: ","))
            last.withUnsafeBufferPointer { out.append($0) }
        }
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
        follows = false
    }

    /// The member `name` (written as it is: `"name":`) with the value at `index` of `view` (`null` for `nil`).
    mutating func member(_ name: StaticString, _ view: JSONTapeView, _ index: Int?) {
        self.name(name)
        guard let index else { return out.append("null") }
        switch view.kind(index) {
        case .string where JSONBytes.needsNoEscape(view.bytes(index)): out.appendQuoted(view.bytes(index))
        case .integer, .decimal: out.append(view.number(index).lexeme)
        case .null: out.append("null")
        case .true: out.append("true")
        case .false: out.append("false")
        default: out.append(JSONWriter.compact.bytes(view.value(at: index)))
        }
    }

    /// How many bytes have been written: where the next goes.
    var position: Int { out.count }

    /// Members `other` wrote (its bytes `range`, from the comma before the first), as the next members of the row.
    mutating func members(from other: borrowing RowBytes, _ range: Range<Int>) {
        out.append(UnsafeBufferPointer(start: other.out.base + range.lowerBound, count: range.count))
        follows = true
    }

    /// The member `name` with an integer value, written as `String(value)` writes it (`null` for `nil`).
    mutating func member(_ name: StaticString, integer value: Int?) {
        self.name(name)
        guard let value else { return out.append("null") }
        out.appendDecimal(value)
    }

    /// The member `name` with a string value, escaped as `JSONWriter` escapes it (`null` for `nil`).
    mutating func member(_ name: StaticString, string: String?) {
        self.name(name)
        guard let string else { return out.append("null") }
        out.appendString(string)
    }

    /// The member `name` with an array of strings.
    mutating func member(_ name: StaticString, strings: [String]) {
        self.name(name)
        out.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendString(text)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// An answer's value at `index` (`null` for `nil`): `value`, its JSON text as a string, then the typed
    /// columns `valueString`, `valueNumber` and `valueBoolean` (the one that fits set, the others `null`).
    mutating func answerValue(_ view: JSONTapeView, _ index: Int?) {
        let kind = index.map(view.kind) ?? .null
        let plain = kind == .string && index.map { JSONBytes.needsNoEscape(view.bytes($0)) } == true
        name(#""value":"#)
        switch (kind, index) {
        case (.string, let index?) where plain:
            out.append(#""\""#)
            out.append(view.bytes(index))
            out.append(#"\"""#)
        case (.integer, let index?), (.decimal, let index?):
            out.append(UInt8(ascii: "\""))
            out.append(view.number(index).lexeme)
            out.append(UInt8(ascii: "\""))
        case (.null, _): out.append(#""null""#)
        case (.true, _): out.append(#""true""#)
        case (.false, _): out.append(#""false""#)
        default:
            out.appendString(String(decoding: JSONWriter.compact.bytes(index.map(view.value(at:)) ?? .null), as: UTF8.self))
        }
        name(#""valueString":"#)
        switch (kind, index) {
        case (.string, let index?) where plain: out.appendQuoted(view.bytes(index))
        case (.string, let index?): out.appendString(view.string(index))
        default: out.append("null")
        }
        name(#""valueNumber":"#)
        switch (kind, index) {
        case (.integer, let index?), (.decimal, let index?): out.append(view.number(index).lexeme)
        default: out.append("null")
        }
        name(#""valueBoolean":"#)
        out.append(kind == .true ? "true" : kind == .false ? "false" : "null")
    }

    /// The decimal digits of `value` (after `-` when negative), as `String(value)` writes them.
    mutating func integer(_ value: Int) {
        out.appendDecimal(value)
    }

    /// A member's name as written (`"name":`, quotes and colon given with it), after a comma unless it is the
    /// first member of the row (or of the run, outside rows).
    @inline(__always)
    private mutating func name(_ name: StaticString) {
        if follows { out.append(UInt8(ascii: ",")) }
        follows = true
        out.append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}
