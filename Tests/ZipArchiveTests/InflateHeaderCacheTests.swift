import Dispatch
import XCTest
@testable import ZipArchive

/// The cache of dynamic headers (`CInflate/cache.c`): a block whose header bits are those of one decoded before
/// reuses its tables, and only then. Headers that agree in their first bytes and differ later, or differ in their
/// very last bit, or lie at other bit offsets, or are cut short, must each inflate as zlib inflates them.
final class InflateHeaderCacheTests: XCTestCase {
    /// Code lengths of a literal/length code where `letter` has a 1-bit code, the end of block and length 3 (symbol
    /// 257) 2-bit codes, then the two distance codes' lengths `distances`.
    private func items(letter: Int, distances: [Int]) -> [CodeLengthItem] {
        var lengths = [Int](repeating: 0, count: 258)
        (lengths[letter], lengths[256], lengths[257]) = (1, 2, 2)
        return codeLengthItems(lengths + distances)
    }

    /// `prefix` (a non-final fixed block of that many 9-bit literals 0x90, when not nil), then a final dynamic
    /// block of `items`' codes holding `letter`, `letter`, a match of 3 from distance code 1 (2 back), the end.
    private func stream(prefix: Int? = nil, _ items: [CodeLengthItem]) -> [UInt8] {
        var writer = BitWriter()
        if let prefix {
            writer.bits(0, 1)
            writer.bits(1, 2)
            for _ in 0..<prefix { fixedSymbol(&writer, 0x90) }
            fixedSymbol(&writer, 256)
        }
        writeDynamicHeader(&writer, final: true, literals: 258, distances: 2, codeLengthCodeLengths: everyCodeLength, items: items)
        writer.code(0, 1)
        writer.code(0, 1)
        writer.code(3, 2)
        writer.code(1, 1)
        writer.code(2, 2)
        writer.bits(0, 16)
        return writer.bytes
    }

    func testHeadersThatDifferAfterTheirFirstBytesOrInTheirLastBitEachGetTheirOwnTables() {
        let aaa = stream(items(letter: 0x61, distances: [1, 1]))
        // The same header up to its last code length: distance code 1 has no code, so the match is an error.
        let lastBit = stream(items(letter: 0x61, distances: [1, 0]))
        // The same first bytes (counts, code-length code), another letter from the 10th byte on.
        let bbb = stream(items(letter: 0x62, distances: [1, 1]))
        XCTAssertEqual(Array(aaa.prefix(9)), Array(bbb.prefix(9)))
        XCTAssertEqual(zip(aaa, lastBit).map { ($0 ^ $1).nonzeroBitCount }.reduce(0, +), 1)
        let hits = Deflate.headerCacheHits
        for _ in 0..<3 {
            XCTAssertEqual(assertInflatesAsZlib(aaa, declared: 5), .success(Array("aaaaa".utf8)))
            XCTAssertEqual(assertInflatesAsZlib(lastBit, declared: 5).failure, .corruptData(name: "e", reason: "invalid distance code"))
            XCTAssertEqual(assertInflatesAsZlib(bbb, declared: 5), .success(Array("bbbbb".utf8)))
        }
        // Each header decoded once per thread, then taken from the cache (both decoders, three rounds).
        XCTAssertGreaterThanOrEqual(Deflate.headerCacheHits - hits, 12)
    }

    func testAHeaderAtEveryBitOffsetAndCutAtEveryByte() {
        let letters = items(letter: 0x61, distances: [1, 1])
        let alone = stream(letters)
        XCTAssertEqual(assertInflatesAsZlib(alone, declared: 5), .success(Array("aaaaa".utf8)))
        // The same header after a fixed block of 0-15 nine-bit literals: it starts at every bit of a byte.
        for prefix in 0..<16 {
            let expected = [UInt8](repeating: 0x90, count: prefix) + Array("aaaaa".utf8)
            let both = stream(prefix: prefix, letters)
            for _ in 0..<2 {
                XCTAssertEqual(assertInflatesAsZlib(both, declared: expected.count), .success(expected), "prefix \(prefix)")
            }
            // Cut inside the header (after it was cached) and in the block after it: the input ends early.
            for cut in 0..<both.count {
                assertInflatesAsZlib(Array(both.prefix(cut)), declared: expected.count, "prefix \(prefix), cut at \(cut)")
            }
        }
    }

    func testThreadsKeepTheirOwnHeaders() {
        let texts = (0..<12).map { index in (0..<(200 + index * 37)).map { UInt8(ascii: "a") + UInt8(($0 * (index + 3)) % 23) } }
        let streams = texts.map { Deflate.compress($0) }
        let aaa = stream(items(letter: 0x61, distances: [1, 1]))
        let bbb = stream(items(letter: 0x62, distances: [1, 1]))
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: 8) { round in
            for step in 0..<40 {
                let index = (step * 5 + round) % texts.count
                if (try? Deflate.decompress(streams[index][...], expectedSize: texts[index].count, name: "e")) != texts[index] {
                    failures.increment()
                }
                let (letters, letter) = (step + round) % 2 == 0 ? (aaa, "a") : (bbb, "b")
                if (try? Deflate.decompress(letters[...], expectedSize: 5, name: "e")) != Array(String(repeating: letter, count: 5).utf8) {
                    failures.increment()
                }
            }
        }
        XCTAssertEqual(failures.count, 0)
    }
}

/// A counter several threads may bump.
private final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one.
    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    /// The count so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
