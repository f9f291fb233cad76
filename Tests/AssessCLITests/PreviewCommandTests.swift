import CLITestSupport
import Foundation
import JSONCore
import XCTest
@testable import AssessCLI
import AssessmentLint

final class PreviewCommandTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    func testUsageAndInputErrorsExitBeforeServing() throws {
        let survey = path("examples/surveys/food-choices.json")
        XCTAssertEqual(CapturedRun(["preview"]).status, .usage)
        XCTAssertEqual(CapturedRun(["preview", survey, survey]).status, .usage)
        XCTAssertEqual(CapturedRun(["preview", "-"]).status, .usage, "standard input cannot be watched for saves")
        XCTAssertEqual(CapturedRun(["preview", survey, "--port", "70000"]).status, .usage)
        XCTAssertEqual(CapturedRun(["preview", survey, "--platform", "windows"]).status, .usage)
        let missing = CapturedRun(["preview", path("examples/surveys/no-such.json")])
        XCTAssertEqual(missing.status, .inputError)
        XCTAssertTrue(missing.stderr.contains("no-such.json: error: cannot read the file"), missing.stderr)
        let folder = try Paths.scratch(self)
        let script = try Binary.write("{\"steps\": 3}", to: "bad.json", in: folder)
        let badScript = CapturedRun(["preview", survey, "--answers", script])
        XCTAssertEqual(badScript.status, .findings, badScript.stderr)
        XCTAssertTrue(badScript.stderr.contains("\"steps\" must be an array"), badScript.stderr)
    }
}
