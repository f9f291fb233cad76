import AssessmentModel
import AssessmentRunner
import Foundation
import HTTPServer
import JSONCore
import XCTest
@testable import SurveyPreview

/// Saving the survey file reloads the preview: answers that still apply are kept, a survey that no
/// longer reads shows why, and a script given at the start is replayed as far as it applies.
final class PreviewReloadTests: XCTestCase {
    private func survey(title: String, choices: [Int] = [1, 2]) -> String {
        JSONWriter.pretty.string(["type": "assessment", "identifier": "s", "steps": [
            ["type": "choiceQuestion", "identifier": "q1", "title": "First", "baseType": "integer",
             "choices": .array(choices.map { ["value": .number(JSONNumber($0)), "text": .string("choice \($0)")] })],
            ["type": "instruction", "identifier": "i", "title": .string(title)],
            ["type": "completion", "identifier": "done"],
        ]])
    }

    func testASavedSurveyReloadsKeepingTheAnswersThatStillApply() throws {
        let folder = try PreviewTest.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        try survey(title: "Before").write(toFile: path, atomically: true, encoding: .utf8)
        let app = PreviewApp(settings: PreviewTest.settings(path), port: PreviewTest.port)
        var state = try PreviewTest.json(app.handle(PreviewTest.post("/api/action", ["button": "goForward", "form": ["choices": [.number(JSONNumber(1))]]])))
        XCTAssertEqual(state["step"]?["title"], "Before")
        XCTAssertEqual(try PreviewTest.json(app.handle(PreviewTest.get("/api/revision")))["revision"], .number(JSONNumber(1)))

        try survey(title: "After a save").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try PreviewTest.json(app.handle(PreviewTest.get("/api/revision")))["revision"], .number(JSONNumber(2)))
        state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
        XCTAssertEqual(state["step"]?["title"], "After a save", "the new text is shown")
        XCTAssertEqual(state["route"]?.arrayValue?.compactMap { $0["identifier"]?.stringValue }, ["q1", "i"], "the answer to q1 still applies")

        try "{ \"type\": \"assessment\", ".write(toFile: path, atomically: true, encoding: .utf8)
        state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
        let problem = try XCTUnwrap(state["problem"]?.stringValue)
        XCTAssertTrue(problem.hasPrefix("s.json:1:"), problem)
        XCTAssertNil(state["step"])
        XCTAssertFalse(state["findings"]?.arrayValue?.isEmpty ?? true, "the syntax error is listed with the findings")

        try survey(title: "Fixed").write(toFile: path, atomically: true, encoding: .utf8)
        state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
        XCTAssertEqual(state["step"]?["title"], "Fixed", "the answers outlive a save that did not read")

        try survey(title: "Fixed", choices: [3, 4]).write(toFile: path, atomically: true, encoding: .utf8)
        state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
        XCTAssertEqual(state["problem"], .null)
        XCTAssertEqual(state["step"]?["identifier"], "q1", "the answer 2 is no longer a choice, so the run waits at q1")
    }

    func testAScriptGivenAtTheStartIsReplayedAsFarAsItApplies() throws {
        let settings = PreviewTest.settings(PreviewTest.example("mood-loop.json"))
        for script in [AnswerScript.shorthand(["mood": .number(JSONNumber(3))]), .entries([.init(identifier: "mood", answer: .number(JSONNumber(3)))])] {
            let app = PreviewApp(settings: settings, port: PreviewTest.port, script: script)
            let state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
            XCTAssertEqual(state["route"]?.arrayValue?.compactMap { $0["identifier"]?.stringValue }, ["intro", "mood", "confirm"], "\(script)")
            XCTAssertEqual(state["step"]?["identifier"], "confirm")
        }
    }
}
