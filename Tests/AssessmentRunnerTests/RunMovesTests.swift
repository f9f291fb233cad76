import Foundation
import XCTest
import JSONCore
import AssessmentModel
@testable import AssessmentRunner

final class RunMovesTests: XCTestCase {
    func testMovesRecordEachActionWithTheRecordedAnswerAndTheRuleThatFired() throws {
        let survey = try Runs.survey([
            Runs.instruction("intro"),
            Runs.integerQuestion("q1", rules: #"[{"matchingAnswer": 2, "ruleOperator": "gt", "skipToIdentifier": "end"}]"#, extra: #", "nextStepIdentifier": "q2""#),
            Runs.integerQuestion("q2"),
            Runs.instruction("end"),
        ].joined(separator: ","))
        var session = RunSession(survey: survey, environment: Runs.environment)
        try session.perform(.goForward)
        try session.perform(.answer(1))
        try session.perform(.goBackward)
        XCTAssertThrowsError(try session.perform(.answer("three")), "a wrong answer is not a move")
        try session.perform(.answer(3.0))
        try session.perform(.cancel)
        XCTAssertEqual(session.moves, [
            RunMove(location: [0], action: .goForward, firedRule: nil),
            RunMove(location: [1], action: .answer(1), firedRule: nil),
            RunMove(location: [2], action: .goBackward, firedRule: nil),
            RunMove(location: [1], action: .answer(3.0), firedRule: 0),
            RunMove(location: [3], action: .cancel, firedRule: nil),
        ])
    }
}
