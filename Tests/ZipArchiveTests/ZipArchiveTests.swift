import Foundation
import SeededRandom
import XCTest
@testable import ZipArchive

final class ZipRoundTripTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_767_323_045)  // 2026-01-02T03:04:05Z

    private func archive(forceZip64: Bool = false, _ entries: [(String, [UInt8], ZipCompression)]) throws -> [UInt8] {
        var writer = ZipWriter(forceZip64: forceZip64)
        for (name, bytes, compression) in entries { try writer.add(name: name, bytes: bytes, compression: compression, modified: date) }
        return writer.finish()
    }

    private let text = Array(String(repeating: "{\"answer\": 42, \"identifier\": \"q1\"}\n", count: 200).utf8)

    func testStoredDeflatedEmptyAndUnicodeEntriesRoundTrip() throws {
        let bytes = try archive([("a.json", text, .deflated), ("b.bin", [0, 1, 2, 255], .stored), ("empty.txt", [], .automatic),
                                 ("dossier/résumé 🐲.txt", Array("héllo".utf8), .automatic)])
        let reader = try ZipReader(bytes: bytes)
        XCTAssertEqual(reader.entries.map(\.name), ["a.json", "b.bin", "empty.txt", "dossier/résumé 🐲.txt"])
        XCTAssertEqual(reader.entries[0].method, 8)
        XCTAssertLessThan(reader.entries[0].compressedSize, UInt64(text.count))
        XCTAssertEqual(reader.entries[1].method, 0)
        XCTAssertEqual(try reader.data(of: reader.entries[0]), text)
        XCTAssertEqual(try reader.data(of: reader.entries[1]), [0, 1, 2, 255])
        XCTAssertEqual(try reader.data(of: reader.entries[2]), [])
        XCTAssertEqual(try reader.data(of: reader.entries[3]), Array("héllo".utf8))
        XCTAssertEqual(reader.entries[3].flags & 0x0800, 0x0800, "UTF-8 names set the language encoding flag")
    }

    func testAutomaticKeepsIncompressibleDataStored() throws {
        let seed: UInt64 = 0x4E01_5E00
        var random = SplitMix64(seed: seed)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        XCTAssertEqual(try ZipReader(bytes: archive([("noise", noise, .automatic)])).entries[0].method, 0, "noise of seed \(seed)")
    }

    func testEmptyArchiveAndManyEntries() throws {
        XCTAssertEqual(try ZipReader(bytes: archive([])).entries.count, 0)
        let many = try archive((0..<500).map { ("file\($0).txt", Array("\($0)".utf8), .automatic) })
        let reader = try ZipReader(bytes: many)
        XCTAssertEqual(reader.entries.count, 500)
        XCTAssertEqual(try reader.data(of: reader.entries[499]), Array("499".utf8))
    }

    func testForcedZip64RoundTrips() throws {
        let bytes = try archive(forceZip64: true, [("a.json", text, .deflated), ("b.txt", Array("b".utf8), .stored)])
        XCTAssertTrue(bytes.indices.dropLast(4).contains { bytes.le32($0) == ZipSignature.zip64EndOfCentralDirectory.rawValue }, "has a ZIP64 end record")
        let reader = try ZipReader(bytes: bytes)
        XCTAssertEqual(reader.entries.map(\.size), [UInt64(text.count), 1])
        XCTAssertEqual(try reader.data(of: reader.entries[0]), text)
    }

    func testTheSignaturesAreTheFormatsPKBytesAndOpenTheirStructures() throws {
        XCTAssertEqual(ZipSignature.allCases.map(\.bytes), [[0x50, 0x4B, 3, 4], [0x50, 0x4B, 1, 2], [0x50, 0x4B, 5, 6], [0x50, 0x4B, 6, 6], [0x50, 0x4B, 6, 7]])
        let bytes = try archive(forceZip64: true, [("a", [1], .stored)])
        XCTAssertEqual(Array(bytes.prefix(4)), ZipSignature.localFileHeader.bytes, "a zip opens with a local header")
        XCTAssertEqual(Array(bytes.suffix(22).prefix(4)), ZipSignature.endOfCentralDirectory.bytes, "and ends with the end record")
        XCTAssertEqual(Array(bytes.suffix(42).prefix(4)), ZipSignature.zip64EndOfCentralDirectoryLocator.bytes, "the ZIP64 locator is just before it")
    }

    func testSameInputsGiveIdenticalBytes() throws {
        let first = try archive([("a.json", text, .automatic), ("b", [1, 2, 3], .automatic)])
        let second = try archive([("a.json", text, .automatic), ("b", [1, 2, 3], .automatic)])
        XCTAssertEqual(first, second)
    }

    func testDuplicateNamesAreRefusedWhenWriting() throws {
        var writer = ZipWriter()
        try writer.add(name: "a", bytes: [1], modified: date)
        XCTAssertThrowsError(try writer.add(name: "a", bytes: [2], modified: date)) { error in
            XCTAssertEqual(error as? ZipError, .duplicateName("a"))
        }
    }

    func testDOSTimestamps() {
        let (time, day) = ZipWriter.dosDateTime(date)
        XCTAssertEqual(day, UInt16((2026 - 1980) << 9 | 1 << 5 | 2))
        XCTAssertEqual(time, UInt16(3 << 11 | 4 << 5 | 2))
        XCTAssertEqual(ZipWriter.dosDateTime(Date(timeIntervalSince1970: 0)).date, UInt16(1 << 5 | 1), "clamped to 1980-01-01")
    }
}

