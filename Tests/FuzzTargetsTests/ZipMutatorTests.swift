import Foundation
@testable import FuzzTargets
import XCTest
import ZipArchive

final class ZipMutatorTests: XCTestCase {
    private let archive: [UInt8] = {
        var writer = ZipWriter()
        try? writer.add(name: "a.json", bytes: Array(#"{"x": 1}"#.utf8), modified: Date(timeIntervalSince1970: 0))
        try? writer.add(name: "b.txt", bytes: Array("hello".utf8), modified: Date(timeIntervalSince1970: 0))
        return writer.finish()
    }()

    /// A stand-in for libFuzzer's mutator: appends one byte.
    private func appendByte(_ bytes: [UInt8], _ maxSize: Int) -> [UInt8] {
        Array((bytes + [0x41]).prefix(maxSize))
    }

    func testMostMutationsKeepAReadableZipWithChangedEntries() throws {
        var structural = 0
        for seed in UInt32(0)..<200 {
            let mutated = ZipMutator.mutate(archive, seed: seed, maxSize: 4096, resultArchive: false, mutateBytes: appendByte)
            XCTAssertLessThanOrEqual(mutated.count, 4096)
            // The byte-wise fallback: the original with one byte appended.
            if mutated == archive + [0x41] { continue }
            guard let entries = ZipMutator.readableEntries(mutated) else {
                XCTFail("seed \(seed): neither a byte mutation nor a readable zip")
                continue
            }
            structural += 1
            XCTAssertNotEqual(entries.map(\.bytes) + [Array(entries.map(\.name).joined().utf8)],
                              [Array(#"{"x": 1}"#.utf8), Array("hello".utf8), Array("a.jsonb.txt".utf8)], "seed \(seed) changed nothing")
        }
        XCTAssertGreaterThan(structural, 100, "three mutations in four should rebuild the zip")
    }

    func testResultArchiveMutationsCanRebuildTheManifest() throws {
        let manifests = (UInt32(0)..<200).compactMap { seed -> String? in
            let mutated = ZipMutator.mutate(archive, seed: seed, maxSize: 1 << 16, resultArchive: true, mutateBytes: appendByte)
            return ZipMutator.readableEntries(mutated)?.first { $0.name == "metadata.json" }.map { String(decoding: $0.bytes, as: UTF8.self) }
        }
        XCTAssertFalse(manifests.isEmpty, "no mutation rebuilt metadata.json")
        for manifest in manifests {
            XCTAssertTrue(manifest.contains("\"a.json\"") && manifest.contains("\"b.txt\""), manifest)
        }
    }

    func testTooSmallALimitFallsBackToByteMutation() {
        for seed in UInt32(0)..<50 {
            let mutated = ZipMutator.mutate(archive, seed: seed, maxSize: archive.count + 1, resultArchive: true, mutateBytes: appendByte)
            XCTAssertLessThanOrEqual(mutated.count, archive.count + 1)
        }
    }

    func testNotAZipIsMutatedByteWise() {
        XCTAssertEqual(ZipMutator.mutate([1, 2, 3], seed: 7, maxSize: 10, resultArchive: false, mutateBytes: appendByte), [1, 2, 3, 0x41])
    }
}
