import Foundation
import SeededRandom
import SeededTesting
import XCTest
import JSONCore
import AssessmentModel
import AssessmentSchemas
import ZipArchive
@testable import ResultArchive

/// The builder and the verifier agree on zip limits: whatever the builder writes, the verifier accepts.
final class ArchiveLimitsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_767_323_045)
    private let result = ArchiveInput(filename: "assessmentResult.json", bytes: Array(#"{"type": "assessment", "identifier": "a", "startDate": "2026-01-02T03:04:05.000+00:00", "taskRunUUID": "6F2A1A52-0000-4000-8000-000000000001", "stepHistory": []}"#.utf8))
    private var verifier: ArchiveVerifier { ArchiveVerifier(registry: BundledSchemas.registry()) }

    func testHighlyCompressibleFilesAreStoredNotRefusedAsBombs() throws {
        // 8 MiB of one repeated JSON line deflates near 1000:1, far above the reader's 200:1.
        let line = Array(#"{"type": "instruction", "identifier": "b", "startDate": "2026-01-02T03:04:05.000+00:00"},"#.utf8)
        var repetitive: [UInt8] = Array("[".utf8)
        while repetitive.count < 8 << 20 { repetitive += line }
        repetitive += Array("{}]".utf8)
        let bytes = try ArchiveBuilder(timestamp: now).build([result, ArchiveInput(filename: "history.json", bytes: repetitive),
                                                              ArchiveInput(filename: "zeros.bin", bytes: [UInt8](repeating: 0, count: 4 << 20))])
        let report = verifier.verify(bytes, name: "big.zip")
        XCTAssertEqual(report.status, .valid, "\(report.problems)")
        let reader = try ZipReader(bytes: bytes)
        XCTAssertEqual(reader.entries.first { $0.name == "zeros.bin" }?.method, 0, "too compressible to deflate within the limit: stored")
        XCTAssertEqual(reader.entries.first { $0.name == "assessmentResult.json" }?.method, 8, "entries under the ratio threshold are deflated as usual")
    }

    func testTheLargestArchiveTheBuilderWritesIsAccepted() throws {
        let limits = ZipLimits(maxEntries: 400, maxTotalUncompressedSize: 3 << 20, maxCompressionRatio: 20, ratioThreshold: 1024)
        var inputs = [result]
        let seed = randomSeed(0xA5C4_1BE5)
        var generator = SplitMix64(seed: seed)
        for index in 1..<(limits.maxEntries - 1) {
            let size = index == 1 ? 2 << 20 : Int.random(in: 0...2048, using: &generator)
            let compressible = index % 2 == 0
            let bytes = (0..<size).map { compressible ? UInt8($0 / 64 % 3) : UInt8.random(in: 0...255, using: &generator) }
            inputs.append(ArchiveInput(filename: "f\(index).bin", bytes: bytes))
        }
        let builder = ArchiveBuilder(timestamp: now, limits: limits)
        let bytes = try builder.build(inputs)
        XCTAssertEqual(try ZipReader(bytes: bytes, limits: limits).entries.count, limits.maxEntries, "a full archive")
        let report = ArchiveVerifier(registry: BundledSchemas.registry(), limits: limits).verify(bytes, name: "full.zip")
        XCTAssertEqual(report.status, .valid, "seed \(seed): \(report.problems)")
        XCTAssertThrowsError(try builder.build(inputs + [ArchiveInput(filename: "one-more.txt", bytes: [1])])) { error in
            XCTAssertEqual(error as? ArchiveBuildError, .beyondLimits(ZipError.tooManyEntries(count: 401, limit: 400).description))
        }
    }

    func testTooManyBytesIsABuildErrorNotAnArchiveVerifyRefuses() {
        let builder = ArchiveBuilder(timestamp: now, limits: ZipLimits(maxTotalUncompressedSize: 1000))
        XCTAssertThrowsError(try builder.build([result, ArchiveInput(filename: "big.bin", bytes: [UInt8](repeating: 7, count: 1000))])) { error in
            XCTAssertEqual(error as? ArchiveBuildError, .beyondLimits(ZipError.totalSizeTooLarge(limit: 1000).description))
            XCTAssertEqual((error as? ArchiveBuildError)?.description,
                           "the archive would not pass verify: refused archive: total uncompressed size exceeds 1000 bytes (zip bomb?)")
        }
    }
}
