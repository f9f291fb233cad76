import CZlib
import SeededRandom
import SeededTesting
import XCTest
@testable import ZipArchive

/// Our inflate (`CInflate`) against the bytes zlib compressed and against its slow twin, zlib's inflate: the
/// same bytes, the same size errors, and an error for the same streams.
final class InflateTests: XCTestCase {
    /// `count` bytes of one shape: random, JSON-like text, runs, motion-like numbers, or all of them in turn.
    private func sample(_ kind: Int, count: Int, _ random: inout SplitMix64) -> [UInt8] {
        let text = Array(#"{"timestamp": 12.5, "x": -0.0123, "sensorType": "gyro", "values": [1, 2, 3]},"#.utf8) + [10, 32, 32]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            switch kind == 4 ? Int.random(in: 0..<4, using: &random) : kind {
            case 0:
                bytes.append(UInt8.random(in: 0...255, using: &random))
            case 1:
                let start = Int.random(in: 0..<text.count, using: &random)
                bytes += text[start..<min(text.count, start + Int.random(in: 1...40, using: &random))]
            case 2:
                bytes += [UInt8](repeating: UInt8.random(in: 0...3, using: &random), count: Int.random(in: 1...300, using: &random))
            default:
                bytes += Array("    \"x\": \(Double(Int.random(in: -99_999...99_999, using: &random)) / 10_000),\n".utf8)
            }
        }
        return Array(bytes.prefix(count))
    }

    /// The type of the stream's first block (0 stored, 1 fixed, 2 dynamic).
    private func firstBlockType(_ compressed: [UInt8]) -> Int {
        compressed.isEmpty ? -1 : Int(compressed[0] >> 1) & 3
    }

    /// zlib's streams of data of every shape, lengths 0 to 1 MB, levels 0-9, every strategy and memory level.
    private func streams(_ random: inout SplitMix64, rounds: Int) -> [(data: [UInt8], compressed: [UInt8])] {
        let strategies = [Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED]
        return (0..<rounds).map { round in
            let count = round % 25 == 0 ? Int.random(in: 200_000...1_000_000, using: &random)
                : round % 3 == 0 ? Int.random(in: 0...80, using: &random) : Int.random(in: 0...40_000, using: &random)
            let data = sample(round % 5, count: count, &random)
            let strategy = strategies[Int.random(in: 0..<strategies.count, using: &random)]
            let compressed = Deflate.compress(data, level: Int32(round % 10), memoryLevel: Int32.random(in: 1...9, using: &random), strategy: strategy)
            return (data, compressed)
        }
    }

    func testZlibStreamsOfEveryLevelInflateToTheirInput() throws {
        var random = seededGenerator(0x1F1A_7E00)
        var blockTypes = Set<Int>()
        for (round, stream) in streams(&random, rounds: 150).enumerated() {
            blockTypes.insert(firstBlockType(stream.compressed))
            for portable in [false, true] {
                let inflated = try Deflate.decompress(stream.compressed[...], expectedSize: stream.data.count, name: "e", portable: portable)
                XCTAssert(inflated == stream.data, "round \(round): \(stream.data.count) bytes, portable: \(portable)")
            }
        }
        XCTAssertEqual(blockTypes, [0, 1, 2], "stored, fixed and dynamic blocks")
    }

    func testWrongDeclaredSizesGiveTheErrorsZlibGives() throws {
        var random = seededGenerator(0x51_2E5)
        for stream in streams(&random, rounds: 40) {
            let count = stream.data.count
            for declared in Set([0, count / 2, max(0, count - 1), count + 1, count * 2 + 7]) where declared != count {
                let result = assertInflatesAsZlib(stream.compressed, declared: declared, "\(count) bytes read as \(declared)")
                let actual: UInt64 = declared < count ? .max : UInt64(count)
                XCTAssertEqual(result.failure, .sizeMismatch(name: "e", declared: UInt64(declared), actual: actual))
            }
        }
    }

    func testCutAndDamagedStreamsFailAsZlibFails() {
        var random = seededGenerator(0xC0_77ED)
        for (round, stream) in streams(&random, rounds: 200).enumerated() where !stream.compressed.isEmpty {
            var damaged = stream.compressed
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
            }
            assertInflatesAsZlib(damaged, declared: stream.data.count, "round \(round), damaged")
            let cut = Array(stream.compressed.prefix(Int.random(in: 0..<stream.compressed.count, using: &random)))
            assertInflatesAsZlib(cut, declared: stream.data.count, "round \(round), cut")
        }
        for length in 0..<400 {
            let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            assertInflatesAsZlib(noise, declared: Int.random(in: 0...4096, using: &random), "\(length) random bytes")
        }
    }

    func testEveryCutOfAStreamReportsTheBytesZlibProduced() {
        var random = seededGenerator(0xE7E_C07)
        let data = sample(4, count: 3000, &random)
        for level: Int32 in [0, 1, 6] {
            for strategy in [Z_DEFAULT_STRATEGY, Z_FIXED] {
                let compressed = Deflate.compress(data, level: level, strategy: strategy)
                for length in 0..<compressed.count {
                    let result = assertInflatesAsZlib(Array(compressed.prefix(length)), declared: data.count, "level \(level), cut at \(length)")
                    guard case .failure(.sizeMismatch(_, _, let actual)) = result, actual <= data.count else {
                        return XCTFail("a stream cut at \(length) of \(compressed.count) bytes: \(result)")
                    }
                }
            }
        }
    }
}

extension Result {
    /// The error, or nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
