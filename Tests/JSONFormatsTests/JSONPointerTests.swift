import JSONFormats
import XCTest

final class JSONPointerTests: XCTestCase {
    func testJSONPointerEscapes() {
        assertFormat(.jsonPointer, accepts: ["", "/", "//", "/a~0b~1c", "/~01", "/a b/€", "/0"], rejects: [
            "a", "#/a", "/~", "/~2", "/a~", "/~~0",
        ])
    }

    func testRelativeJSONPointer() {
        assertFormat(.relativeJSONPointer, accepts: ["0", "1", "10", "0#", "12#", "0/a", "3/a~1b/0", "0/"], rejects: [
            "", "#", "/a", "00", "01/a", "-1", "+1", "0##", "0#/a", "0a", "1/~", "٣",
        ])
    }
}
