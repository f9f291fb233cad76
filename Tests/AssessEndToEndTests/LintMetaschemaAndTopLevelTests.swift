import CLITestSupport
import Foundation
import JSONCore
import XCTest
@testable import AssessCLI

/// lint, metaschema and the top-level command line as a new user meets them, and real files in the
/// older SageResearch format, through the built binary (issue 33: items 1–4, 7, 8, 10).
final class LintMetaschemaAndTopLevelTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    func testSchemasThatReplaceTheBundledOnesDoNotClashWithThem() throws {
        let metaschema = try Binary.run(["metaschema", path("schemas")])
        XCTAssertEqual(metaschema.status, 0)
        XCTAssertFalse(metaschema.stdout.contains("also declared by"), metaschema.stdout)
        XCTAssertEqual(metaschema.stdout.split(separator: "\n").count, 4, "one line per schema: \(metaschema.stdout)")

        let file = path("schemas/AssessmentObject.json")
        let verbose = try Binary.run(["metaschema", "--verbose", file])
        XCTAssertEqual(verbose.stdout, """
            \(file): note: replaces the bundled schema with $id "https://assess.invalid/schemas/v1/AssessmentObject.json"
            \(file): valid

            """, "said once, with --verbose")

        // Two files of one $id still clash, whether or not a bundled schema has that $id too.
        let folder = try Paths.scratch(self)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let copy = try Binary.write(text, to: "copy.json", in: folder)
        let both = try Binary.run(["metaschema", file, copy])
        XCTAssertEqual(both.status, 0)
        XCTAssertTrue(both.stdout.contains("\(file): warning: $id \"https://assess.invalid/schemas/v1/AssessmentObject.json\" is also declared by \(copy)"), both.stdout)
        XCTAssertFalse(both.stdout.contains("is also declared by \(file)\n"), "a file never clashes with itself")
    }

    func testATrailingCommaIsReportedAtTheComma() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write("""
            {"type": "assessment", "identifier": "commas", "steps": [
             {"type": "completion", "identifier": "done"},
            ]}
            """, to: "commas.json", in: folder)
        let lint = try Binary.run(["lint", survey])
        XCTAssertEqual(lint.status, 3)
        XCTAssertEqual(lint.stdout, "\(survey):2:46: error: trailing comma: JSON does not allow a comma before a closing bracket [json-syntax]\n")
        let object = try Binary.write(#"{"type": "assessment",   }"#, to: "object.json", in: folder)
        XCTAssertTrue(try Binary.run(["lint", object]).stdout.hasPrefix("\(object):1:22: error: trailing comma"))
    }

    func testListRulesAsJSON() throws {
        let list = try Binary.run(["lint", "--list-rules", "--format", "json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let rules = try XCTUnwrap(JSONDocument(text: list.stdout).value["rules"]?.arrayValue)
        XCTAssertEqual(rules.first, ["id": "json-syntax", "severity": "error", "summary": "the file is not strict JSON"])
        let text = try Binary.run(["lint", "--list-rules"])
        XCTAssertTrue(text.stdout.hasPrefix("json-syntax "), "text stays the default")
        XCTAssertEqual(rules.compactMap { $0["id"]?.stringValue }, text.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) },
                       "the same rules in the same order")
        XCTAssertEqual(try Binary.run(["lint", "--list-rules", "-f", "sarif"]).status, 2)
    }

    func testAWrongTypedChoiceValueGetsItsFix() throws {
        let folder = try Paths.scratch(self)
        let survey = try Binary.write(#"""
            {"type": "assessment", "identifier": "types", "steps": [
             {"type": "choiceQuestion", "identifier": "size", "baseType": "integer", "singleChoice": true,
              "choices": [{"value": "1", "text": "S"}, {"value": 2, "text": "M"}, {"value": "big", "text": "L"}]},
             {"type": "choiceQuestion", "identifier": "colour", "baseType": "string", "singleChoice": true,
              "choices": [{"value": 3, "text": "Three"}]},
             {"type": "completion", "identifier": "done"}]}
            """#, to: "types.json", in: folder)
        let lint = try Binary.run(["lint", survey])
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(lint.stdout.split(separator: "\n").filter { $0.contains("[value-type-mismatch]") }, [
            "\(survey):3:25: error: choice value \"1\" of \"size\" is a string but baseType is \"integer\"; write 1 [value-type-mismatch]",
            "\(survey):3:81: error: choice value \"big\" of \"size\" is a string but baseType is \"integer\" [value-type-mismatch]",
            "\(survey):5:25: error: choice value 3 of \"colour\" is an integer but baseType is \"string\"; write \"3\" [value-type-mismatch]",
        ])
    }

    func testTheOlderSageResearchFormatIsSaidOncePerFile() throws {
        let file = Paths.fixture("sageresearch/bedtime.json")
        let lint = try Binary.run(["lint", file])
        XCTAssertEqual(lint.status, 1)
        let lines = lint.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("[sageresearch-format]") }, [
            "\(file):12:21: error: this is the older SageResearch format (\"form\" steps with \"inputFields\", RSD… types), which the current engines "
                + "(AssessmentModel, AssessmentModelKMM) do not read, so its questions were not checked; "
                + "the current format: https://github.com/Sage-Bionetworks/mobile-client-json#building-a-survey [sageresearch-format]",
        ])
        XCTAssertFalse(lint.stdout.contains("--allow-type"), "no hint to allow its types as an app's own: \(lint.stdout)")
        XCTAssertFalse(lint.stdout.contains("[unknown-node-type]"), lint.stdout)
        let allowed = try Binary.run(["lint", file, "--allow-type", "form"])
        XCTAssertEqual(allowed.stdout.split(separator: "\n").filter { $0.contains("[sageresearch-format]") }.count, 1, "allowing form does not hide it")

        // A current-format survey with an app's own type is not taken for SageResearch.
        let folder = try Paths.scratch(self)
        let own = try Binary.write(#"{"type": "assessment", "identifier": "own", "steps": [{"type": "tapping", "identifier": "tap"}]}"#, to: "own.json", in: folder)
        let ownLint = try Binary.run(["lint", own])
        XCTAssertFalse(ownLint.stdout.contains("SageResearch"), ownLint.stdout)
        XCTAssertTrue(ownLint.stdout.contains("--allow-type tapping"), ownLint.stdout)
    }

    func testACleanLintOnATerminalSaysSoAndStaysQuietWhenPiped() throws {
        let surveys = [path("examples/surveys/mood-loop.json"), path("examples/surveys/sleep-sections.json")]
        let terminal = CapturedRun(["lint"] + surveys, terminal: true)
        XCTAssertEqual(terminal.status, .ok)
        XCTAssertEqual(terminal.stdout, "2 files checked: no findings\n")
        XCTAssertEqual(CapturedRun(["lint", surveys[0]], terminal: true).stdout, "1 file checked: no findings\n")
        let piped = try Binary.run(["lint"] + surveys)
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.stdout, "", "piped: nothing, as before")
        XCTAssertFalse(CapturedRun(["lint", path("examples/bad")], terminal: true).stdout.contains("no findings"))
        XCTAssertFalse(CapturedRun(["lint", "--format", "json", surveys[0]], terminal: true).stdout.contains("no findings"), "only the text report")
    }
}
