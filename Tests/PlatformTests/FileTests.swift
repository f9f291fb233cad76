import Foundation
import Platform
import XCTest

/// Whole reads and writes of descriptors, folder checks and error reasons.
final class FileTests: XCTestCase {
    func testWriteAllThenReadAllThroughAPipe() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writeEnd = ends[1]
        XCTAssertTrue(NativeThread.detach {
            FileDescriptor.writeAll(writeEnd, bytes)
            close(writeEnd)
        })
        XCTAssertEqual(FileDescriptor.read(ends[0], upTo: 10), Array(bytes.prefix(10)))
        XCTAssertEqual(FileDescriptor.readAll(ends[0]), Array(bytes.dropFirst(10)))
        close(ends[0])
    }

    func testWriteToAClosedDescriptorFails() {
        XCTAssertFalse(FileDescriptor.writeAll(-1, Array("x".utf8)))
    }

    func testIsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/file", contents: Data())
        XCTAssertEqual(FileStatus.isFolder(folder), true)
        XCTAssertEqual(FileStatus.isFolder(folder + "/file"), false)
        XCTAssertNil(FileStatus.isFolder(folder + "/missing"))
    }

    func testReasonOfAFileErrorIsTheSystemsWording() {
        XCTAssertThrowsError(try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/platform-tests"))) { error in
            XCTAssertEqual(SystemError.reason(error), "No such file or directory")
        }
        XCTAssertEqual(SystemError.reason(POSIXError(.EACCES)), "Permission denied")
    }
}
