import JSONFormats
import XCTest

final class HostnameTests: XCTestCase {
    func testASCIILabelsAndLengths() {
        let label63 = String(repeating: "a", count: 63)
        assertFormat(.hostname, accepts: [
            "example.com", "EXAMPLE.com", "a", "1host", "a--b.com", "a-b-c", label63,
            [label63, label63, label63, String(repeating: "a", count: 61)].joined(separator: "."),
        ], rejects: [
            "", ".", "a.", ".a", "a..b", "-a", "a-", "a_b", "a b", label63 + "a",
            [label63, label63, label63, String(repeating: "a", count: 62)].joined(separator: "."),
            "ab--c", "ä.com", "a。b",
        ])
    }

    func testALabelsMustDecodeToValidULabels() {
        // A-labels compare case-insensitively (RFC 5891 section 5.3 lower-cases them first).
        assertFormat(.hostname, accepts: [
            "xn--nw2a", "XN--NW2A.com", "xn--bcher-kva.example", "xn--ll-0ea", "xn--Bcher-kva",
        ], rejects: [
            "xn--X", "xn--", "xn--example-", "xn---9uc", "xn--7a", "xn--hello-zed", "xn--al-0ea",
        ])
    }

    func testIDNHostnameSeparatorsAndULabels() {
        assertFormat(.idnHostname, accepts: [
            "bücher.example", "例え。テスト", "a．b", "a｡b", "실례.테스트", "xn--bcher-kva.example", "ß",
            "παράδειγμα.com",
        ], rejects: [
            "", "。", "a。", "a..b", "Bücher", "\u{0300}a", "ab--ü", "-ü", "ü-", "a\u{2028}b", "ᄀ", "a\u{20D0}",
            String(repeating: "ü", count: 60), // 60 octets as a U-label, but 69 as its A-label
        ])
    }

    func testContextualRules() {
        assertFormat(.idnHostname, accepts: [
            "l\u{B7}l", "α\u{375}β", "א\u{5F3}ב", "\u{30FB}ぁ", "漢\u{30FB}", "\u{628}\u{660}\u{628}",
            "क\u{94D}\u{200D}ष", "क\u{94D}\u{200C}ष", "\u{628}\u{64A}\u{200C}\u{628}\u{64A}",
        ], rejects: [
            "a\u{B7}b", "l\u{B7}", "α\u{375}", "α\u{375}a", "a\u{5F3}ב", "\u{30FB}", "ab\u{30FB}cd",
            "\u{628}\u{660}\u{6F0}", "क\u{200D}ष", "a\u{200C}b", "\u{628}\u{200C}\u{627}\u{200C}",
        ])
    }

    func testNormalisationFormC() {
        XCTAssertTrue(StringFormat.idnHostname.accepts("caf\u{E9}"))
        XCTAssertFalse(StringFormat.idnHostname.accepts("cafe\u{301}"))
        XCTAssertTrue(StringFormat.idnEmail.accepts("a@cafe\u{301}.com"))
    }

    func testBidiRuleAppliesToEveryLabelOfARightToLeftName() {
        assertFormat(.idnHostname, accepts: ["אב.example", "ب٠ب", "א1", "א-ב", "0a.b"], rejects: [
            "0a.א", "0ا", "aא", "א0٠", "xn--0ca24w", "א-", "a.אb",
        ])
    }
}
