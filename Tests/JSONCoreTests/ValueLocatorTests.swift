import XCTest
@testable import JSONCore
import SeededRandom
import SeededTesting

/// `ValueLocator` answers what `SourceMap.position(of:)` answers, for every value of a text and for
/// pointers that go past the values there are.
final class ValueLocatorTests: XCTestCase {
    /// Every pointer of `value`, then each with a token added that names nothing or something only
    /// under another spelling, and pointers of names from the pool.
    private func pointers(of value: JSONValue, random: inout SplitMix64) -> [JSONPointer] {
        var all: [JSONPointer] = []
        var pending: [(JSONPointer, JSONValue)] = [(.root, value)]
        while let (pointer, value) = pending.popLast() {
            all.append(pointer)
            switch value {
            case .object(let object): pending += object.members.map { (pointer.appending($0.key), $0.value) }
            case .array(let elements): pending += elements.indices.map { (pointer.appending(index: $0), elements[$0]) }
            default: break
            }
        }
        let extra = ["zz", "99", "00", "-1", "1", "é", "\u{212A}", "K", "e\u{301}"]
        all += all.map { $0.appending(extra.randomElement(using: &random) ?? "zz") }
        for _ in 0..<20 {
            let depth = Int.random(in: 1..<5, using: &random)
            all.append(JSONPointer(tokens: (0..<depth).map { _ in (RandomJSONText.names + ["0", "3", "11"]).randomElement(using: &random) ?? "" }))
        }
        return all.shuffled(using: &random)
    }

    private func assertLocatorAgrees(_ bytes: [UInt8], pointers given: [JSONPointer]? = nil, random: inout SplitMix64,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let document = try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
        let sourceMap = try XCTUnwrap(document.sourceMap)
        let pointers = given ?? self.pointers(of: document.value, random: &random)
        let found = ValueLocator.positions(of: pointers, in: bytes)
        for (pointer, position) in zip(pointers, found) where position != sourceMap.position(of: pointer) {
            XCTFail("\(pointer): \(position) (offset \(position.offset)), the source map says \(sourceMap.position(of: pointer)) (offset "
                    + "\(sourceMap.position(of: pointer).offset)) in \(String(decoding: bytes, as: UTF8.self).debugDescription)", file: file, line: line)
            return
        }
    }

    func testRandomTextsAgreeWithTheSourceMap() throws {
        var random = seededGenerator(0x10CA7E)
        var texts = RandomJSONText(seed: random.next())
        for _ in 0..<1500 {
            try assertLocatorAgrees(texts.text(depth: Int.random(in: 0..<6, using: &random)), random: &random)
        }
    }

    func testEscapedRepeatedAndEquivalentNames() throws {
        var random = seededGenerator(7)
        let texts = [
            #"{"a~b": 1, "a/b": {"~0": [true]}, "\u0061": 2}"#,
            #"{"x": {"y": 1, "z": [1]}, "x": {"y": 2}}"#,
            #"{"x": [1, 2, 3], "x": {"0": "zero"}}"#,
            "{\"\u{e9}\": 1, \"e\u{301}\": [2, 3]}",
            "{\"K\": 1, \"\\u212a\": {\"k\": 2}, \"\u{212A}\": 0}",
            #"{"\ud83d\ude00": {"\"q\"": [0, {"\\": null}]}, "t\tab": 1}"#,
            "\u{FEFF}  {\"a\": [\"x\\\"]\", {\"b\": \"{\"}]}\r\n",
            "[\r\n\t1,\r\n\t[\"é\", \"日本\", {\"日本\": \"🎉\"}]\r\n]",
            #""just a string""#,
            " 12 ",
        ]
        for text in texts {
            try assertLocatorAgrees(Array(text.utf8), random: &random)
        }
    }

    /// Long arrays and strings that cross the eight-byte blocks of the skips at every alignment.
    func testSkipsAtEveryAlignment() throws {
        var random = seededGenerator(8)
        for pad in 0..<17 {
            let filler = String(repeating: "é", count: pad) + String(repeating: "\\\"", count: pad % 3)
            let text = "{\"p\": \"\(filler)\", \"arr\": [" + (0..<30).map { "{\"v\": [\($0), \"]\(filler)[\"], \"w\": \"\(filler)\"}" }.joined(separator: ",")
                + "], \"after\": {\"k\": \"\(filler)}\"}}"
            let pointers = [JSONPointer(tokens: ["arr", "29", "w"]), JSONPointer(tokens: ["after", "k"]), JSONPointer(tokens: ["arr", "3", "v", "1"]),
                            JSONPointer(tokens: ["arr", "31"]), JSONPointer(tokens: ["p"])]
            try assertLocatorAgrees(Array(text.utf8), pointers: pointers, random: &random)
        }
    }

    func testDeeplyNestedTextsTakeNoStack() throws {
        var random = seededGenerator(9)
        let depth = 9_000
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let deepest = JSONPointer(tokens: Array(repeating: "0", count: depth))
        try assertLocatorAgrees(Array(text.utf8), pointers: [deepest, deepest.appending("0"), .root], random: &random)
    }

    func testNoPointersAndTextsThatAreNotJSONAnswerWithinBounds() {
        XCTAssertEqual(ValueLocator.positions(of: [], in: Array("{}".utf8)), [])
        let pointer = JSONPointer(tokens: ["a", "0"])
        for text in ["", "   ", "{\"a\": [", "{\"a", "[\"\\", "{\"a\": \"\\"] {
            let found = ValueLocator.positions(of: [pointer], in: Array(text.utf8))
            XCTAssertLessThanOrEqual(found[0].offset, text.utf8.count, text)
        }
    }

    /// `LineCounter` counts lines and columns as `LineTable` does: columns in scalars, `\r` a column.
    func testLineCounterAgreesWithTheLineTable() {
        var random = seededGenerator(10)
        let pieces = ["a", "\n", "\r\n", "\t", "é", "日", "🎉", " ", "\u{301}"]
        for _ in 0..<300 {
            let bytes = Array((0..<Int.random(in: 0..<80, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined().utf8)
            let offsets = (0..<Int.random(in: 1..<8, using: &random)).map { _ in Int.random(in: 0...bytes.count, using: &random) }
            let table = LineTable(bytes)
            XCTAssertEqual(LineCounter.positions(ofOffsets: offsets, in: bytes), offsets.map(table.position(ofOffset:)))
        }
    }
}
