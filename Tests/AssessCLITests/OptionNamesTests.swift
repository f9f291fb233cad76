import CLITestSupport
import XCTest
@testable import AssessCLI

/// Option names across commands: one meaning per name, older spellings kept as aliases.
final class OptionNamesTests: XCTestCase {
    /// The table behind the spellings: a name (long or short) means one option in every command; older spellings are aliases.
    func testNoOptionNameMeansTwoThingsAcrossCommands() {
        var meaning: [String: (command: String, primary: String)] = [:]
        for spec in Assess.commands.map(\.spec) {
            for option in spec.options {
                for name in option.names {
                    if let earlier = meaning[name] {
                        XCTAssertEqual(earlier.primary, option.primary, "\(name) is \(earlier.primary) in '\(earlier.command)' but \(option.primary) in '\(spec.name)'")
                    } else {
                        meaning[name] = (spec.name, option.primary)
                    }
                }
            }
        }
        XCTAssertEqual(meaning["-f"]?.primary, "--format")
        // Code may look an option up by any of its spellings (commands written before the rename keep working).
        let parsed = try? RunCommand().spec.parse(["--report", "text", "-a", "x.json"])
        XCTAssertEqual(parsed?.value("--format"), "text")
        XCTAssertEqual(parsed?.value("--report"), "text")
        XCTAssertEqual(parsed?.all("--answers"), ["x.json"])
        XCTAssertEqual(meaning["-o"]?.primary, "--output")
        XCTAssertEqual(meaning["-r"]?.primary, "--ref-dir")
    }
}
