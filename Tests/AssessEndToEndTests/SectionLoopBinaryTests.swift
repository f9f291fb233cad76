import CLITestSupport
import Foundation
import JSONCore
import XCTest

/// Empty sections that loop before any step: lint error, failed run, routes that never complete.
final class SectionLoopBinaryTests: XCTestCase {
    static let loop = #"{"type":"assessment","identifier":"a","steps":[{"type":"section","identifier":"s1","nextStepIdentifier":"s2","steps":[]},{"type":"section","identifier":"s2","nextStepIdentifier":"s1","steps":[]}]}"#

    func testLintRunAndRoutesAgreeTheSurveyLoops() throws {
        let folder = try Paths.scratch(self)
        let survey = folder.appendingPathComponent("loop.json").path, script = folder.appendingPathComponent("s.json").path
        try Data(SectionLoopBinaryTests.loop.utf8).write(to: URL(fileURLWithPath: survey))
        try Data(#"{"steps":[]}"#.utf8).write(to: URL(fileURLWithPath: script))
        let lint = try Binary.run(["lint", survey])
        XCTAssertEqual(lint.status, 1, lint.stdout + lint.stderr)
        XCTAssertTrue((lint.stdout + lint.stderr).contains(#"loop.json:1:122: error: the survey never shows a step: its empty sections loop ("s1" → "s2" → "s1")"#), lint.stdout + lint.stderr)
        let text = try Binary.run(["run", survey, "--answers", script, "--allow-lint-errors", "--report", "text"])
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertTrue(text.stdout.hasSuffix("run failed: the survey never shows a step: its sections loop (\"s1\" → \"s2\" → \"s1\")\n"), text.stdout)
        let json = try Binary.run(["run", survey, "--answers", script, "--allow-lint-errors", "--report", "json"])
        XCTAssertEqual(json.status, 1, json.stderr)
        let report = try JSONDocument(text: json.stdout).value
        XCTAssertEqual(report["status"], "failed")
        XCTAssertEqual(report["error"], "the survey never shows a step: its sections loop (\"s1\" → \"s2\" → \"s1\")")
        let routes = try Binary.run(["routes", survey])
        XCTAssertTrue(routes.stdout.contains("0 routes"), routes.stdout + routes.stderr)
        XCTAssertEqual(routes.status, 1)
        XCTAssertTrue(routes.stderr.contains("error: no route of answers ever ends the survey"), routes.stderr)
    }
}
