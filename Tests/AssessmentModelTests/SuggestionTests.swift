import XCTest
@testable import AssessmentModel

final class SuggestionTests: XCTestCase {
    func testTheClosestCandidateWithinTheTolerance() {
        XCTAssertEqual(Suggestion.closest(to: "slidr", among: ["slider", "likert"]), "slider")
        XCTAssertEqual(Suggestion.closest(to: "compleiton", among: ["completion", "intro"]), "completion")
        XCTAssertNil(Suggestion.closest(to: "slider", among: ["slider"]), "an exact match is no typo")
        XCTAssertNil(Suggestion.closest(to: "allThatJazz", among: ["slider", "likert"]))
    }

    func testLengthsFarApartAreNotCompared() {
        XCTAssertNil(Suggestion.closest(to: String(repeating: "slider", count: 20_000), among: ["slider"]))
        XCTAssertNil(Suggestion.closest(to: "s", among: ["slider"]))
        XCTAssertEqual(Suggestion.closest(to: "sliders", among: ["slider"]), "slider")
    }
}
