import XCTest
import SeededTesting
@testable import JSONSchema

/// An ASCII URI reference is split on its bytes; the split by characters is the definition it must agree with.
final class URIReferenceSplitTests: XCTestCase {
    private func assertSameSplit(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let byCharacters = URIReference.splitByCharacters(text)
        let split = URIReference(text)
        XCTAssertEqual(split, byCharacters, "\(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(split.description, byCharacters.description, "\(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(split.description, text, "\(text.debugDescription)", file: file, line: line)
    }

    func testEveryShapeOfReferenceSplitsAsByItsCharacters() {
        for text in ["", "#", "?", ":", "//", "a:", "a:b", "1a:b", "a+b-c.d:x", "a_b:x", "https://h:8/p?q#f", "//h", "//h/p", "///p",
                     "a:#x", "a?b:c", "a#b?c:d", "a:b?c#d?e", "urn:x:y", "file:///tmp/x.json", "#/definitions/a", "#Anchor",
                     "http://a/b/c/d;p?q", "../g", "g?y#s", "a\r\nb:c", "\r\n:x"] {
            assertSameSplit(text)
        }
    }

    /// Random texts over the characters that delimit components, letters, digits and a few non-ASCII ones (which
    /// take the split by characters, and must round-trip as well).
    func testRandomReferencesSplitAsByTheirCharacters() {
        var generator = seededGenerator(0x5552_4953)
        let pieces = ["#", "?", ":", "/", "//", ".", "..", "a", "Z", "h", "9", "+", "-", "_", "%2F", "\r\n", " ", "é", "\u{301}", "日"]
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 12)
            let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            assertSameSplit(text)
        }
    }

    /// A path without a `.` byte is left as it is; one with dot segments loses them, as RFC 3986 §5.2.4 says.
    func testDotSegmentsAreRemovedOnlyWhereThereAreDots() {
        XCTAssertEqual(URIReference.removeDotSegments("/a/b/c"), "/a/b/c")
        XCTAssertEqual(URIReference.removeDotSegments("/a/./b/../c"), "/a/c")
        XCTAssertEqual(URIReference.removeDotSegments("/a/.\u{301}/b"), "/a/.\u{301}/b")
    }

    /// A path with no `.` or `..` segment of bytes is given back as it is without the segment-by-segment walk, and
    /// that walk (taken once a `/.` is added) keeps every segment of it too: the shortcut gives what the walk gives.
    func testPathsWithoutDotSegmentsAreKeptAsTheWalkKeepsThem() {
        var generator = seededGenerator(0x444F_5453)
        let pieces = ["/", "/", ".", "..", "...", "a", ".json", "é", "\u{301}", "\u{338}", "%2E", " "]
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 10)
            let path = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard !segments.contains(where: { $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8) }) else { continue }
            XCTAssertEqual(URIReference.removeDotSegments(path), path, path.debugDescription)
            XCTAssertEqual(URIReference.removeDotSegments(path + "/."), path + "/", path.debugDescription)
        }
        XCTAssertEqual(URIReference.removeDotSegments("/a/.../b.json"), "/a/.../b.json")
        XCTAssertEqual(URIReference.removeDotSegments("a/.."), "")
        XCTAssertEqual(URIReference.removeDotSegments("/v2/./x.json"), "/v2/x.json")
    }
}
