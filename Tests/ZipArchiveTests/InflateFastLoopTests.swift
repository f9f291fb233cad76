import CZlib
import SeededRandom
import SeededTesting
import XCTest
@testable import ZipArchive

/// The fast loop of our inflate and its edges, against zlib: every compression level, strategy and window,
/// outputs and inputs that end at every offset near the fast loop's limits (32 bytes of output room, 8 bytes of
/// input), matches that overlap their own output at every short distance and length, and damaged streams that
/// must fail as zlib fails. `assertInflatesAsZlib` checks the BMI2/AVX2 decoder and the portable one.
final class InflateFastLoopTests: XCTestCase {
    /// Pretty-printed motion samples, as a sensor archive's `motion.json` holds them.
    private func motionJSON(count: Int, _ random: inout SplitMix64) -> [UInt8] {
        var text = "[\n"
        while text.utf8.count < count {
            let value = Double(Int.random(in: -99_999...99_999, using: &random)) / 10_000
            let type = ["gyro", "accelerometer", "userAcceleration", "magneticField"][Int.random(in: 0..<4, using: &random)]
            text += "  {\n    \"timestamp\": \(Double(Int.random(in: 0...999_999, using: &random)) / 1000),\n"
            text += "    \"sensorType\": \"\(type)\",\n    \"x\": \(value),\n    \"y\": \(-value / 2)\n  },\n"
        }
        return Array(text.utf8.prefix(count))
    }

