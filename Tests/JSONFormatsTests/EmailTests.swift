import JSONFormats
import XCTest

final class EmailTests: XCTestCase {
    func testEmailLocalPartsAndDomains() {
        assertFormat(.email, accepts: [
            "joe.bloggs@example.com", "a@b", "~!#$%&'*+-/=?^_`{|}~@example.com", "\"joe bloggs\"@example.com",
            "\"a\\\"b\\\\c\"@example.com", "\"\"@example.com", "a@[127.0.0.1]", "a@[IPv6:::1]",
            "a@[ipv6:2001:db8::1]", String(repeating: "a", count: 64) + "@example.com",
        ], rejects: [
            "", "a", "@example.com", "a@", ".a@example.com", "a.@example.com", "a..b@example.com", "a b@example.com",
            "a@b@example.com", "\"a@example.com", "\"a\"b@example.com", "a@-example.com", "a@example..com",
            "a@example.com.", "a@[127.0.0.256]", "a@[IPv6:1.2.3.4]", "a@[::1]", "a@[tag:x]", "a@[127.0.0.1",
            "ä@example.com", "a@exämple.com", String(repeating: "a", count: 65) + "@example.com",
        ])
    }

    func testInternationalEmailAdmitsUTF8() {
        assertFormat(.idnEmail, accepts: [
            "ä@example.com", "\"ä ö\"@example.com", "실례@실례.테스트", "a@exämple.com", "a@例え。テスト",
            "a@[127.0.0.1]",
        ], rejects: [
            "ä", "ä@", "ä..ö@example.com", "a＠example.com", "a@exa mple.com", "a@\u{0300}x.com", "a@Ä.com",
        ])
    }
}
