import JSONCore

/// Bytes written through a pointer into memory of their own, grown by doubling: where `JSONBytes` and
/// `RowBytes` write. Not copyable (it owns its memory).
struct ByteOutput: ~Copyable {
    /// The first byte (valid for `count` bytes, until the next write).
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// How many bytes have been written.
    private(set) var count = 0
    private var capacity: Int

    /// An empty output with room for `capacity` bytes (at least 16) before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// What has been written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends `buffer`; one of 4 to 16 bytes (a member's name, a date, an identifier) with two loads and two
    /// stores that overlap, rather than a call.
    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
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
        count &+= length
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// `text` (which needs no escape) between quotes.
    mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count &+ 2)
        base[count] = UInt8(ascii: "\"")
        count &+= 1
        append(text)
        base[count] = UInt8(ascii: "\"")
        count &+= 1
    }

    /// A JSON string (valid UTF-8) as `JSONWriter` writes it: copied at once when nothing in it needs an
    /// escape, else escaped by `JSONWriter` itself.
    mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        guard JSONBytes.needsNoEscape(utf8) else {
            var escaped: [UInt8] = []
            JSONWriter.writeString(String(decoding: utf8, as: UTF8.self), into: &escaped)
            return append(escaped)
        }
        appendQuoted(utf8)
    }

    /// A JSON string as `JSONWriter` writes it.
    mutating func appendString(_ text: String) {
        text.withUTF8Bytes { appendString(utf8: $0) }
    }

    /// The decimal digits of `value` (after `-` when negative), as `String(value)` writes them.
    mutating func appendDecimal(_ value: Int) {
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

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count &+ more > capacity { grow(more) }
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

extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place for a native string (no copy of the string made
    /// first, as `withUTF8` on a copy makes), else on a contiguous copy.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
