import JSONFormats
import XCTest

final class URITests: XCTestCase {
    func testURIRequiresAScheme() {
        assertFormat(.uri, accepts: [
            "http://example.com", "http:", "a:b", "urn:isbn:0451450523", "mailto:a@b.c",
            "http://user:pass@host:8080/p/a/t/h?query=1&x#frag/?", "http://[::1]:80/", "http://[v7.a:b]/",
            "http://[::ffff:1.2.3.4]", "http://h/%7E", "file:///etc/hosts", "http://host:/", "s+.-1:x",
        ], rejects: [
            "", "/relative", "//host", "1a:b", ":b", "http://host:port", "http://[::1", "http://[:::1]/",
            "http://[vx.a]", "http://[v1.]", "http://a@b@c", "http://h/%", "http://h/%7", "http://h/%7g",
            "http://h/a b", "http://h/ä", "http://h/#a#b", "http://h/\\", "http:/[x]", "http://h/{",
        ])
    }

    func testURIReference() {
        assertFormat(.uriReference, accepts: [
            "", "#", "?", "a", "./a:b", "/a:b", "//", "//host:1/p", "../x?y#z", "a/b:c", "%41",
        ], rejects: ["a:b c", "1:b", "a b", "//h:x", "/%g0", "#a\"b", "\\", "ä"])
    }

    func testIRIAllowsUCSCharsAndPrivateUseOnlyInQueries() {
        assertFormat(.iri, accepts: [
            "http://例え.テスト/パス?ク=エ#リ", "http://ƒøø/\u{10300}", "http://h/?\u{E000}", "urn:ñ",
        ], rejects: [
            "例え", "http://h/\u{E000}", "http://h/#\u{E000}", "http://h/\u{FFFE}", "http://h/\u{7F}",
            "http://h/\u{85}", "http://h/ a",
        ])
        assertFormat(.iriReference, accepts: ["パス", "/ä", "#ƒ", "//ƒøø/"], rejects: [
            "ä:b c", "#a\\b", "ä ö", "?\u{E000}x#\u{E000}",
        ])
    }
}
