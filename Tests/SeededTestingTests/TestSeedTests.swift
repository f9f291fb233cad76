import SeededTesting
import XCTest

/// `ASSESS_TEST_SEED` replaces a randomized test's fixed seed; anything but a 64-bit unsigned number is refused.
final class TestSeedTests: XCTestCase {
    func testTheFixedSeedUnlessTheVariableIsSet() {
        XCTAssertEqual(TestSeed.resolve(64, environment: [:]), .success(64))
        XCTAssertEqual(TestSeed.resolve(64, environment: ["ASSESS_TEST_SEED": ""]), .success(64), "set but empty: the fixed seed")
        XCTAssertEqual(TestSeed.resolve(64, environment: ["ASSESS_TEST_SEED": "7"]), .success(7))
        XCTAssertEqual(TestSeed.resolve(64, environment: ["ASSESS_TEST_SEED": " 0x5A1B_0C0D "]), .success(0x5A1B_0C0D), "hexadecimal as the tests write it")
        XCTAssertEqual(TestSeed.resolve(64, environment: ["ASSESS_TEST_SEED": "18446744073709551615"]), .success(UInt64.max))
    }

    func testAValueThatIsNoSeedIsAnError() {
        for text in ["abc", "-1", "18446744073709551616", "0x", "1.5"] {
            XCTAssertEqual(TestSeed.resolve(64, environment: ["ASSESS_TEST_SEED": text]), .failure(SeedError(text: text)), text)
        }
        XCTAssertEqual(SeedError(text: "abc").description,
                       "ASSESS_TEST_SEED=abc is not a seed (a whole number from 0 to 2^64-1, decimal or 0x-hexadecimal)")
    }

    func testTheSameSeedGivesTheSameSequence() {
        var first = seededGenerator(0x7A9E), second = seededGenerator(0x7A9E)
        XCTAssertEqual((0..<8).map { _ in first.next() }, (0..<8).map { _ in second.next() })
    }
}
