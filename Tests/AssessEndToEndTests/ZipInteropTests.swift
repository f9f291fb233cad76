import Foundation
import XCTest
@testable import ZipArchive

/// Our zips open with unzip, Python's zipfile and bsdtar, and we read what Python writes.
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
