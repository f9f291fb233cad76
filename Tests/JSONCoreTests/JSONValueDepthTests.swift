import XCTest
@testable import JSONCore

/// Equality, hashing, tapes and freeing take values nested as deep as the parser allows on an
/// ordinary (debug, 8 MB) stack.
final class JSONValueDepthTests: XCTestCase {
    private func deep(_ depth: Int, bottom: JSONValue) -> JSONValue {
        var value = bottom
        for level in 0..<depth { value = level % 2 == 0 ? .array([value]) : .object(JSONObject([.init(key: "k", value: value)])) }
        return value
    }

    func testEqualityOfDeepValuesLooksAllTheWayDown() {
        XCTAssertEqual(deep(9_999, bottom: 1), deep(9_999, bottom: 1))
        XCTAssertNotEqual(deep(9_999, bottom: 1), deep(9_999, bottom: 2))
        XCTAssertNotEqual(deep(9_999, bottom: 1), deep(9_998, bottom: 1))
    }

    func testDeepValuesHashAndDifferAtTheBottomInASet() {
        XCTAssertEqual(deep(9_999, bottom: 1).hashValue, deep(9_999, bottom: 1).hashValue)
        let set: Set<JSONValue> = [deep(9_999, bottom: 1), deep(9_999, bottom: 2), deep(9_999, bottom: 1)]
        XCTAssertEqual(set.count, 2)
        XCTAssertTrue(set.contains(deep(9_999, bottom: 2)))
        XCTAssertFalse(set.contains(deep(9_999, bottom: 3)))
    }

    func testShallowHashesStillSeeEveryMemberInAnyOrder() {
        let first: JSONValue = ["a": [1, 2], "b": ["c": true]]
        let second = JSONValue.object(JSONObject([.init(key: "b", value: ["c": true]), .init(key: "a", value: [1, 2])]))
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertNotEqual(first.hashValue, (["a": [1, 3], "b": ["c": true]] as JSONValue).hashValue)
    }

    func testDeepValuesBecomeTapesAndAreFreed() throws {
        let value = deep(9_999, bottom: "x")
        let tape = JSONTape(value)
        XCTAssertEqual(tape.value, value)
    }
}
