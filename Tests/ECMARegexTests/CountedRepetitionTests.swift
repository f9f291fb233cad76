import XCTest
import ECMARegex
import SeededRandom
import SeededTesting

/// Counted repetition: exact results for the edge cases, agreement with hand-expanded patterns,
/// and hostile patterns that must either be refused at compile time or answer.
final class CountedRepetitionTests: XCTestCase {
    func testEdgeCaseCounts() throws {
        try assertMatches("^a{0}$", [""], not: ["a"])
        try assertMatches("^(?:ab){0}c$", ["c"], not: ["abc"])
        try assertMatches("^x(a|b){0}y$", ["xy"], not: ["xay"])
        try assertMatches("^a{1,1}$", ["a"], not: ["", "aa"])
        try assertMatches("^(?:ab){1,1}$", ["ab"], not: ["abab"])
        try assertMatches("^a{2,}$", ["aa", String(repeating: "a", count: 5_000)], not: ["", "a", "aab"])
        try assertMatches("^(?:ab){2,}$", ["abab", "ababab"], not: ["ab", "aba"])
        try assertMatches("^a{2,5}?$", ["aa", "aaaaa"], not: ["a", "aaaaaa"])
        try assertMatches("^a{2,5}?b", ["aab", "aaaaab"], not: ["ab", "aaaaaab"])
        try assertMatches("^(?:a|bc){2,3}?$", ["abc", "bcbcbc", "aa"], not: ["a", "aaaa"])
        try assertMatches("a{3}", ["xaaay"], not: ["xaay"])
        try assertMatches("^.{2,4}$", ["ab", "🐲🐲🐲🐲"], not: ["a", "abcde", "a\nb"])
        try assertMatches("^[^\\n]{0,3}\\n", ["abc\n", "\n"], not: ["abcd\n"])
        try assertMatches("^(?:\\p{Lu}|\\d){3}$", ["A1É"], not: ["a1É", "A1"])
    }

    func testLookbehindReadsBackwards() throws {
        try assertMatches("(?<=a.*)b", ["xab", "axxb"], not: ["bxa", "b"])
        try assertMatches("(?<!x.{0,3})y", ["x1234y", "y"], not: ["x123y", "xy"])
        try assertMatches("(?<=^(?:ab){2,})c", ["ababc", "abababc"], not: ["abc", "xababc"])
        // Right to left, the group is matched before the backreference that precedes it.
        try assertMatches("(?<=\\1(a))b", ["aab"], not: ["xab"])
        try assertMatches("(?<=(\\d+)(\\d+))$", ["1053"])
    }

    func testLookaroundsInsideCounters() throws {
        try assertMatches("^(?:(?=[a-c])\\w){3}$", ["abc", "cab"], not: ["abd", "ab"])
        try assertMatches("^(?:(?!x).){2,4}$", ["ab", "abcd"], not: ["axb", "abcde"])
        try assertMatches("^(?:a(?<=\\ba)){1,2}", ["a"], not: ["ba"])
    }

    /// The compact repetition step must agree with the same pattern written out by hand.
    func testCountersAgreeWithHandExpandedPatterns() throws {
        let pairs: [(String, String)] = [
            ("^(?:a|b){2,4}c", "^(?:a|b)(?:a|b)(?:(?:a|b)(?:a|b)?)?c"),
            ("(?:a|b){2,4}?c$", "(?:a|b)(?:a|b)(?:|(?:a|b)(?:|(?:a|b)))c$"),
            ("^[ab]{3,}$", "^[ab][ab][ab][ab]*$"),
            ("a.{1,3}b", "a.(?:.(?:.)?)?b"),
            ("(?<=a.{0,2})b", "(?<=a(?:.(?:.)?)?)b"),
            ("(?:ab){1,3}c", "ab(?:ab(?:ab)?)?c"),
        ]
        var random = seededGenerator(42)
        let alphabet: [Character] = ["a", "b", "c", "\n"]
        let subjects = (0..<400).map { _ in String((0..<Int(random.next() % 9)).map { _ in alphabet[Int(random.next() % 4)] }) }
        for (compact, expanded) in pairs {
            let left = try ECMARegex(compact), right = try ECMARegex(expanded)
            for subject in subjects {
                XCTAssertEqual(left.matches(subject), right.matches(subject), "\(compact) vs \(expanded) on \(subject.debugDescription)")
            }
        }
    }

