import CZlib
import SeededRandom
import SeededTesting
import XCTest
@testable import ZipArchive

/// The folded CRC-32 (carry-less multiply) against its slow twin, zlib's `crc32` alone.
final class CRC32Tests: XCTestCase {
    /// zlib's CRC-32 of `bytes` starting from `initial`, called directly.
    private func zlibCRC(_ bytes: [UInt8], from initial: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: crc32(uLong(initial), buffer.baseAddress, uInt(buffer.count)))
        }
    }

    func testKnownValues() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([]), 0)
        XCTAssertEqual(CRC32.checksum([UInt8](repeating: 0, count: 4096)), zlibCRC([UInt8](repeating: 0, count: 4096)))
        XCTAssertEqual(CRC32.checksum([UInt8](repeating: 0xFF, count: 1000)), zlibCRC([UInt8](repeating: 0xFF, count: 1000)))
    }

    /// Every length around the folding's edges (64 and 128 bytes, 16-byte blocks) and random longer ones, at every
    /// alignment of the start, from random starting values, equal to zlib: with each folding (SSE4.1, AVX, and AVX2
    /// with VPCLMULQDQ from 256 bytes on).
    func testFoldedEqualsZlibOnRandomBytes() {
        var random = seededGenerator(0xC3C3_2032)
        let pool = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        var lengths = Array(0...600)
        for _ in 0..<200 { lengths.append(Int.random(in: 601...65_000, using: &random)) }
        for level: Int32 in [1, 2, 3] {
            checkFolding(level, lengths: lengths, pool: pool, &random)
        }
    }

    /// `CRC32.update(_:foldingAt:)` with `level` against zlib on `lengths` bytes of `pool`.
    private func checkFolding(_ level: Int32, lengths: [Int], pool: [UInt8], _ random: inout SplitMix64) {
        for length in lengths {
            let offset = Int.random(in: 0...15, using: &random)
            let bytes = Array(pool[offset..<offset + length])
            let initial: UInt32 = length % 3 == 0 ? 0 : UInt32.random(in: 0...UInt32.max, using: &random)
            var folded = CRC32(), portable = CRC32()
            if initial != 0 {
                // A start value: feed a prefix whose CRC is known to both (the same 4 random bytes).
                let prefix = withUnsafeBytes(of: initial.littleEndian) { Array($0) }
                prefix.withUnsafeBytes { folded.updatePortably($0); portable.updatePortably($0) }
            }
            let expected = zlibCRC(bytes, from: portable.value)
            bytes.withUnsafeBytes { folded.update($0, foldingAt: level); portable.updatePortably($0) }
            XCTAssertEqual(folded.value, expected, "level \(level), length \(length), offset \(offset)")
            XCTAssertEqual(portable.value, expected, "length \(length)")
        }
    }

    /// Bytes fed in pieces of any size give the checksum of the whole.
    func testPiecesEqualWhole() {
        var random = seededGenerator(0x9A2E)
        for _ in 0..<100 {
            let bytes = (0..<Int.random(in: 0...5_000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var crc = CRC32(), start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...700, using: &random))
                crc.update(Array(bytes[start..<end]))
                start = end
            }
            XCTAssertEqual(crc.value, zlibCRC(bytes))
        }
    }

    /// On x86_64 the machines this runs on have PCLMULQDQ: the fast path is what the tests above exercised.
    func testFoldingIsUsedOnX86() {
        #if arch(x86_64)
        XCTAssertTrue(CRC32.isAccelerated)
        XCTAssertGreaterThanOrEqual(CRC32.foldingLevel, 1)
        #endif
    }
}
