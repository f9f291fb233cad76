import JSONFormats
import XCTest

final class URITemplateTests: XCTestCase {
    func testLevelFourSyntax() {
        assertFormat(.uriTemplate, accepts: [
            "", "http://example.com/{path}", "{+path}/here", "{#frag}", "X{.x,y}", "{/list*}", "{;x,y,empty}",
            "{?x,y:3}", "?fixed=yes{&x}", "{var:9999}", "{a_b.c%41}", "a%20b", "π{x}",
        ], rejects: [
            "{", "}", "{}", "{x", "x}", "{x}}", "{{x}}", "{x,}", "{,x}", "{.}", "{x:0}", "{x:10000}", "{x:}",
            "{x*:3}", "{x.}", "{.x..y}", "{=x}", "{!x}", "{x y}", "a b", "a<b", "%zz", "%4", "{%4}",
        ])
    }
}
