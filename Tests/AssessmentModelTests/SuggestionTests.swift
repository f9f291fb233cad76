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

    func testACandidateDifferingOnlyInCaseIsSuggested() {
        XCTAssertEqual(Suggestion.closest(to: "choicequestion", among: ["choiceQuestion", "simpleQuestion"]), "choiceQuestion")
        XCTAssertEqual(Suggestion.closest(to: "Instruction", among: ["instruction", "instructions"]), "instruction", "case only beats one edit")
        XCTAssertNil(Suggestion.closest(to: "choiceQuestion", among: ["choiceQuestion"]))
    }
}
