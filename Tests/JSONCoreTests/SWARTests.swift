import XCTest
import JSONCore
import SeededRandom

/// The word tests the splicer and `JSONBytes` use (imported, not `@testable`: they are public for ingest):
/// the lowest flag of each marks exactly the first byte it names.
final class SWARTests: XCTestCase {
    private func firstFlag(_ marked: UInt64) -> Int? { marked == 0 ? nil : marked.trailingZeroBitCount >> 3 }

    func testTheLowestFlagOfEachTestIsTheFirstByteItNames() {
        var random = SplitMix64(seed: 7)
        let interesting: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2C, 0x2D, 0x2E, 0x30, 0x39, 0x45, 0x59,
                                    0x5B, 0x5C, 0x5D, 0x5F, 0x65, 0x79, 0x7B, 0x7D, 0x7F, 0x80, 0xFF]
        let endsScalar = Set<UInt8>([UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                                     UInt8(ascii: "Y"), UInt8(ascii: "_"), UInt8(ascii: "y"), 0x7F]).union(0..<0x23)
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in random.next() % 2 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next()) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            XCTAssertEqual(firstFlag(SWAR.zeroBytes(word)), bytes.firstIndex(of: 0), bytes.description)
            XCTAssertEqual(firstFlag(SWAR.quoteOrBackslash(word)), bytes.firstIndex { $0 == 0x22 || $0 == 0x5C }, bytes.description)
            XCTAssertEqual(firstFlag(SWAR.controlBytes(word)), bytes.firstIndex { $0 < 0x20 }, bytes.description)
            XCTAssertEqual(firstFlag(SWAR.endsScalar(word)), bytes.firstIndex { endsScalar.contains($0) }, bytes.description)
            XCTAssertEqual(SWAR.repeated(bytes[0]), UInt64(bytes[0]) * 0x0101_0101_0101_0101)
        }
    }

    func testNoScalarByteEndsAScalar() {
        // Every byte of a number, `true`, `false` or `null` passes through a word unflagged.
        let scalarBytes = Array("-+.0123456789eEtruefalsnl".utf8)
        for start in 0..<scalarBytes.count {
            let bytes = (0..<8).map { scalarBytes[(start + $0 * 3) % scalarBytes.count] }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            XCTAssertEqual(SWAR.endsScalar(word), 0, bytes.description)
        }
    }
}
