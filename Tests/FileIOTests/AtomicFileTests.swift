import Foundation
import XCTest
import FileIO

final class AtomicFileTests: XCTestCase {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testChunksAreWrittenWholeSmallOrLargeWithNoTemporaryFileLeft() throws {
        let folder = try scratch()
        // Past 1 MiB the blocks are reserved first: the file must still be exactly the bytes.
        for size in [0, 10, 1 << 20, 3 << 20 + 17] {
            let chunks = [[UInt8](repeating: 0x61, count: size / 3), [UInt8](repeating: 0x62, count: size - size / 3), []]
            let path = folder.appendingPathComponent("f\(size).ndjson").path
            try AtomicFile.write(chunks: chunks, to: path, overwrite: true, flush: false)
            XCTAssertEqual(FileManager.default.contents(atPath: path).map(Array.init), chunks.flatMap { $0 }, "size \(size)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }, [])
    }

    func testManySmallChunksBetweenLargeOnesAreWrittenInOrder() throws {
        let folder = try scratch()
        var chunks: [[UInt8]] = []
        for index in 0..<3000 {
            // Mostly rows of a few hundred bytes, now and then one past the gathering size, and empty ones.
            let size = index % 500 == 7 ? (64 << 10) + index : index % 11 == 0 ? 0 : 100 + index % 300
            chunks.append((0..<size).map { UInt8(truncatingIfNeeded: $0 &+ index) })
        }
        let path = folder.appendingPathComponent("rows.ndjson").path
        try AtomicFile.write(chunks: chunks, to: path, overwrite: false, flush: false)
        XCTAssertEqual(FileManager.default.contents(atPath: path).map(Array.init), chunks.flatMap { $0 })
    }

    func testWithoutOverwriteAnExistingFileIsKept() throws {
        let path = try scratch().appendingPathComponent("kept").path
        try AtomicFile.write([1, 2, 3], to: path, overwrite: false)
        XCTAssertThrowsError(try AtomicFile.write([4], to: path, overwrite: false)) { error in
            XCTAssertEqual(error as? FileWriteError, .destinationExists(path))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path).map(Array.init), [1, 2, 3])
    }

    func testRelativePathsAndDotSegmentsWriteBesideTheDestination() throws {
        let folder = try scratch()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        for (path, expected) in [("plain", "plain"), ("a/b/../x", "a/x"), ("a//b/./y", "a/b/y"), (folder.path + "/a/z", "a/z")] {
            try AtomicFile.write(Array(path.utf8), to: path, overwrite: false)
            XCTAssertEqual(FileManager.default.contents(atPath: folder.appendingPathComponent(expected).path).map(Array.init), Array(path.utf8), path)
        }
        for sub in [".", "a", "a/b"] {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path).filter { $0.hasPrefix(".") }, [],
                           "no temporary file left in \(sub)")
        }
        XCTAssertThrowsError(try AtomicFile.write([1], to: "a/b/", overwrite: true), "a folder's path is no file to write")
    }

    /// Chunks written by `writev`: more than one call takes (1,024), empty ones anywhere, and large ones, in order.
    func testChunksWrittenTogetherToAnOpenFileAreItsBytesInOrder() throws {
        let folder = try scratch()
        for count in [0, 1, 2, 1_023, 1_024, 1_025, 2_600] {
            let chunks = (0..<count).map { index -> [UInt8] in
                index % 7 == 3 ? [] : [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: index % 400 == 5 ? 300_000 : 1 + index % 50)
            }
            let path = folder.appendingPathComponent("w\(count)").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            XCTAssertNil(AtomicFile.writeAll(chunks: chunks + [[]], to: descriptor))
            close(descriptor)
            XCTAssertEqual(FileManager.default.contents(atPath: path).map(Array.init) ?? [], chunks.flatMap { $0 }, "\(count) chunks")
        }
        XCTAssertNotNil(AtomicFile.writeAll(chunks: [[1], [2]], to: -1), "a bad descriptor is an error, not a loop")
    }
}
