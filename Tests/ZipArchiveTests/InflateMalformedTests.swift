import XCTest
@testable import ZipArchive

/// Hand-made malformed DEFLATE streams, each refused by our inflate as zlib refuses it.
final class InflateMalformedTests: XCTestCase {
    /// Our inflate calls `bytes` corrupt for `reason`, and zlib calls them corrupt.
    private func assertCorrupt(_ bytes: [UInt8], _ reason: String, declared: Int = 16, file: StaticString = #filePath, line: UInt = #line) {
        let result = assertInflatesAsZlib(bytes, declared: declared, file: file, line: line)
        XCTAssertEqual(result.failure, .corruptData(name: "e", reason: reason), file: file, line: line)
    }

    /// Code lengths for symbols 0-255 with no code: 138 + 118 zeros.
    private let noLiterals: [CodeLengthItem] = [.manyZeros(extra: 127), .manyZeros(extra: 107)]

    func testAWellFormedHandMadeStreamInflates() throws {
        let stream = fixedBlock { writer in
            for byte in "abc".utf8 { fixedSymbol(&writer, Int(byte)) }
            fixedSymbol(&writer, 258)  // length 4
            writer.code(2, 5)  // distance 3
            fixedSymbol(&writer, 256)
        }
        XCTAssertEqual(try Deflate.decompress(stream[...], expectedSize: 7, name: "e"), Array("abcabca".utf8))
        assertInflatesAsZlib(stream, declared: 7)
        // A single one-bit literal/length code (end of block only) and no distance code: allowed, as zlib allows it.
        let lone = dynamicBlock(noLiterals + [.length(1), .length(0)]) { $0.code(0, 1) }
        XCTAssertEqual(try Deflate.decompress(lone[...], expectedSize: 0, name: "e"), [])
    }

    func testReservedBlockTypeAndBadStoredLengths() {
        assertCorrupt([0x07], "reserved block type 3")
        assertCorrupt([0x01, 0x03, 0x00, 0xFC, 0xFE, 0x61, 0x62, 0x63], "stored block length does not match its complement", declared: 3)
        // The same stored block with the right complement, cut inside its data: the bytes there are produced.
        XCTAssertEqual(assertInflatesAsZlib([0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61], declared: 3).failure,
                       .sizeMismatch(name: "e", declared: 3, actual: 1))
    }

    func testBadCodeCountsAndCodeLengthCodes() {
        var writer = BitWriter()
        writeDynamicHeader(&writer, final: true, literals: 287, distances: 1, codeLengthCodeLengths: everyCodeLength, items: [])
        assertCorrupt(writer.bytes + [0, 0, 0, 0], "more than 286 literal/length or 30 distance codes")
        writer = BitWriter()
        writeDynamicHeader(&writer, final: true, literals: 257, distances: 31, codeLengthCodeLengths: everyCodeLength, items: [])
        assertCorrupt(writer.bytes + [0, 0, 0, 0], "more than 286 literal/length or 30 distance codes")
        // Over-subscribed (19 one-bit codes) and incomplete (one one-bit code) code-length codes.
        for lengths in [[Int](repeating: 1, count: 19), [1] + [Int](repeating: 0, count: 18)] {
            writer = BitWriter()
            writeDynamicHeader(&writer, final: true, literals: 257, distances: 1, codeLengthCodeLengths: lengths, items: [])
            assertCorrupt(writer.bytes + [UInt8](repeating: 0, count: 80), "over-subscribed or incomplete code length code")
        }
    }

    func testBadRepeatsAndAMissingEndOfBlock() {
        assertCorrupt(dynamicBlock([.repeatPrevious(extra: 0)] + noLiterals), "code length repeat with nothing to repeat or past the last code")
        assertCorrupt(dynamicBlock([.manyZeros(extra: 127), .manyZeros(extra: 127)]), "code length repeat with nothing to repeat or past the last code")
        assertCorrupt(dynamicBlock(noLiterals + [.length(0), .length(1)]), "no code for the end of block")
    }

    func testOverSubscribedAndIncompleteCodes() {
        // 257 one-bit literal/length codes; two two-bit codes (incomplete).
        assertCorrupt(dynamicBlock([.length(1)] + [CodeLengthItem](repeating: .repeatPrevious(extra: 3), count: 42)
            + [.repeatPrevious(extra: 1), .length(1)]), "over-subscribed or incomplete literal/length code")
        assertCorrupt(dynamicBlock([.length(2), .manyZeros(extra: 127), .manyZeros(extra: 106), .length(2), .length(1)]), "over-subscribed or incomplete literal/length code")
        // A complete literal/length code (0 and end of block, one bit each) with three one-bit distance codes,
        // then with a one-bit and a two-bit one.
        assertCorrupt(dynamicBlock(distances: 3, [.length(1), .manyZeros(extra: 127), .manyZeros(extra: 106), .length(1),
                                                  .length(1), .length(1), .length(1)]), "over-subscribed or incomplete distance code")
        assertCorrupt(dynamicBlock(distances: 2, [.length(1), .manyZeros(extra: 127), .manyZeros(extra: 106), .length(1),
                                                  .length(1), .length(2)]), "over-subscribed or incomplete distance code")
    }

    func testInvalidSymbolsAndDistancesBeforeTheStart() {
        assertCorrupt(fixedBlock { fixedSymbol(&$0, 286) }, "invalid literal/length code")
        assertCorrupt(fixedBlock { writer in
            fixedSymbol(&writer, 0x61)
            fixedSymbol(&writer, 257)
            writer.code(30, 5)
        }, "invalid distance code")
        assertCorrupt(fixedBlock { writer in
            fixedSymbol(&writer, 0x61)
            fixedSymbol(&writer, 257)
            writer.code(1, 5)  // distance 2, one byte out
        }, "distance beyond the start of the output")
        // The unused code of a single one-bit literal/length code.
        assertCorrupt(dynamicBlock(noLiterals + [.length(1), .length(0)]) { $0.code(1, 1) }, "invalid literal/length code")
        // A match where the distance code has no symbol: literal 0 (code 0), then length 3 (code 11) and a distance bit.
        assertCorrupt(dynamicBlock(literals: 258, [.length(1), .manyZeros(extra: 127), .manyZeros(extra: 106), .length(2), .length(2),
                                                   .length(0)]) { writer in
            writer.code(0, 1)
            writer.code(3, 2)
            writer.code(0, 1)
        }, "invalid distance code")
    }

    func testOutputLongerThanDeclaredAndCutInput() {
        let stream = fixedBlock { writer in
            fixedSymbol(&writer, 0x61)
            fixedSymbol(&writer, 0x62)
            fixedSymbol(&writer, 256)
        }
        XCTAssertEqual(assertInflatesAsZlib(stream, declared: 1).failure, .sizeMismatch(name: "e", declared: 1, actual: .max))
        XCTAssertEqual(assertInflatesAsZlib(stream, declared: 3).failure, .sizeMismatch(name: "e", declared: 3, actual: 2))
        XCTAssertEqual(assertInflatesAsZlib(Array(stream.prefix(1)), declared: 2).failure, .sizeMismatch(name: "e", declared: 2, actual: 0))
        XCTAssertEqual(assertInflatesAsZlib(Array(stream.prefix(2)), declared: 2).failure, .sizeMismatch(name: "e", declared: 2, actual: 1))
        XCTAssertEqual(assertInflatesAsZlib([], declared: 0).failure, .sizeMismatch(name: "e", declared: 0, actual: 0))
    }
}
