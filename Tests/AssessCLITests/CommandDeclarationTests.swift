import XCTest
import CLITestSupport
@testable import AssessCLI

/// Every command's usage line and help come from the options its parser accepts, and nothing else.
final class CommandDeclarationTests: XCTestCase {
    /// The `--name` words of a text (long options only; short ones are checked through the help labels).
    private func longOptions(in text: Substring) -> Set<String> {
        let pattern = try? NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z0-9-]*")
        let string = String(text)
        let matches = pattern?.matches(in: string, range: NSRange(string.startIndex..., in: string)) ?? []
        return Set(matches.compactMap { Range($0.range, in: string).map { String(string[$0]) } })
    }

    func testUsageLineListsExactlyTheOptionsTheParserAccepts() throws {
        for command in Assess.commands {
            let spec = command.spec
            let help = CapturedRun([spec.name, "--help"]).stdout
            let usage = try XCTUnwrap(help.split(separator: "\n").first, spec.name)
            XCTAssertTrue(usage.hasPrefix("USAGE: assess \(spec.name) "), String(usage))
            XCTAssertEqual(longOptions(in: usage), Set(spec.options.map(\.primary)), "usage of '\(spec.name)': \(usage)")
            for option in spec.options {
                XCTAssertNoThrow(try spec.parse([option.primary] + (option.valueName == nil ? [] : ["x"])), "\(spec.name) \(option.primary)")
            }
            XCTAssertThrowsError(try spec.parse(["--no-such-option"]))
        }
    }

    func testHelpListsEverySpellingTheParserAcceptsAndNoOther() throws {
        for command in Assess.commands {
            let spec = command.spec
            let help = CapturedRun([spec.name, "--help"]).stdout
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try XCTUnwrap(lines.firstIndex(of: "OPTIONS:"), spec.name) + 1
            let optionLines = lines[start...].prefix { !$0.isEmpty }
            // The labels: every name of the line's option, before its help text.
            var labelled: Set<String> = []
            for line in optionLines {
                let text = String(line.dropFirst(2))
                let label = text.range(of: "  ").map { text[..<$0.lowerBound] } ?? Substring(text)
                for word in label.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") { labelled.insert(String(word)) }
            }
            let accepted = Set(spec.options.flatMap(\.names)).union(["--help", "-h"])
            XCTAssertTrue(labelled.isSuperset(of: accepted), "help of '\(spec.name)' misses \(accepted.subtracting(labelled))")
            for name in labelled.subtracting(["--help", "-h"]) {
                let option = spec.options.first { $0.spellings.contains(name) }
                XCTAssertNotNil(option, "help of '\(spec.name)' lists \(name), which its parser does not accept")
            }
            for option in spec.options {
                let line = optionLines.first { $0.hasPrefix("  " + option.names.joined(separator: ", ")) }
                XCTAssertNotNil(line, "help of '\(spec.name)' has no line for \(option.primary)")
                for alias in option.aliases { XCTAssertTrue(line?.contains(alias) == true, "\(spec.name) \(option.primary): alias \(alias) not in help") }
            }
        }
    }

    func testDeclaredValueKindsAreEnforcedByTheParser() {
        // A choice outside its values, a number that is not one, a missing required option.
        XCTAssertEqual(CapturedRun(["routes", "x.json", "--format", "xml"]).stderr.split(separator: "\n").first,
                       "error: invalid value 'xml' for --format; expected one of: text, json")
        XCTAssertTrue(CapturedRun(["lint", "-j", "0", "x.json"]).stderr.hasPrefix("error: --jobs needs a whole number of at least 1, not '0'"))
        XCTAssertTrue(CapturedRun(["validate", "x.json"]).stderr.hasPrefix("error: missing --schema SCHEMA"))
        XCTAssertEqual(CapturedRun(["validate", "x.json"]).status, .usage)
        XCTAssertTrue(CapturedRun(["verify", "--tolerated", "t.json", "a.zip"]).stderr.hasPrefix("error: --tolerated needs --archive-map FILE"))
    }
}
