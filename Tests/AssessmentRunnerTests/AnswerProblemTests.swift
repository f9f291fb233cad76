import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

/// Answer problems are typed values (what an editor or a report can act on); text is made at the edge.
final class AnswerProblemTests: XCTestCase {
    private func problem(_ value: JSONValue, for step: String) throws -> AnswerProblem? {
        let node = try XCTUnwrap(try Runs.survey(step).steps?.first)
        do {
            _ = try AnswerChecker(now: Date(timeIntervalSince1970: 0)).check(value, for: node)
            return nil
        } catch {
            XCTAssertEqual(error.step, node.identifier)
            return error.problem
        }
    }

    func testEachCheckGivesItsTypedProblemAndItsWording() throws {
        let bounded = #"{"type": "simpleQuestion", "identifier": "n", "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 1}}}"#
        XCTAssertEqual(try problem(0, for: bounded), .belowMinimum(JSONNumber(0), minimum: JSONNumber(1)))
        XCTAssertEqual(try problem("x", for: bounded), .wrongType(expected: .integer, input: .integer, got: "x"))
        XCTAssertNil(try problem(2, for: bounded))
        let choice = #"{"type": "choiceQuestion", "identifier": "c", "baseType": "integer", "choices": [{"value": 1, "text": "One"}, {"value": 2, "text": "Two"}]}"#
        let notAChoice = try XCTUnwrap(try problem(3, for: choice))
        XCTAssertEqual(notAChoice, .notAChoice(3, choices: [1, 2]))
        XCTAssertEqual(notAChoice.description, "expected one of the choices (1, 2) but got 3")
        let multi = #"{"type": "multipleInputQuestion", "identifier": "m", "inputItems": [{"identifier": "a", "type": "integer", "optional": false}]}"#
        XCTAssertEqual(try problem(["b": 1], for: multi), .unknownInput("b", inputs: ["a"]))
        XCTAssertEqual(try problem([:], for: multi), .requiredInputMissing("a"))
    }
}
