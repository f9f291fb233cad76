/// Byte tests on eight bytes at once (one little-endian `UInt64`): each answer has the high bit
/// of a byte set where the test holds, and the lowest set bit marks the first such byte exactly.
enum SWAR {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// `byte` in every byte.
    @inline(__always)
    static func repeated(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// The bytes that are not zero (exact in every byte: no carry crosses bytes).
    @inline(__always)
    static func nonzeroBytes(_ word: UInt64) -> UInt64 {
        (((word & ~highBits) &+ ~highBits) | word) & highBits
    }

    /// The bytes that are not a space; exact in every byte.
    @inline(__always)
    static func nonSpaceBytes(_ word: UInt64) -> UInt64 {
        nonzeroBytes(word ^ repeated(0x20))
    }

    /// The quotes, backslashes, control characters and non-ASCII bytes: what ends the fast scan
    /// of a string. A byte is zero in `x` when `(x - 0x01…) & ~x` has its high bit; a borrow can
    /// flag bytes above a flagged one, never below, so the lowest flag is exact.
    @inline(__always)
    static func specialStringBytes(_ word: UInt64) -> UInt64 {
        let quotes = word ^ repeated(UInt8(ascii: "\""))
        let backslashes = word ^ repeated(UInt8(ascii: "\\"))
        return (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            | ((word &- repeated(0x20)) & ~word) | word) & highBits
    }
}
