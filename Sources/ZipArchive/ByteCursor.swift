/// A bounds-checked little-endian reader over untrusted bytes.
///
/// Every read stays inside `window` (a part of the whole buffer) and every offset computed from
/// the archive goes through checked arithmetic, so a hostile length or offset turns into a
/// `ZipError.truncated` or `.corrupt` naming the structure and the byte offset, never a trap.
struct ByteCursor {
    private let bytes: [UInt8]
    /// The bytes this cursor may read; positions are absolute offsets into the whole buffer.
    let window: Range<Int>
    /// The absolute offset of the next read.
    private(set) var position: Int
    /// The structure being read, named in errors ("central directory entry").
    let what: ZipStructure

    /// A cursor over all of `bytes`, reading `what`, starting at `position`.
    init(_ bytes: [UInt8], what: ZipStructure, at position: Int = 0) {
        self.init(bytes, window: bytes.indices, what: what, at: position)
    }

    private init(_ bytes: [UInt8], window: Range<Int>, what: ZipStructure, at position: Int) {
        self.bytes = bytes
        self.window = window
        self.position = position
        self.what = what
    }

    /// Bytes left before the end of the window.
    var remaining: Int { position >= window.upperBound ? 0 : window.upperBound - max(position, window.lowerBound) }

    /// A cursor over the `length` bytes at absolute `offset` (both untrusted), inside this window.
    func window(at offset: UInt64, length: UInt64, what: ZipStructure) throws(ZipError) -> ByteCursor {
        let range = try range(at: offset, length: length, what: what)
        return ByteCursor(bytes, window: range, what: what, at: range.lowerBound)
    }

    /// The cursor's window from its current position, `length` bytes long, named `what`.
    mutating func take(_ length: Int, what: ZipStructure) throws(ZipError) -> ByteCursor {
        let start = position
        try skip(length)
        return ByteCursor(bytes, window: start..<position, what: what, at: start)
    }

    /// The absolute range of `length` bytes at `offset`, checked to lie inside the window.
    func range(at offset: UInt64, length: UInt64, what: ZipStructure) throws(ZipError) -> Range<Int> {
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, offset >= UInt64(window.lowerBound), end <= UInt64(window.upperBound) else {
            throw .truncated(what.description, at: offset)
        }
        return Int(offset)..<Int(end)
    }

    /// Moves to absolute `offset` (untrusted), which may be the end of the window.
    mutating func seek(to offset: UInt64) throws(ZipError) {
        position = try range(at: offset, length: 0, what: what).lowerBound
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws(ZipError) {
        position = try range(at: UInt64(clamping: position), length: UInt64(clamping: count), what: what).upperBound
    }

    /// The next `count` bytes.
    mutating func read(_ count: Int) throws(ZipError) -> ArraySlice<UInt8> {
        let start = position
        try skip(count)
        return bytes[start..<position]
    }

    mutating func u16() throws(ZipError) -> UInt16 {
        let field = try read(2)
        return UInt16(field[field.startIndex]) | UInt16(field[field.startIndex + 1]) &<< 8
    }

    mutating func u32() throws(ZipError) -> UInt32 {
        let low = try u16()
        return UInt32(low) | UInt32(try u16()) &<< 16
    }

    mutating func u64() throws(ZipError) -> UInt64 {
        let low = try u32()
        return UInt64(low) | UInt64(try u32()) &<< 32
    }

    /// The little-endian field of `size` bytes (at most 8) at `offset` from the window's start: for a
    /// structure of fixed size, read after `take` checked that the window holds all of it.
    @inline(__always)
    func field(at offset: Int, size: Int) -> UInt64 {
        precondition(offset >= 0 && size <= 8 && offset + size <= window.count, "a field inside its structure")
        var value: UInt64 = 0
        for index in stride(from: window.lowerBound + offset + size - 1, through: window.lowerBound + offset, by: -1) {
            value = value &<< 8 | UInt64(bytes[index])
        }
        return value
    }

    /// Reads a 4-byte signature and throws `.corrupt` naming `what` when it is not `expected`.
    mutating func expectSignature(_ expected: UInt32) throws(ZipError) {
        let start = position
        guard try u32() == expected else { throw .corrupt(what.description, at: UInt64(start)) }
    }
}

/// A structure of the archive as errors name it ("central directory entry", `data of "motion.json"`): the
/// words are put together only when an error is thrown, so reading a sound archive builds no text.
struct ZipStructure: ExpressibleByStringLiteral, CustomStringConvertible {
    private let kind: StaticString
    /// The entry the structure belongs to, quoted after `kind`.
    private let entry: String?

    /// A structure of the archive itself.
    init(stringLiteral kind: StaticString) {
        self.kind = kind
        entry = nil
    }

    /// A structure of the entry `name` (`data of "NAME"`).
    init(_ kind: StaticString, of name: String) {
        self.kind = kind
        entry = name
    }

    var description: String { entry.map { "\(kind) of \"\($0)\"" } ?? "\(kind)" }
}
