/// Look-ups on a tape by a name or text known when the program is written (`"identifier"`, `"$ref"`):
/// compared on their bytes, without making a `String`.
extension JSONTapeView {
    /// The index of the value of member `name` of the value at `index` when that is an object, else `nil`.
    @inlinable
    package func member(_ index: Int, _ name: StaticString) -> Int? {
        guard kind(index) == .object else { return nil }
        return member(index, named: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// The string at `index`, or `nil` when it holds another kind of value.
    package func stringValue(_ index: Int) -> String? {
        kind(index) == .string ? string(index) : nil
    }

    /// Whether the value at `index` is the string `text`.
    @inlinable
    package func isString(_ index: Int, _ text: StaticString) -> Bool {
        kind(index) == .string && hasBytes(index, text)
    }

    /// Whether the string or key at `index` has the bytes of `text`.
    @inlinable
    package func hasBytes(_ index: Int, _ text: StaticString) -> Bool {
        bytesEqual(index, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

/// Entries read whole, for loops that test several fields of one entry (the validator's run of array elements of one
/// shape): one load of the entry instead of one per field.
extension JSONTapeView {
    /// The entry at `index`.
    @inlinable
    package func entry(_ index: Int) -> JSONTape.Entry { entries[index] }

    /// Where the bytes of the string, key or decimal `entry` (of this tape) start.
    @inlinable
    package func bytesStart(_ entry: JSONTape.Entry) -> UnsafePointer<UInt8> { start(of: entry) }
}