    func testEveryLevelStrategyWindowAndMemoryLevelRoundTrips() throws {
        var random = seededGenerator(0xFA57_100B)
        let strategies = [Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED]
        for level: Int32 in 0...9 {
            for strategy in strategies {
                for windowBits: Int32 in [9, 10, 12, 15] {
                    let count = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 0...300, using: &random)
                        : Int.random(in: 300...70_000, using: &random)
                    let data = motionJSON(count: count, &random)
                    let memoryLevel = Int32.random(in: 1...9, using: &random)
                    let compressed = Deflate.compress(data, level: level, memoryLevel: memoryLevel, strategy: strategy, windowBits: windowBits)
                    let context = "level \(level), strategy \(strategy), window \(windowBits), memory \(memoryLevel), \(count) bytes"
                    XCTAssertEqual(assertInflatesAsZlib(compressed, declared: count, context), .success(data), context)
                }
            }
        }
        // Megabytes in one stream: long runs of the fast loop, blocks of every kind one after another.
        let large = motionJSON(count: 1_500_000, &random)
        for (level, strategy) in [(1, Z_DEFAULT_STRATEGY), (6, Z_DEFAULT_STRATEGY), (9, Z_RLE), (6, Z_FIXED), (0, Z_DEFAULT_STRATEGY)] {
            let compressed = Deflate.compress(large, level: Int32(level), strategy: strategy)
            for portable in [false, true] {
                XCTAssert(try Deflate.decompress(compressed[...], expectedSize: large.count, name: "e", portable: portable) == large,
                          "level \(level), strategy \(strategy), portable \(portable)")
            }
        }
    }

    /// A fixed-code block: `prefix` as literals, a match, `tail` as literals, the end of the block.
    private func literalsMatchLiterals(_ prefix: [UInt8], length: Int, distance: Int, _ tail: [UInt8]) -> [UInt8] {
        fixedBlock { writer in
            for byte in prefix { fixedSymbol(&writer, Int(byte)) }
            fixedMatch(&writer, length: length, distance: distance)
            for byte in tail { fixedSymbol(&writer, Int(byte)) }
            fixedSymbol(&writer, 256)
        }
    }

    /// The bytes a match of `length` from `distance` back appends to `output`, one at a time.
    private func expand(_ output: [UInt8], length: Int, distance: Int) -> [UInt8] {
        var result = output
        for _ in 0..<length { result.append(result[result.count - distance]) }
        return result
    }

    func testOverlappingMatchesOfEveryShortDistanceAndLength() {
        let prefix = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEF".utf8)
        let tail = Array(#"{"x": 1.25, "y": -0.5, "sensorType": "gyro"}"#.utf8)
        for distance in 1...32 {
            for length in 3...258 {
                // Decoded in the fast loop (40 literals of room and input after it), then at the output's very end
                // (copied exactly), then with one byte of room too few.
                let start = Array(prefix.prefix(distance))
                let matched = expand(start, length: length, distance: distance)
                let inLoop = literalsMatchLiterals(start, length: length, distance: distance, tail)
                XCTAssertEqual(assertInflatesAsZlib(inLoop, declared: matched.count + tail.count), .success(matched + tail),
                               "distance \(distance), length \(length)")
                let atEnd = literalsMatchLiterals(start, length: length, distance: distance, [])
                XCTAssertEqual(assertInflatesAsZlib(atEnd, declared: matched.count), .success(matched), "at the end: \(distance), \(length)")
                XCTAssertEqual(assertInflatesAsZlib(atEnd, declared: matched.count - 1).failure,
                               .sizeMismatch(name: "e", declared: UInt64(matched.count - 1), actual: .max))
            }
        }
    }

    func testMatchesEndingAtEveryOffsetBeforeTheOutputsEnd() {
        let prefix = Array((0..<300).map { UInt8(ascii: "a") + UInt8($0 * 7 % 26) })
        for distance in [1, 2, 5, 8, 13, 16, 31, 32, 33, 64, 299] {
            for length in [3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 258] {
                for tailCount in 0...40 {
                    // The match ends `tailCount` bytes before the output's end (at the fast loop's room of 32 bytes and
                    // around it); read as exactly its size, as one byte more and as fewer bytes.
                    let tail = Array(prefix.prefix(tailCount))
                    let stream = literalsMatchLiterals(prefix, length: length, distance: distance, tail)
                    let expected = expand(prefix, length: length, distance: distance) + tail
                    let context = "distance \(distance), length \(length), \(tailCount) literals after"
                    XCTAssertEqual(assertInflatesAsZlib(stream, declared: expected.count, context), .success(expected), context)
                    assertInflatesAsZlib(stream, declared: expected.count + 1, context)
                    for missing in [1, tailCount + 1, tailCount + length / 2] where missing <= expected.count {
                        assertInflatesAsZlib(stream, declared: expected.count - missing, "\(context), \(missing) too few")
                    }
                }
            }
        }
    }

    func testOutputsAndInputsEndingAtEveryOffsetNearTheEnd() {
        var random = seededGenerator(0xE17D_0FF5)
        let data = motionJSON(count: 12_000, &random)
        for level: Int32 in [1, 6, 9] {
            // Streams of the data's prefixes: their last items end at every offset from the output's end.
            for count in stride(from: 11_900, through: 12_000, by: 1) {
                let part = Array(data.prefix(count))
                let compressed = Deflate.compress(part, level: level)
                XCTAssertEqual(assertInflatesAsZlib(compressed, declared: count, "level \(level), \(count) bytes"), .success(part))
                for declared in [count - 1, count - 31, count - 32, count - 33, count + 1] {
                    assertInflatesAsZlib(compressed, declared: declared, "level \(level), \(count) bytes read as \(declared)")
                }
            }
            // One stream cut at every byte of its last 64 and at every 7th byte before them.
            let compressed = Deflate.compress(data, level: level)
            for cut in Array(stride(from: 0, to: compressed.count, by: 7)) + Array(max(0, compressed.count - 64)..<compressed.count) {
                assertInflatesAsZlib(Array(compressed.prefix(cut)), declared: data.count, "level \(level), cut at \(cut)")
            }
        }
    }

    func testALongMatchAfterALiteralLeavesNoStaleBitsForTheNextCode() {
        // Codes of up to 15 bits: a 9-bit literal, a length of 15 + 5 bits and a distance of 15 + 13 bits take 57
        // of the 57-64 bits one load holds, so the code after them must be read from a new load. Every alignment.
        var lengths = [Int](repeating: 0, count: 286 + 30)
        let letters = Array("bcdefghijklm".utf8).map(Int.init)
        (lengths[0x61], lengths[256], lengths[0x79], lengths[284]) = (1, 2, 15, 15)
        for (index, letter) in letters.enumerated() { lengths[letter] = 3 + index }
        for symbol in 0..<14 { lengths[286 + symbol] = symbol + 1 }
        (lengths[286 + 28], lengths[286 + 29]) = (15, 15)
        let literalCodes = canonicalCodes(Array(lengths[..<286])), distanceCodes = canonicalCodes(Array(lengths[286...]))
        for leading in 25_000..<25_016 {
            var writer = BitWriter()
            writeDynamicHeader(&writer, final: true, literals: 286, distances: 30, codeLengthCodeLengths: everyCodeLength,
                               items: codeLengthItems(lengths))
            let literal = { (symbol: Int) in writer.code(literalCodes[symbol], lengths[symbol]) }
            for _ in 0..<leading { literal(0x61) }
            literal(0x68)
            literal(284)
            writer.bits(0, 5)  // length 227
            writer.code(distanceCodes[29], 15)
            writer.bits(0, 13)  // distance 24,577
            literal(0x62)
            for _ in 0..<3000 { literal(0x63) }
            literal(256)
            writer.bits(0, 32)
            let expected = [UInt8](repeating: 0x61, count: leading) + [0x68] + [UInt8](repeating: 0x61, count: 227) + [0x62]
                + [UInt8](repeating: 0x63, count: 3000)
            XCTAssertEqual(assertInflatesAsZlib(writer.bytes, declared: expected.count), .success(expected), "\(leading) leading literals")
        }
    }

    func testEveryBitFlippedFailsOrInflatesAsZlibDoes() {
        var random = seededGenerator(0xB17F_11B5)
        let data = motionJSON(count: 700, &random)
        for (level, strategy) in [(1, Z_DEFAULT_STRATEGY), (6, Z_DEFAULT_STRATEGY), (9, Z_DEFAULT_STRATEGY), (6, Z_FIXED), (6, Z_RLE)] {
            let compressed = Deflate.compress(data, level: Int32(level), strategy: strategy)
            for bit in 0..<compressed.count * 8 {
                var damaged = compressed
                damaged[bit / 8] ^= 1 << UInt8(bit % 8)
                assertInflatesAsZlib(damaged, declared: data.count, "level \(level), strategy \(strategy), bit \(bit) flipped")
            }
        }
    }
}
