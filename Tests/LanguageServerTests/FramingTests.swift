import LanguageServer
import XCTest

final class FramingTests: XCTestCase {
    private func frames(_ chunks: [String]) -> [MessageFramer.Frame] {
        var framer = MessageFramer()
        var found: [MessageFramer.Frame] = []
        for chunk in chunks {
            framer.append(Array(chunk.utf8))
            while let frame = framer.next() { found.append(frame) }
        }
        return found
    }

    func testMessagesSplitAcrossReadsAndSeveralInOneRead() {
        let one = "Content-Length: 2\r\n\r\n{}"
        let two = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  7\r\n\r\n[1,2,3]"
        XCTAssertEqual(frames([one + two]), [.message(Array("{}".utf8)), .message(Array("[1,2,3]".utf8))])
        let whole = one + two
        let bytewise = whole.map { String($0) }
        XCTAssertEqual(frames(bytewise), [.message(Array("{}".utf8)), .message(Array("[1,2,3]".utf8))], "one byte at a time")
        XCTAssertEqual(frames(["Content-Length: 5\r\n\r\n{\"a\""]), [], "an incomplete body waits for more")
    }

    func testHeadersWithoutALengthAreSkippedNotFatal() {
        let found = frames(["garbage\r\n\r\nContent-Length: -4\r\n\r\nContent-Length: 999999999999\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        XCTAssertEqual(found.count, 4)
        XCTAssertEqual(found.last, .message(Array("{}".utf8)))
        XCTAssertEqual(found.filter { if case .malformedHeader = $0 { return true } else { return false } }.count, 3)
    }

    func testJunkWithoutABlankLineIsSkippedInBoundedPiecesAndAMessageAfterItStillArrives() {
        let junk = String(repeating: "x", count: 4096)
        var chunks = Array(repeating: junk, count: 256)  // 1 MiB with no header end
        chunks.append("\r\n\r\nContent-Length: 2\r\n\r\n{}")
        let found = frames(chunks)
        let skipped = found.filter { if case .malformedHeader = $0 { return true } else { return false } }
        XCTAssertGreaterThanOrEqual(skipped.count, (256 * 4096) / (MessageFramer.maxHeaderLength + 4096))
        XCTAssertLessThanOrEqual(skipped.count, (256 * 4096) / MessageFramer.maxHeaderLength + 1)
        XCTAssertEqual(found.last, .message(Array("{}".utf8)), "the message after the junk is framed")
        let split = frames(["Content-Length: 2\r", "\n\r", "\n{}"])
        XCTAssertEqual(split, [.message(Array("{}".utf8))], "a header end split across three reads")
    }

    func testFrameWritesTheLengthInBytes() {
        let body = Array("{\"é\":1}".utf8)
        XCTAssertEqual(String(decoding: MessageFramer.frame(body), as: UTF8.self), "Content-Length: 8\r\n\r\n{\"é\":1}")
    }

    func testUTF16ColumnsBothWays() {
        let text = "{\"a\": \"😀é\", \"b\": 1}\nx"
        let lines = TextLines(Array(text.utf8))
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "b"))!
        XCTAssertEqual(lines.position(ofOffset: offset), LSPPosition(line: 0, character: 14), "😀 is two UTF-16 units, é one")
        XCTAssertEqual(lines.offset(of: LSPPosition(line: 0, character: 14)), offset)
        XCTAssertEqual(lines.offset(of: LSPPosition(line: 0, character: 500)), Array(text.utf8).firstIndex(of: UInt8(ascii: "\n")), "past the end of a line is its end")
        XCTAssertEqual(lines.offset(of: LSPPosition(line: 9, character: 0)), text.utf8.count, "past the last line is the end")
        XCTAssertEqual(lines.position(ofOffset: text.utf8.count), LSPPosition(line: 1, character: 1))
    }
}
