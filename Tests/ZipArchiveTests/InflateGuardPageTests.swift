import CInflate
import Glibc
import SeededRandom
import SeededTesting
import XCTest
@testable import ZipArchive

/// Our inflate with its input and its output each ending where an inaccessible page begins: a read past the
/// input's last byte or a write past the output's capacity stops the test run (what AddressSanitizer reports in
/// the `inflate` fuzz target), for the fuzz corpus's streams and for streams cut and read at every size near
/// the fast loops' limits.
final class InflateGuardPageTests: XCTestCase {
    /// `count` bytes of writable memory that end where an inaccessible page begins.
    private struct GuardedBuffer {
        let mapping: UnsafeMutableRawPointer
        let mappedSize: Int
        let start: UnsafeMutablePointer<UInt8>

        init?(count: Int) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let pages = (count + page - 1) / page
            mappedSize = (pages + 1) * page
            guard let mapped = mmap(nil, mappedSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  mapped != MAP_FAILED else { return nil }
            mapping = mapped
            guard mprotect(mapped + pages * page, page, PROT_NONE) == 0 else { return nil }
            start = (mapped + pages * page - count).assumingMemoryBound(to: UInt8.self)
        }

        func release() { munmap(mapping, mappedSize) }
    }

    /// Inflates `stream` as `declared` bytes with both decoders, each buffer against a guard page: the status and
    /// count, which must agree.
    @discardableResult
    private func inflateGuarded(_ stream: [UInt8], declared: Int, file: StaticString = #filePath, line: UInt = #line) -> cinflate_status {
        guard let input = GuardedBuffer(count: stream.count), let output = GuardedBuffer(count: declared) else {
            XCTFail("no guarded memory", file: file, line: line)
            return CINFLATE_OK
        }
        defer { input.release(); output.release() }
        stream.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { input.start.update(from: base, count: bytes.count) }
        }
        var produced = 0, portableProduced = 0
        let status = cinflate(input.start, stream.count, output.start, declared, &produced)
        let portable = cinflate_portable(input.start, stream.count, output.start, declared, &portableProduced)
        XCTAssertEqual(status, portable, file: file, line: line)
        XCTAssertEqual(produced, portableProduced, file: file, line: line)
        return status
    }

    func testTheFuzzCorpusReadsAndWritesNothingPastItsBuffers() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/corpus/inflate")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertGreaterThan(names.count, 100)
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            guard bytes.count >= 3 else { continue }
            // As the fuzz target reads it: the declared size, then the stream.
            let declared = (Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16) & 0xF_FFFF
            inflateGuarded(Array(bytes[3...]), declared: declared)
        }
    }

    func testStreamsCutAndReadAtEverySizeNearTheirEnds() {
        var random = seededGenerator(0x6A2D_0B1E)
        for level: Int32 in [1, 6, 9] {
            let text = (0..<6_000).map { _ in UInt8(ascii: "a") + UInt8.random(in: 0..<6, using: &random) }
            let compressed = Deflate.compress(text, level: level)
            for cut in max(0, compressed.count - 80)...compressed.count {
                for declared in [text.count, text.count - 1, text.count - 40, text.count - 300, text.count + 1] {
                    let status = inflateGuarded(Array(compressed.prefix(cut)), declared: declared)
                    if cut == compressed.count && declared == text.count { XCTAssertEqual(status, CINFLATE_OK) }
                }
            }
        }
    }
}
