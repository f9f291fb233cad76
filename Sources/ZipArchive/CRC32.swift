import CCRC32
import CZlib

/// A running CRC-32 (ISO-HDLC, as used by zip): folded 128 bytes at a time with the processor's
/// carry-less multiply (`CCRC32`; 256 bits at a time where it has VPCLMULQDQ) where it has one, the rest (and
/// everything elsewhere) with zlib's `crc32`.
public struct CRC32: Sendable, Hashable {
    /// The checksum of all bytes passed to `update` so far.
    public private(set) var value: UInt32 = 0

    /// Creates a checksum of zero bytes.
    public init() {}

    /// Feeds more bytes into the checksum.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        update(bytes, foldingAt: 3)
    }

    /// `update` folding with SSE4.1 (`level` 1), AVX (2) or AVX2 with VPCLMULQDQ (3) at most, where the processor
    /// has them: tests check each against zlib on any machine.
    package mutating func update(_ bytes: UnsafeRawBufferPointer, foldingAt level: Int32) {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var crc = value
        let folded = ccrc32_fold_at(level, &crc, start, bytes.count)
        value = crc
        updatePortably(UnsafeRawBufferPointer(start: start + folded, count: bytes.count - folded))
    }

    /// Feeds more bytes into the checksum with zlib's `crc32` alone: the reference the folding is tested against.
    public mutating func updatePortably(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self) else { return }
        var remaining = bytes.count
        var crc = uLong(value)
        // zlib takes a 32-bit length, so very large buffers go through in slices.
        while remaining > 0 {
            let slice = Swift.min(remaining, Int(UInt32.max))
            crc = crc32(crc, base, uInt(slice))
            base += slice
            remaining -= slice
        }
        value = UInt32(truncatingIfNeeded: crc)
    }

    /// Feeds the bytes of an array into the checksum.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Whether this processor folds with carry-less multiplication (else zlib computes every byte).
    public static var isAccelerated: Bool { ccrc32_available() != 0 }

    /// The best folding this processor runs: 0 none, 1 SSE4.1, 2 AVX, 3 AVX2 with VPCLMULQDQ.
    package static var foldingLevel: Int32 { ccrc32_level() }

    /// Returns the CRC-32 of a byte buffer.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Returns the CRC-32 of a byte array.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
