import CLITestSupport
import XCTest
@testable import AssessCLI

/// `NO_COLOR` set but empty keeps colour; a mistyped command or `version` gets the nearest real one.
final class ColourAndCommandSuggestionTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    func testAnEmptyNoColorKeepsColourAndVersionWithoutDashesIsSuggested() {
        let arguments = ["lint", path("examples/bad")]
        XCTAssertTrue(CapturedRun(arguments, terminal: true, environment: ["NO_COLOR": ""]).stdout.contains("\u{1B}["), "set but empty: colour stays")
        XCTAssertFalse(CapturedRun(arguments, terminal: true, environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
        XCTAssertTrue(CapturedRun(arguments, terminal: true).stdout.contains("\u{1B}["))

        let version = CapturedRun(["version"])
        XCTAssertEqual(version.status, .usage)
        XCTAssertEqual(version.stderr, "error: unknown command 'version' (did you mean '--version'?)\nRun 'assess --help' for the list of commands.\n")
        XCTAssertTrue(CapturedRun(["verison"]).stderr.contains("(did you mean '--version'?)"), "a near miss too")
        XCTAssertTrue(CapturedRun(["lnt"]).stderr.contains("(did you mean 'lint'?)"), "commands first")
    }
}
