import AssessmentModel
import AssessmentRunner
import Foundation
import HTTPServer
import JSONCore
import SurveyFlow
import XCTest
@testable import SurveyPreview

/// The session API against `assess run`: every route `assess routes` plans through each example
/// survey, clicked through the API as the page posts it, shows the runner's route and buttons, and
/// its saved script replays to the same outcome.
final class PreviewRoutesTests: XCTestCase {
    private let surveys = ["breathing-exercise.json", "breathing-test.json", "example-survey.json", "food-choices.json", "mood-loop.json", "sleep-sections.json"]

    func testEveryRouteOfEveryExampleMatchesTheRunnerOnEveryPlatform() throws {
        var routesChecked = 0
        for name in surveys {
            for platform in [nil, EnginePlatform.ios, .android] {
                let settings = PreviewTest.settings(PreviewTest.example(name), platform: platform)
                let survey = PreviewSurvey(settings: settings)
                let root = try XCTUnwrap(survey.root, "\(name): \(survey.problem ?? "")")
                let planner = RoutePlanner(graph: FlowGraph(survey: root, now: PreviewTest.now))
                for route in planner.edgeCovering(maxRoutes: 50).routes {
                    let scriptJSON = planner.script(route)
                    guard case .success(let script) = AnswerScript.parse(scriptJSON, survey: root) else { return XCTFail("\(name): route script does not parse") }
                    let report = RunReport(ScriptedRun(survey: root, script: script, environment: settings.environment()))
                    try check(name: "\(name) \(platform?.rawValue ?? "default") \(scriptJSON)", settings: settings, script: script, report: report, root: root)
                    routesChecked += 1
                }
            }
        }
        XCTAssertGreaterThan(routesChecked, 18)
    }

    private func check(name: String, settings: PreviewSettings, script: AnswerScript, report: RunReport, root: Node) throws {
        guard case .entries(let entries) = script else { return XCTFail("\(name): routes are written in full form") }
        let app = PreviewApp(settings: settings, port: PreviewTest.port)
        var state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
        var buttons: [JSONValue] = []
        var next = 0
        while let step = state["step"], step != .null {
            buttons.append(step["buttons"] ?? .null)
            var body = JSONObject([.init(key: "stepPath", value: step["stepPath"] ?? .null), .init(key: "button", value: "goForward")])
            if next < entries.count, entries[next].identifier == step["identifier"]?.stringValue {
                if let answer = entries[next].answer {
                    body["form"] = PreviewTest.form(for: answer, step: step)
                } else {
                    body["button"] = .string(entries[next].action ?? "goForward")
                }
                next += 1
            }
            let response = app.handle(PreviewTest.post("/api/action", .object(body)))
            XCTAssertEqual(response.status, 200, name)
            state = try PreviewTest.json(response)
            XCTAssertEqual(state["message"], .null, name)
            if buttons.count > 200 { return XCTFail("\(name): the run does not end") }
        }
        let expected = report.json
        XCTAssertEqual(state["status"], expected["status"], name)
        XCTAssertEqual(state["route"]?.arrayValue?.map { $0["identifier"] ?? .null }, expected["path"]?.arrayValue, name)
        let steps = expected["steps"]?.arrayValue ?? []
        XCTAssertEqual(buttons.count, steps.count, name)
        for (shown, reported) in zip(buttons, steps) {
            let hidden = Set(reported["hiddenActions"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            for button in shown.arrayValue ?? [] {
                let type = button["type"]?.stringValue ?? "?"
                XCTAssertEqual(button["visible"]?.boolValue, !hidden.contains(type), "\(name) \(reported["identifier"] ?? .null) \(type)")
                if button["visible"]?.boolValue == true {
                    XCTAssertEqual(button["title"], reported["buttonTitles"]?[type] ?? .null, "\(name) \(type)")
                }
            }
        }
        // The saved script replays (as `assess run --answers` does) to the outcome saved beside it, which is the runner's own.
        let saved = try PreviewTest.json(app.handle(PreviewTest.get("/api/script")))
        let savedExpected = try PreviewTest.json(app.handle(PreviewTest.get("/api/expected")))
        guard case .success(let replayScript) = AnswerScript.parse(saved, survey: root) else { return XCTFail("\(name): the saved script does not parse") }
        let replay = RunReport(ScriptedRun(survey: root, script: replayScript, environment: settings.environment()))
        XCTAssertNil(replay.failure, name)
        XCTAssertEqual(replay.differences(from: savedExpected), [], name)
        XCTAssertEqual(report.differences(from: savedExpected), [], name)
    }

    func testARefusedAnswerShowsTheRunnersMessageAndStaysOnTheStep() throws {
        let app = PreviewApp(settings: PreviewTest.settings(PreviewTest.example("mood-loop.json")), port: PreviewTest.port)
        var state = try PreviewTest.json(app.handle(PreviewTest.get("/api/state")))
        while state["step"]?["identifier"]?.stringValue != "birthYear", let step = state["step"], step != .null {
            let form: JSONValue = step["identifier"]?.stringValue == "confirm" ? ["choices": [.number(JSONNumber(0))]] : ["choices": [.number(JSONNumber(1))], "fields": [:]]
            state = try PreviewTest.json(app.handle(PreviewTest.post("/api/action", ["button": "goForward", "form": form])))
            if state["route"]?.arrayValue?.count ?? 0 > 20 { return XCTFail("birthYear never shown") }
        }
        let before = state["route"]?.arrayValue?.count
        state = try PreviewTest.json(app.handle(PreviewTest.post("/api/action", ["button": "goForward", "form": ["fields": ["answer": "1200"]]])))
        XCTAssertEqual(state["step"]?["identifier"]?.stringValue, "birthYear")
        XCTAssertEqual(state["route"]?.arrayValue?.count, before)
        let message = try XCTUnwrap(state["message"]?.stringValue)
        XCTAssertTrue(message.contains("1200"), message)
    }

    func testAStaleStepPathIsRefusedWithTheCurrentState() throws {
        let app = PreviewApp(settings: PreviewTest.settings(PreviewTest.example("food-choices.json")), port: PreviewTest.port)
        let response = app.handle(PreviewTest.post("/api/action", ["button": "goForward", "stepPath": "somewhereElse"]))
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(try PreviewTest.json(response)["step"]?["identifier"]?.stringValue, "meals")
        XCTAssertEqual(try PreviewTest.json(response)["graphBox"]?.arrayValue?.count, 4, "where the step is drawn in the flow graph")
    }
}
