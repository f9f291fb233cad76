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
}
