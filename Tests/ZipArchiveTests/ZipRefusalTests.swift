import Foundation
import SeededRandom
import SeededTesting
import XCTest
@testable import ZipArchive

/// Crafted hostile archives: each must be refused with the matching error, never crash or hang.
final class ZipRefusalTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_767_323_045)

    private func archive(_ entries: [(String, [UInt8])], compression: ZipCompression = .automatic) throws -> [UInt8] {
        // Hostile archives need a writer without the reader's limits (the default writer stores bombs).
        var writer = ZipWriter(limits: .unlimited)
        for (name, bytes) in entries { try writer.add(name: name, bytes: bytes, compression: compression, modified: date) }
        return writer.finish()
    }

    /// Offsets of every central-directory record.
    private func centralRecords(_ bytes: [UInt8]) -> [Int] {
        bytes.indices.dropLast(4).filter { bytes.le32($0) == ZipSignature.centralDirectoryHeader.rawValue }
    }

    private func setLE16(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt16) {
        bytes[offset] = UInt8(value & 0xFF)
        bytes[offset + 1] = UInt8(value >> 8)
    }

    private func setLE32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[offset + index] = UInt8((value >> (8 * UInt32(index))) & 0xFF) }
    }

    private func assertRefused(_ bytes: [UInt8], limits: ZipLimits = ZipLimits(), file: StaticString = #filePath, line: UInt = #line,
                               _ check: (ZipError) -> Bool) {
        do {
            let reader = try ZipReader(bytes: bytes, limits: limits)
            _ = try reader.extractAll()
            XCTFail("archive was accepted", file: file, line: line)
        } catch {
            XCTAssertTrue(check(error), "unexpected error: \(error)", file: file, line: line)
        }
    }

    func testPathTraversalAndAbsoluteNames() throws {
        for name in ["../evil.sh", "a/../../evil", "/etc/passwd", "C:\\evil", "a\\b"] {
            assertRefused(try archive([(name, [1])])) { if case .unsafeName(let refused, _) = $0 { return refused == name } else { return false } }
        }
    }

    func testEncryptedEntries() throws {
        var bytes = try archive([("secret.txt", Array("x".utf8))])
        let record = centralRecords(bytes)[0]
        setLE16(&bytes, record + 8, 0x0001)
        assertRefused(bytes) { $0 == .encrypted("secret.txt") }
    }

    func testUnsupportedCompressionMethod() throws {
        var bytes = try archive([("a.bin", [1, 2, 3])], compression: .stored)
        setLE16(&bytes, centralRecords(bytes)[0] + 10, 99)
        setLE16(&bytes, 8, 99)
        assertRefused(bytes) { $0 == .unsupportedMethod(name: "a.bin", method: 99) }
    }

    func testDeclaredSizesThatLie() throws {
        let data = Array(String(repeating: "abc", count: 1000).utf8)
        var bytes = try archive([("a.txt", data)], compression: .deflated)
        setLE32(&bytes, centralRecords(bytes)[0] + 24, 10)
        assertRefused(bytes) { if case .sizeMismatch(let name, 10, _) = $0 { return name == "a.txt" } else { return false } }
        var stored = try archive([("b.txt", data)], compression: .stored)
        setLE32(&stored, centralRecords(stored)[0] + 24, 5000)
        assertRefused(stored) { if case .sizeMismatch = $0 { return true } else { return false } }
    }

    func testCorruptDataFailsTheCRC() throws {
        var bytes = try archive([("a.txt", Array("hello world".utf8))], compression: .stored)
        bytes[30 + 5] ^= 0x20
        assertRefused(bytes) { $0 == .crcMismatch(name: "a.txt") }
    }

    func testOverlappingEntries() throws {
        var bytes = try archive([("a.txt", Array("aaaa".utf8)), ("b.txt", Array("bbbb".utf8))], compression: .stored)
        let records = centralRecords(bytes)
        // Point b's central record at a's local header, as overlapping-file zip bombs do, keeping b's name.
        setLE32(&bytes, records[1] + 42, 0)
        assertRefused(bytes) { error in
            if case .headerMismatch = error { return true }
            if case .overlappingEntries = error { return true }
            return false
        }
    }

    func testCompressionRatioAndTotalSizeLimits() throws {
        let zeros = [UInt8](repeating: 0, count: 50 << 20)
        let bomb = try archive([("zeros.bin", zeros)], compression: .deflated)
        assertRefused(bomb) { if case .compressionRatioTooHigh(let name, _, 200) = $0 { return name == "zeros.bin" } else { return false } }
        let many = try archive((0..<5).map { ("f\($0)", [UInt8](repeating: 7, count: 1000)) }, compression: .stored)
        assertRefused(many, limits: ZipLimits(maxTotalUncompressedSize: 3000)) { $0 == .totalSizeTooLarge(limit: 3000) }
        assertRefused(many, limits: ZipLimits(maxEntries: 3)) { $0 == .tooManyEntries(count: 5, limit: 3) }
    }

    func testTruncatedAndGarbageInput() throws {
        let bytes = try archive([("a.txt", Array("hello".utf8))])
        assertRefused(Array(bytes.prefix(bytes.count - 10))) { _ in true }
        // A zip cut short (an interrupted upload) is said so; bytes that never were a zip are not a zip.
        assertRefused(Array(bytes.prefix(20))) { $0 == .truncatedUpload(size: 20) }
        assertRefused(Array(bytes.prefix(bytes.count - 22))) { $0 == .truncatedUpload(size: UInt64(bytes.count - 22)) }
        assertRefused(Array("<html><body>502 Bad Gateway</body></html>".utf8)) { $0 == .notAZip }
        assertRefused([]) { $0 == .notAZip }
        let seed = randomSeed(0x5A1B_0C0D)
        var random = SplitMix64(seed: seed)
        for _ in 0..<50 {
            var fuzzed = bytes
            let index = Int.random(in: 0..<fuzzed.count, using: &random)
            fuzzed[index] = UInt8.random(in: 0...255, using: &random)
            _ = try? ZipReader(bytes: fuzzed).extractAll()
        }
    }

    func testDuplicateNamesInTheDirectory() throws {
        // Two entries, and around and beyond the 16 whose names are compared one by one (then hashed): the last
        // renamed to the first's name in both its headers.
        for count in [2, 15, 16, 17, 40] {
            let names = (0..<count).map { "f\($0 < 10 ? "0" : "")\($0).txt" }
            var bytes = try archive(names.enumerated().map { ($1, [UInt8($0)]) }, compression: .stored)
            let first = Array(names[0].utf8)
            let record = centralRecords(bytes)[count - 1] + 46
            bytes.replaceSubrange(record..<record + first.count, with: first)
            if let local = bytes.indices.dropLast(4).filter({ bytes.le32($0) == ZipSignature.localFileHeader.rawValue }).last {
                bytes.replaceSubrange(local + 30..<local + 30 + first.count, with: first)
            }
            assertRefused(bytes) { $0 == .duplicateName(names[0]) }
            XCTAssertNoThrow(try ZipReader(bytes: try archive(names.map { ($0, [1]) }, compression: .stored)), "\(count) names")
        }
    }
}

