import SeededRandom
import SeededTesting
import XCTest
@testable import ResultArchive

/// The verifier's byte-level shortcuts against the general code they stand for, on many seeded inputs.
final class FastPathTests: XCTestCase {
    /// An entry's base name found on its bytes (ASCII names) is the one found on its characters.
    func testBaseNameOnBytesIsTheBaseNameOnCharacters() {
        var random = seededGenerator(0xBA5E)
        let pieces = ["a", "motion.json", "/", "/", "//", ".", "..", "\u{301}", "é", "🙂", "\\", " ", "x/", "/\u{301}"]
        for _ in 0..<5_000 {
            let name = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let general = name.lastIndex(of: "/").map { String(name[name.index(after: $0)...]) } ?? name
            XCTAssertEqual(ArchiveVerifier.baseName(name), general, name.debugDescription)
        }
        XCTAssertEqual(ArchiveVerifier.baseName("a/\u{301}b"), "a/\u{301}b", "a slash with a combining mark is no slash")
    }

    /// An upload field's key lower-cased on its bytes is `lowercased()`'s, ASCII or not.
    func testUploadFieldKeyIsLowercased() {
        var random = seededGenerator(0x10CA5E)
        let pieces = ["a", "Z", "recordId", "@", "[", "`", "{", "_", "0", "É", "ß", "İ", "Σ", "\u{301}", "🙂", "ǅ", " "]
        for _ in 0..<5_000 {
            let name = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            XCTAssertEqual(UploadField.key(name), name.lowercased(), name.debugDescription)
        }
        for byte in UInt8(0)..<0x80 {
            let name = String(decoding: [byte], as: UTF8.self)
            XCTAssertEqual(UploadField.key(name), name.lowercased(), "byte \(byte)")
        }
    }

    /// The names of an archive's files, searched in order while few and hashed once many, answer as a `Set` does.
    func testNameSetAnswersAsASet() {
        var random = seededGenerator(0x5E7)
        for _ in 0..<200 {
            var names = NameSet(), reference = Set<String>()
            for _ in 0..<Int.random(in: 0...(NameSet.orderedLimit * 3), using: &random) {
                let name = "f\(Int.random(in: 0..<80, using: &random))"
                names.insert(name)
                reference.insert(name)
                let probe = "f\(Int.random(in: 0..<80, using: &random))"
                XCTAssertEqual(names.contains(probe), reference.contains(probe), probe)
            }
            XCTAssertTrue(reference.allSatisfy(names.contains))
        }
    }

    /// A manifest line's keys equal up to case are found among a few keys and among many (searched in order, then
    /// hashed), naming the first spelling.
    func testKeysEqualUpToCaseAreFoundAmongFewAndMany() {
        for count in [1, 2, 15, 16, 17, 40] {
            let keys = (0..<count).map { "k\($0)" }
            for duplicate in [0, count / 2, count - 1] {
                let members = keys.map { "\"\($0)\": 1" } + ["\"K\(duplicate)\": 2"]
                let line = "{\"path\": \"a.zip\", " + members.joined(separator: ", ") + "}"
                guard case .failure(let issue) = RecordManifest.parse(Array(line.utf8), line: 1, name: "m", folder: "/") else {
                    XCTFail("\(count) keys, K\(duplicate)")
                    continue
                }
                XCTAssertTrue(issue.message.hasPrefix("keys \"k\(duplicate)\" and \"K\(duplicate)\" are equal up to case"), issue.message)
            }
            let line = "{\"path\": \"a.zip\", " + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
            guard case .success = RecordManifest.parse(Array(line.utf8), line: 1, name: "m", folder: "/") else { return XCTFail("\(count) distinct keys") }
        }
    }
}