    func testOverExpandingRepetitionsAreRefusedWhereTheyStand() {
        for (pattern, offset) in [("(?:.*a){0,9000}x", 0), ("((a{0,100}){0,100}){0,100}", 0), ("x(?:a?){5000}a{1000}", 1),
                                  ("(?:(a)\\1){0,9000}x", 0), ("(?:ab){3000}", 0)] {
            XCTAssertThrowsError(try ECMARegex(pattern), pattern) { error in
                let syntax = error as? RegexSyntaxError
                XCTAssertEqual(syntax?.offset, offset, pattern)
                XCTAssertEqual(syntax?.message.hasPrefix("pattern too large after expanding its repetitions (more than 4096 steps)"), true, pattern)
            }
        }
        XCTAssertNoThrow(try ECMARegex("(?:ab){40}"), "within 100 + 3 per pattern character")
        XCTAssertNoThrow(try ECMARegex("^(?:[a-z0-9-]+\\.){1,60}[a-z]{2,}$"), "a long but simple counted group")
    }

    /// Programs between the linear-time size (100 + 3 per pattern character) and 4,096 steps search
    /// subjects up to their state budget exactly, and say so for longer ones.
    func testLargeExpansionsAnswerWithinTheirStateBudget() throws {
        let hostname = try ECMARegex("^(?:[a-z0-9-]+\\.){1,126}[a-z]{2,63}$")
        XCTAssertEqual(hostname.search("www.example.com"), .match)
        XCTAssertEqual(hostname.search("www..com"), .noMatch)
        XCTAssertEqual(hostname.search(String(repeating: "a.", count: 126) + "com"), .match)
        XCTAssertEqual(hostname.search(String(repeating: "a.", count: 127) + "com"), .noMatch, "127 labels before the last are one too many")
        XCTAssertEqual(hostname.search(String(repeating: "a", count: 10_000) + ".com"), .budgetExhausted)
        XCTAssertFalse(hostname.matches(String(repeating: "a", count: 10_000) + ".com"))

        try assertMatches("^(?:ab){70}$", [String(repeating: "ab", count: 70)], not: [String(repeating: "ab", count: 69)])
        try assertMatches("^(?:(?:a|b)(?:c|d)?){0,100}$", ["", "acbd", "ab" + String(repeating: "ad", count: 49)],
                          not: ["cc", String(repeating: "a", count: 101)])
        XCTAssertEqual(try ECMARegex("x(?:a?){1000}a{1000}").search("x" + String(repeating: "a", count: 1_500)), .match)
    }

    func testHostileCountersAnswer() throws {
        let subject = String(repeating: "ab", count: 5_000)
        XCTAssertTrue(try ECMARegex("(?:a|b){0,9000}$").matches(subject))
        XCTAssertFalse(try ECMARegex("^(?:a|b){0,9000}$").matches(subject))
        XCTAssertFalse(try ECMARegex(".{0,9000}x").matches(subject))
        XCTAssertTrue(try ECMARegex("^.{5000,}$").matches(subject))
        XCTAssertFalse(try ECMARegex("a{5000,}b").matches(subject))
        XCTAssertFalse(try ECMARegex("\\b(?:\\w+\\s*){0,40}\\b!").matches(subject))
        XCTAssertFalse(try ECMARegex("(?<!x.{0,9000})c").matches(subject))
        XCTAssertTrue(try ECMARegex("(?<=^(?:a|b){9998})ab$").matches(subject))
        XCTAssertFalse(try ECMARegex("(?:(?<=a{0,500})a){0,40}c").matches(subject))
    }

    func testBackreferencePatternsReportAnExhaustedBudget() throws {
        let subject = String(repeating: "ab", count: 5_000)
        let regex = try ECMARegex("(.*)\\1\\1x")
        XCTAssertEqual(regex.search(subject), .budgetExhausted)
        XCTAssertFalse(regex.matches(subject), "an exhausted budget counts as not matching")
        XCTAssertEqual(regex.search("abababx"), .match)
        XCTAssertEqual(try ECMARegex("(a+)b\\1").search("xaabaa"), .match)
        XCTAssertEqual(try ECMARegex("(a+)b\\1c").search("aaba"), .noMatch)
        XCTAssertEqual(try ECMARegex("(.{0,5000})\\1!").search(subject), .budgetExhausted)
    }
}
