import XCTest
@testable import ECMARegex
import SeededRandom
import SeededTesting

/// The fast matcher for anchored sequences (`AnchoredSequence`) against the general backtracking
/// engine, on the same patterns and subjects.
final class AnchoredSequenceTests: XCTestCase {
    private func agree(_ pattern: String, _ subjects: [String], expectFastPath: Bool = true,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let regex = try ECMARegex(pattern)
        XCTAssertEqual(regex.hasFastPath, expectFastPath, pattern, file: file, line: line)
        for subject in subjects {
            let bytes = Array(subject.utf8)
            bytes.withUnsafeBufferPointer { bytes in
                XCTAssertEqual(regex.search(utf8: bytes), regex.searchByBacktracking(utf8: bytes),
                               "\(pattern) on \(subject.debugDescription)", file: file, line: line)
            }
        }
    }

    func testSchemaPatternsAgreeWithTheGeneralEngine() throws {
        let subjects = ["", "a", "A1_", "1a", "abc_DEF_9", "1.2.3", "1.2", "10.20.300", "1..2", "a.b.c", "é", "aé", "1.2.3\n",
                        "555-1234", "55-1234", "😀", "x😀y", "ab", "aab", "aaab", "b"]
        for pattern in [#"^[A-Za-z][A-Za-z0-9_]*$"#, #"^[0-9]+\.[0-9]+\.[0-9]+$"#, #"^\d{3}-\d{4}$"#, "^$", "^a?$", "^a{2,3}b?$",
                        "^(a|b)+$", "^(?:x|😀)*y?$", #"^[^\d]+$"#, "^.+$", "^a*a*b$", #"^\w{0,5}$"#, "^(a)b$", "^[é-ü]a{1,}$"] {
            try agree(pattern, subjects)
        }
        // Other shapes keep the general engine.
        for pattern in ["a+", "^a+", "a$", "^(ab)+$", "^a|b$", #"^(a)\1$"#, #"^\bx$"#, "^(?=a)a$", "^a{0,100}$"] {
            try agree(pattern, subjects, expectFastPath: false)
        }
    }

    /// ASCII text goes through a DFA of the sets of atoms, unless it would have more than 64 states;
    /// a non-ASCII scalar sends the whole text to the sets of atoms.
    func testTheASCIIDFAAndItsLimitAgreeWithTheGeneralEngine() throws {
        var random = seededGenerator(64)
        let subjects = (0..<300).map { _ in
            (0..<Int(random.next() % 12)).map { _ in ["a", "b", "c", "é"][Int(random.next() % 4)] }.joined()
        }
        // Of `[ab]*a[ab]{n}`, the DFA must remember the last n + 1 letters: 2^(n+1) sets.
        for (pattern, small) in [("^[ab]*a[ab]{3}$", true), ("^[ab]*a[ab]{4}$", true), ("^[ab]*a[ab]{6}$", false),
                                 ("^[ab]*é?a[ab]{2}$", true), ("^[a-c]+$", true)] {
            XCTAssertEqual(try ECMARegex(pattern).fastPathHasDFA, small, pattern)
            try agree(pattern, subjects + ["", "a", "aaaa", "abab", "baaaa", "ébaaa", "aaaaé", "aaaaaaaaaa"])
        }
    }

    func testRandomAnchoredSequencesAgreeWithTheGeneralEngine() throws {
        var random = seededGenerator(1919)
        let atoms = ["a", "b", "[ab]", "[^a]", ".", #"\d"#, "(a|é)", "é", "(?:b)", "[a-c😀]"]
        let quantifiers = ["", "", "?", "*", "+", "{2}", "{0,2}", "{1,3}", "{2,}", "*?", "+?"]
        let alphabet = ["a", "b", "c", "1", "é", "😀", "\n"]
        for _ in 0..<400 {
            let atomCount = Int(random.next() % 6)
            let body = (0..<atomCount).map { _ in
                atoms[Int(random.next() % UInt64(atoms.count))] + quantifiers[Int(random.next() % UInt64(quantifiers.count))]
            }.joined()
            let subjects = (0..<30).map { _ in
                (0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            }
            try agree("^\(body)$", subjects)
        }
    }
}
