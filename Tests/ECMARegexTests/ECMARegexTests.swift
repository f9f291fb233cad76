import XCTest
import ECMARegex

final class ECMARegexTests: XCTestCase {
    private func assertSyntaxError(_ pattern: String, at offset: Int? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ECMARegex(pattern), pattern, file: file, line: line) { error in
            if let offset { XCTAssertEqual((error as? RegexSyntaxError)?.offset, offset, pattern, file: file, line: line) }
        }
    }

    func testSearchIsUnanchored() throws {
        try assertMatches("b+", ["abbbc", "b"], not: ["ac", ""])
        try assertMatches("^x-", ["x-foo"], not: ["ax-"])
        try assertMatches("", ["", "anything"])
    }

    func testAnchorsIgnoreNewlines() throws {
        try assertMatches("^abc$", ["abc"], not: ["abc\n", "\nabc", "x\nabc"])
    }

    func testAlternationGroupsAndQuantifiers() throws {
        try assertMatches("^(cat|dog)s?$", ["cat", "dogs"], not: ["cats!", "bird"])
        try assertMatches("^a{2,3}$", ["aa", "aaa"], not: ["a", "aaaa"])
        try assertMatches("^a{2}$", ["aa"], not: ["aaa"])
        try assertMatches("^a{2,}$", ["aa", "aaaaaa"], not: ["a"])
        try assertMatches("^(?:ab)+$", ["abab"], not: ["aba"])
        try assertMatches("^a*?b$", ["aaab", "b"])
        try assertMatches("^(a|)*$", ["aaa", ""])
    }

    func testCharacterClasses() throws {
        try assertMatches("^[a-c0-2_]+$", ["ab_01"], not: ["d", "3"])
        try assertMatches("^[^abc]$", ["d", "é"], not: ["a"])
        try assertMatches("^[\\d.-]+$", ["1.5-2"], not: ["x"])
        try assertMatches("^[\\]\\\\]$", ["]", "\\"])
        try assertMatches("^[\\b]$", ["\u{8}"], not: ["b"])
    }

    func testClassEscapesAreASCIIForDigitsAndWords() throws {
        try assertMatches("^\\d$", ["0", "9"], not: ["\u{09EA}", "\u{07C0}", "a"])
        try assertMatches("^\\D$", ["\u{07C0}", "a"], not: ["5"])
        try assertMatches("^\\w$", ["a", "Z", "_", "7"], not: ["é", "-"])
        try assertMatches("^\\W$", ["é"], not: ["a"])
    }

    func testWhitespaceFollowsECMA() throws {
        try assertMatches("^\\s$", [" ", "\t", "\n", "\u{A0}", "\u{FEFF}", "\u{2003}", "\u{2029}", "\u{B}"], not: ["a", "\u{200B}"])
        try assertMatches("^\\S$", ["a", "\u{200B}"], not: [" "])
    }

    func testDotExcludesLineTerminators() throws {
        try assertMatches("^.$", ["a", "🐲", "\u{2027}"], not: ["\n", "\r", "\u{2028}", "\u{2029}"])
    }

    func testEscapes() throws {
        try assertMatches("^\\t\\n\\x41\\u0042\\u{1F432}\\cC\\0$", ["\t\nAB🐲\u{3}\u{0}"])
        try assertMatches("^\\ud83d\\udc32$", ["🐲"])
        try assertMatches("^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/\\^\\$$", [".*+?()[]{}|/^$"])
    }

    func testUnicodeModeCountsScalars() throws {
        try assertMatches("^🐲*$", ["", "🐲", "🐲🐲"], not: ["🐉"])
        try assertMatches("^.$", ["🐲"])
        try assertMatches("^[🐲🐉]$", ["🐉"])
    }

    func testWordBoundaries() throws {
        try assertMatches("\\bcat\\b", ["a cat!", "cat"], not: ["concat", "cats"])
        try assertMatches("\\Bat", ["cat"], not: ["at"])
    }

    func testLookarounds() throws {
        try assertMatches("^(?=.*\\d)(?=.*[a-z]).{6,}$", ["abc123"], not: ["abcdef", "123456", "a1"])
        try assertMatches("^(?!foo).*$", ["bar"], not: ["foobar"])
        try assertMatches("(?<=\\$)\\d+", ["cost $42"], not: ["cost 42"])
        try assertMatches("(?<!-)\\b\\d+$", ["x 42"], not: ["-42"])
    }

    func testBackreferences() throws {
        try assertMatches("^(a+)b\\1$", ["aabaa", "aba"], not: ["aabа", "aab"])
        try assertMatches("^(?<q>['\"]).*\\k<q>$", ["'x'", "\"y\""], not: ["'z\""])
    }

    func testUnicodePropertyEscapes() throws {
        try assertMatches("\\p{Letter}cole", ["l'école", "ecole"], not: ["L'ÉCOLE"])
        try assertMatches("^\\p{digit}+$", ["42", "\u{09EA}\u{09E8}"], not: ["-%#"])
        try assertMatches("^\\p{Lu}\\p{Ll}+$", ["Émile"], not: ["émile"])
        try assertMatches("^\\P{L}+$", ["123"], not: ["a1"])
        try assertMatches("^\\p{General_Category=Decimal_Number}$", ["7"])
    }

    func testSyntaxErrorsWithOffsets() {
        assertSyntaxError("(unclosed", at: 0)
        assertSyntaxError("[a-", at: 0)
        assertSyntaxError("a)", at: 1)
        assertSyntaxError("*a", at: 0)
        assertSyntaxError("a{2,1}", at: 1)
        assertSyntaxError("^[a-z]+\\Z", at: 7)
        assertSyntaxError("\\a")
        assertSyntaxError("{")
        assertSyntaxError("a}")
        assertSyntaxError("]")
        assertSyntaxError("[z-a]")
        assertSyntaxError("[\\d-z]")
        assertSyntaxError("\\2(a)")
        assertSyntaxError("\\k<nope>(?<yes>a)")
        assertSyntaxError("\\p{NotAProperty}")
        assertSyntaxError("(?=a)*")
        assertSyntaxError("(?<n>a)(?<n>b)")
        assertSyntaxError("\\01")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        assertSyntaxError(String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000))
        XCTAssertNoThrow(try ECMARegex(String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)))
    }

    /// A backtracking engine without memo would take centuries on these; a hang is the failure.
    func testPathologicalPatternsFinish() throws {
        XCTAssertFalse(try ECMARegex("^(a+)+$").matches(String(repeating: "a", count: 40) + "!"))
        XCTAssertFalse(try ECMARegex("(x+x+)+y").matches(String(repeating: "x", count: 5_000)))
        XCTAssertFalse(try ECMARegex("^(a|aa)*b$").matches(String(repeating: "a", count: 5_000)))
        XCTAssertFalse(try ECMARegex("^(\\w+\\s?)*$").matches(String(repeating: "word ", count: 1_000) + "!"))
        XCTAssertTrue(try ECMARegex("^(a+)+$").matches(String(repeating: "a", count: 10_000)))
    }

    func testBackreferencePatternsHaveABudgetInsteadOfHanging() throws {
        XCTAssertFalse(try ECMARegex("^(a*)*\\1b$").matches(String(repeating: "a", count: 200)))
    }

    func testEqualityIsByPattern() throws {
        XCTAssertEqual(try ECMARegex("a+"), try ECMARegex("a+"))
        XCTAssertNotEqual(try ECMARegex("a+"), try ECMARegex("a*"))
        XCTAssertEqual(try ECMARegex("a+").pattern, "a+")
    }

    func testMatchingUTF8BytesAgreesWithStrings() throws {
        let regex = try ECMARegex("^[a-zé]+ \\p{L}+ .🎉$")
        for text in ["abé 日本 x🎉", "abé 日本 🎉🎉", "abE 日本 x🎉", "é é é🎉", "é é 🎉"] {
            var bytes = text
            let fromBytes = bytes.withUTF8 { regex.matches(utf8: $0) }
            XCTAssertEqual(fromBytes, regex.matches(text), text)
        }
        XCTAssertTrue(regex.matches("abé 日本 x🎉"))
        XCTAssertFalse(regex.matches("é é 🎉"), "the dot takes the emoji as one code point, leaving none to match")
    }
}
