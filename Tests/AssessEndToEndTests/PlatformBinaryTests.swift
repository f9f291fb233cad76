import CLITestSupport
import XCTest

/// `assess run --platform ios|android` and the lint warnings where the two engines differ, on the built binary.
final class PlatformBinaryTests: XCTestCase {
    func testRunFollowsThePlatformAndLintWarnsOfTheDifference() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"type": "assessment", "identifier": "wake", "steps": [
             {"type": "simpleQuestion", "identifier": "q", "inputItem": {"type": "integer"},
              "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "Exit"}]},
             {"type": "instruction", "identifier": "more"},
             {"type": "completion", "identifier": "done"}]}
            """#, to: "wake.json", in: folder)
        let script = try Binary.write(#"{"q": 1}"#, to: "one.json", in: folder)
        let lint = try Binary.run(["lint", survey])
        XCTAssertEqual(lint.status, 0, "a warning, not an error")
        XCTAssertTrue(lint.stdout.contains(#"warning: "Exit" is the keyword "exit" on Android"#), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("[platform-keyword-case]"), lint.stdout)
        let android = try Binary.run(["run", survey, "--answers", script, "--platform", "android", "--now", "2026-01-01T00:00:00Z"])
        XCTAssertEqual(android.status, 0, android.stderr)
        XCTAssertTrue(android.stdout.contains(#""status":"exited""#) || android.stdout.contains(#""status": "exited""#), android.stdout)
        let ios = try Binary.run(["run", survey, "--answers", script, "--platform", "ios", "--now", "2026-01-01T00:00:00Z"])
        XCTAssertEqual(ios.status, 0, ios.stderr)
        XCTAssertTrue(ios.stdout.contains(#""status":"completed""#) || ios.stdout.contains(#""status": "completed""#), ios.stdout)
        let wrong = try Binary.run(["run", survey, "--answers", script, "--platform", "windows"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("--platform must be ios or android, found 'windows'"), wrong.stderr)
    }

    func testAScriptGoingPastARequiredQuestionFailsAtItsEntry() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"type": "assessment", "identifier": "req", "steps": [
             {"type": "simpleQuestion", "identifier": "age", "optional": false, "inputItem": {"type": "integer"}},
             {"type": "completion", "identifier": "done"}]}
            """#, to: "req.json", in: folder)
        let script = try Binary.write("{\"steps\": [\n  {\"identifier\": \"age\", \"action\": \"goForward\"}\n]}", to: "skip.json", in: folder)
        let result = try Binary.run(["run", survey, "--answers", script, "--format", "text"])
        XCTAssertEqual(result.status, 1)
        let all = result.stdout + result.stderr
        XCTAssertTrue(all.contains(#"step "age" is a required question ("optional": false)"#), all)
        XCTAssertTrue(all.contains("skip.json:2:"), "the failure names the script entry's line: \(all)")
    }
}