/// `ZipWriter` never writes what `ZipReader` with the same limits refuses.
final class ZipWriterLimitTests: XCTestCase {
    func testWriterStoresWhatWouldBreakTheRatioAndRefusesTooMuch() throws {
        let limits = ZipLimits(maxEntries: 3, maxTotalUncompressedSize: 1 << 20, maxCompressionRatio: 10, ratioThreshold: 100)
        var writer = ZipWriter(limits: limits)
        let date = Date(timeIntervalSince1970: 0)
        try writer.add(name: "zeros", bytes: [UInt8](repeating: 0, count: 100_000), compression: .deflated, modified: date)
        try writer.add(name: "tiny", bytes: [UInt8](repeating: 0, count: 100), compression: .deflated, modified: date)
        XCTAssertThrowsError(try writer.add(name: "huge", bytes: [UInt8](repeating: 1, count: 1 << 20), modified: date)) { error in
            XCTAssertEqual(error as? ZipError, .totalSizeTooLarge(limit: 1 << 20))
        }
        try writer.add(name: "last", bytes: [1], modified: date)
        XCTAssertThrowsError(try writer.add(name: "fourth", bytes: [], modified: date)) { error in
            XCTAssertEqual(error as? ZipError, .tooManyEntries(count: 4, limit: 3))
        }
        let reader = try ZipReader(bytes: writer.finish(), limits: limits)
        XCTAssertEqual(reader.entries.map(\.name), ["zeros", "tiny", "last"])
        XCTAssertEqual(reader.entries.map(\.method), [0, 8, 0], "zeros would deflate past 10:1 so is stored; tiny is under the threshold")
        XCTAssertEqual(try reader.data(of: reader.entries[0]).count, 100_000)
    }
}
