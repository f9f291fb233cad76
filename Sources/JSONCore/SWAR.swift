/// Byte tests on eight bytes at once (one little-endian `UInt64`): each answer has the high bit
/// of a byte set where the test holds. Where a borrow can flag bytes above a flagged one (never
/// below), the lowest set bit still marks the first such byte exactly, and callers only use the lowest.
///
/// One copy for the parser and ingest's splicer: `@inlinable`, so a scan in another module compiles
/// to the same few instructions as one in this module.
public enum SWAR {
    /// `0x01` in every byte.
    @inlinable
    public static var ones: UInt64 { 0x0101_0101_0101_0101 }

    /// `0x80` in every byte.
    @inlinable
    public static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// `byte` in every byte.
    @inlinable @inline(__always)
    public static func repeated(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// The bytes that are zero (the lowest flag is exact).
    @inlinable @inline(__always)
    public static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// The bytes that are not zero (exact in every byte: no carry crosses bytes).
    @inlinable @inline(__always)
    public static func nonzeroBytes(_ word: UInt64) -> UInt64 {
        (((word & ~highBits) &+ ~highBits) | word) & highBits
    }

    /// The bytes that are not a space; exact in every byte.
    @inlinable @inline(__always)
    public static func nonSpaceBytes(_ word: UInt64) -> UInt64 {
        nonzeroBytes(word ^ repeated(0x20))
    }

    /// The quotes, backslashes, control characters and non-ASCII bytes: what ends the fast scan
    /// of a string. A byte is zero in `x` when `(x - 0x01…) & ~x` has its high bit; a borrow can
    /// flag bytes above a flagged one, never below, so the lowest flag is exact.
    @inlinable @inline(__always)
    public static func specialStringBytes(_ word: UInt64) -> UInt64 {
        let quotes = word ^ repeated(UInt8(ascii: "\""))
        let backslashes = word ^ repeated(UInt8(ascii: "\\"))
        return (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            | ((word &- repeated(0x20)) & ~word) | word) & highBits
    }

    /// The quotes and backslashes: what ends a run of a string's bytes when copying it as it is.
    @inlinable @inline(__always)
    public static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ repeated(UInt8(ascii: "\""))) | zeroBytes(word ^ repeated(UInt8(ascii: "\\")))
    }

    /// The bytes below 0x20 (control characters; the lowest flag is exact).
    @inlinable @inline(__always)
    public static func controlBytes(_ word: UInt64) -> UInt64 {
        (word &- repeated(0x20)) & ~word & highBits
    }

    /// What ends a scalar (a number, `true`, `false`, `null`): bytes below 0x23 (whitespace and other
    /// control bytes, `!`, the quote), commas, and the bytes that are `{` or `}` with bit 5 set and bits
    /// 1-2 cleared: `[`, `]`, `{`, `}`, and `Y`, `_`, `y`, DEL, none of which is in a scalar.
    @inlinable @inline(__always)
    public static func endsScalar(_ word: UInt64) -> UInt64 {
        let low = (word &- repeated(0x23)) & ~word & highBits
        let commas = zeroBytes(word ^ repeated(UInt8(ascii: ",")))
        let brackets = zeroBytes(((word | repeated(0x20)) & repeated(0xF9)) ^ repeated(0x79))
        return low | commas | brackets
    }
}
