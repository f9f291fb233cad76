import XCTest
@testable import JSONCore

/// `JSONTapeParser` writes each tape over the memory of the previous one once nothing holds it:
/// tapes still held must never change, and every tape must be the one `JSONTape(bytes:)` makes.
final class JSONTapeParserTests: XCTestCase {
    private let documents = [
        #"{"a": [1, -2.5e3, true, false, null, "x\u00e9\n"], "b": {}, "c": []}"#,
        #"[[], {}, [[[]]], {"k": {"k": {"k": 0}}}]"#,
        #""escaped \"text\" \\ \ud83d\ude00""#,
        #"{"a": 1, "b": 2, "a": "repeated key, last value at the first place"}"#,
        "  42  ",
        #"{"long": "\#(String(repeating: "ab\\n", count: 500))", "list": [\#((0..<300).map(String.init).joined(separator: ", "))]}"#,
        "null",
    ]

    /// A fresh tape's value and compact text for each document.
    private func expected() throws -> [(value: JSONValue, text: String)] {
        try documents.map { text in
            let tape = try JSONTape(bytes: Array(text.utf8))
            return (tape.value, JSONWriter.compact.string(tape.value))
        }
    }

    func testTapesDroppedBetweenParsesMatchFreshTapes() throws {
        let fresh = try expected()
        var parser = JSONTapeParser()
        // Twice round, so every document is parsed over memory a larger or smaller one left.
        for round in 0..<2 {
            for (text, expected) in zip(documents, fresh) {
                let tape = try parser.tape(Array(text.utf8))
                XCTAssertEqual(tape.value, expected.value, "round \(round): \(text)")
                XCTAssertEqual(JSONWriter.compact.string(tape.value), expected.text, "round \(round): \(text)")
            }
        }
    }

    func testTapesStillHeldAreNotWrittenOver() throws {
        let fresh = try expected()
        var parser = JSONTapeParser()
        var held: [JSONTape] = []
        for text in documents + documents.reversed() {
            held.append(try parser.tape(Array(text.utf8)))
        }
        for (tape, expected) in zip(held, fresh + fresh.reversed()) {
            XCTAssertEqual(tape.value, expected.value)
            XCTAssertEqual(JSONWriter.compact.string(tape.value), expected.text)
        }
        // Held every other time: the dropped ones' memory is reused under the held ones.
        var kept: [(JSONTape, String)] = []
        for (index, (text, expected)) in zip(documents + documents, fresh + fresh).enumerated() {
            let tape = try parser.tape(Array(text.utf8))
            if index % 2 == 0 { kept.append((tape, expected.text)) }
        }
        for (tape, text) in kept { XCTAssertEqual(JSONWriter.compact.string(tape.value), text) }
    }

    func testErrorsAreTheSameAsAFreshTapesAndTheParserGoesOn() throws {
        let bad = [#"{"a": [1, 2,]}"#, "[1, 2", #"{"a" 1}"#, #""\ud800""#, "[01]", "{\"a\": \"\u{1}\"}", ""]
        var parser = JSONTapeParser()
        for text in bad {
            var fresh: JSONParseError?
            var reused: JSONParseError?
            do { _ = try JSONTape(bytes: Array(text.utf8)) } catch { fresh = error }
            do { _ = try parser.tape(Array(text.utf8)) } catch { reused = error }
            XCTAssertNotNil(fresh, text)
            XCTAssertEqual(reused, fresh, text)
            // A good document parses right after a refused one.
            XCTAssertEqual(try parser.tape(Array(documents[0].utf8)).value, try expected()[0].value)
        }
        var shallow = JSONTapeParser(maxDepth: 2)
        XCTAssertThrowsError(try shallow.tape(Array("[[[1]]]".utf8)))
        XCTAssertEqual(try shallow.tape(Array("[[1]]".utf8)).value, [[1]])
    }
}

/// Tape memory of 4 MiB or more is aligned for huge pages on Linux (allocated and freed another
/// way than the rest): it must hold what is written like any other.
final class GrowableStorageTests: XCTestCase {
    func testLargeStorageHoldsWhatIsWrittenWhereverItComesFrom() {
        var buffer = GrowableBuffer<JSONTape.Entry>(capacity: 4)
        let count = 300_000  // grows past 4 MiB of 16-byte entries
        for index in 0..<count { buffer.append(JSONTape.Entry(kind: .integer, payload: Int64(index))) }
        XCTAssertEqual(buffer.count, count)
        XCTAssertTrue((0..<count).allSatisfy { buffer[$0].payload == Int64($0) && buffer[$0].kind == .integer })
        #if os(Linux)
        XCTAssertTrue(buffer.storage.isHugePageAligned)
        XCTAssertEqual(Int(bitPattern: buffer.storage.base) % GrowableStorage<JSONTape.Entry>.hugePageSize, 0)
        #endif
        XCTAssertFalse(GrowableStorage<JSONTape.Entry>(capacity: 1_000).isHugePageAligned)
        // A tape parsed onto such storage reads back the same as one built from the tree.
        let text = "[" + (0..<300_000).map { String($0 % 10) }.joined(separator: ",") + "]"
        var parser = JSONTapeParser()
        let tape = try? parser.tape(Array(text.utf8))
        XCTAssertEqual(tape?.withView { $0.count(0) }, 300_000)
        XCTAssertEqual(tape?.withView { view in view.elements(of: 0).allSatisfy { view.number($0) == JSONNumber(($0 - 1) % 10) } }, true)
    }
}