final class ZipInteropTests: XCTestCase {
    private func tool(_ name: String) -> URL? {
        for folder in ["/usr/bin", "/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    @discardableResult
    private func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func writeSample(forceZip64: Bool) throws -> URL {
        var writer = ZipWriter(forceZip64: forceZip64)
        try writer.add(name: "assessmentResult.json", bytes: Array(String(repeating: "{\"a\": 1}\n", count: 300).utf8), modified: Date())
        try writer.add(name: "notes/ünïcode.txt", bytes: Array("stored".utf8), compression: .stored, modified: Date())
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zip-interop-\(UUID().uuidString).zip")
        try Data(writer.finish()).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testUnzipAcceptsOurArchives() throws {
        guard let unzip = tool("unzip") else { throw XCTSkip("unzip is not installed; interop check skipped") }
        for zip64 in [false, true] {
            let result = try run(unzip, ["-t", try writeSample(forceZip64: zip64).path])
            XCTAssertEqual(result.status, 0, result.output)
            XCTAssertTrue(result.output.contains("No errors detected"), result.output)
        }
    }

    func testPythonZipfileAcceptsOurArchives() throws {
        guard let python = tool("python3") else { throw XCTSkip("python3 is not installed; interop check skipped") }
        for zip64 in [false, true] {
            let script = "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(sorted(z.namelist()))"
            let result = try run(python, ["-c", script, try writeSample(forceZip64: zip64).path])
            XCTAssertEqual(result.status, 0, result.output)
            XCTAssertTrue(result.output.contains("notes/ünïcode.txt"), result.output)
        }
    }

    func testBsdtarAcceptsOurArchivesWhenInstalled() throws {
        guard let bsdtar = tool("bsdtar") else { throw XCTSkip("bsdtar is not installed; interop check skipped") }
        let result = try run(bsdtar, ["-tf", try writeSample(forceZip64: false).path])
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testWeReadPythonWrittenArchives() throws {
        guard let python = tool("python3") else { throw XCTSkip("python3 is not installed; interop check skipped") }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("py-\(UUID().uuidString).zip")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('a.txt', 'hello ' * 100)
                z.writestr('b/c.json', '{"x": 1}', compress_type=zipfile.ZIP_STORED)
                with z.open('big.bin', 'w', force_zip64=True) as f:
                    f.write(b'z' * 5000)
            """
        XCTAssertEqual(try run(python, ["-c", script, url.path]).status, 0)
        let reader = try ZipReader(bytes: Array(Data(contentsOf: url)))
        XCTAssertEqual(reader.entries.map(\.name), ["a.txt", "b/c.json", "big.bin"])
        XCTAssertEqual(try reader.data(of: reader.entries[0]), Array(String(repeating: "hello ", count: 100).utf8))
        XCTAssertEqual(try reader.data(of: reader.entries[2]).count, 5000)
    }
}
