import XCTest
import JSONCore

/// Long chains of links are freed in a loop: a recursive release would need one stack frame per link
/// and overflow an 8 MB stack long before 300,000 links.
final class ParentLinkedTests: XCTestCase {
    private final class ChainLink: ParentLinked {
        private(set) var parent: ChainLink?
        let value: Int

        init(parent: ChainLink?, value: Int) {
            self.parent = parent
            self.value = value
        }

        func detachParent() -> ChainLink? {
            let detached = parent
            parent = nil
            return detached
        }

        deinit {
            releaseParentsIteratively()
        }
    }

    func testAChainOfThreeHundredThousandLinksIsFreedWithoutOverflowingTheStack() {
        var last: ChainLink?
        for value in 0..<300_000 { last = ChainLink(parent: last, value: value) }
        XCTAssertEqual(last?.value, 299_999)
        last = nil
    }

    func testAPrefixHeldElsewhereSurvivesTheRelease() {
        let root = ChainLink(parent: nil, value: 0)
        var shared: ChainLink? = root
        for value in 1...1_000 { shared = ChainLink(parent: shared, value: value) }
        var branch: ChainLink? = shared
        for value in 1_001...2_000 { branch = ChainLink(parent: branch, value: value) }
        branch = nil
        var values: [Int] = []
        var link = shared
        while let current = link {
            values.append(current.value)
            link = current.parent
        }
        XCTAssertEqual(values, Array((0...1_000).reversed()))
    }

    func testAPointerOfTwoHundredThousandTokensIsFreedAndItsPrefixKept() {
        var prefix = JSONPointer.root
        for index in 0..<100_000 { prefix = prefix.appending(String(index)) }
        var long: JSONPointer? = prefix
        for index in 0..<100_000 { long = long?.appending("x\(index)") }
        XCTAssertEqual(long?.tokenCount, 200_000)
        long = nil
        XCTAssertEqual(prefix.tokenCount, 100_000)
        XCTAssertEqual(prefix.tokens.suffix(2), ["99998", "99999"])
    }
}
