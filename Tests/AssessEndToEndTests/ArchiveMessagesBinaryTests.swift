import CLITestSupport
import Foundation
import JSONCore
import XCTest

/// `assess archive`, `verify` and the messages every command shares, through the built binary (issue 12).
final class ArchiveMessagesBinaryTests: XCTestCase {
    private func path(_ relative: String) -> String { Paths.repository.appendingPathComponent(relative).path }

    /// Runs a survey with its example script and writes the result (and an archive) into `folder`.
    private func result(of survey: String, script: String, in folder: URL, seed: Int = 1) throws -> (result: String, archive: String) {
        let result = folder.appendingPathComponent("\(survey)-\(seed).json").path, archive = folder.appendingPathComponent("\(survey)-\(seed).zip").path
        let run = try Binary.run(["run", path("examples/surveys/\(survey).json"), "--answers", path("examples/scripts/\(survey)/\(script).json"),
                                  "--now", "2026-01-02T03:04:05.000+00:00", "--seed", String(seed), "--result", result, "--archive", archive])
        XCTAssertEqual(run.status, 0, run.stderr)
        return (result, archive)
    }

    func testArchiveChecksTheResultAndThatItBelongsToTheSurvey() throws {
        let folder = try Paths.scratch(self)
        let out = folder.appendingPathComponent("out.zip").path
        let notAResult = try Binary.run(["archive", "--result", path("examples/surveys/mood-loop.json"), "-o", out])
        XCTAssertEqual(notAResult.status, 1)
        XCTAssertTrue(notAResult.stderr.hasPrefix("\(path("examples/surveys/mood-loop.json")):1:1: error: not an assessment result: "), notAResult.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        let (result, _) = try result(of: "mood-loop", script: "low-then-fine", in: folder)
        let other = try Binary.run(["archive", "--result", result, "--survey", path("examples/surveys/sleep-sections.json"), "-o", out])
        XCTAssertEqual(other.status, 1)
        XCTAssertTrue(other.stderr.hasPrefix("\(result):3:17: error: the result is for \"moodDiary\" but the survey is \"sleepCheck\"\n"), other.stderr)
        XCTAssertTrue(other.stderr.contains("error: the result has a step \"mood\" that the survey does not define"), other.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        let arguments = ["archive", "--result", result, "--survey", path("examples/surveys/mood-loop.json"), "-o", out]
        XCTAssertEqual(try Binary.run(arguments).stdout, "wrote \(out) (2 files)\n")
        let again = try Binary.run(arguments)
        XCTAssertEqual(again.status, 3)
        XCTAssertEqual(again.stderr, "error: \(out) already exists (use --force to replace it)\n", "one prefix, no doubled path")
        XCTAssertEqual(try Binary.run(arguments + ["--force"]).status, 0)
        XCTAssertEqual(try Binary.run(["verify", out]).stdout, "\(out): valid\n" + "\(out): note: assessmentResult.json: schema https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/AssessmentResultObject.json is Sage's published schema and is not on disk (checked as a result by its role only)\n",
                       "the manifest names Sage's result schema; without Sage's files our own result schema checks it")
        let sage = try Binary.run(["verify", "--ref-dir", try Paths.shared("sage/schemas"), out])
        XCTAssertEqual(sage.stdout, "\(out): valid\n", "the result and metadata.json follow Sage's published schemas")
        // Many archives: the note on each, what to do about it once per run.
        let copy = out + ".copy.zip"
        try FileManager.default.copyItem(atPath: out, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let two = try Binary.run(["verify", out, copy])
        XCTAssertEqual(two.stdout.components(separatedBy: "is Sage's published schema and is not on disk (checked as a result by its role only)").count - 1, 2, two.stdout)
        XCTAssertEqual(two.stderr, "note: give --ref-dir with the schemas of a mobile-client-json checkout (e.g. ../shared/sage/schemas) or --catalog; assess never downloads schemas\n", "once per run, not per archive")
    }

    func testVerifySurveyRefusesResultsWhoseIdentifiersAreNotTheSurveys() throws {
        let folder = try Paths.scratch(self)
        let (_, archive) = try result(of: "sleep-sections", script: "good-night", in: folder)
        XCTAssertEqual(try Binary.run(["verify", "--survey", path("examples/surveys/sleep-sections.json"), archive]).status, 0)
        let other = try Binary.run(["verify", "--survey", path("examples/surveys/mood-loop.json"), archive])
        XCTAssertEqual(other.status, 1)
        XCTAssertTrue(other.stdout.contains("invalid: the result is for \"sleepCheck\" but the survey is \"moodDiary\""), other.stdout)
        // Same survey identifier, but its step "bedtime" renamed: the result names a step the survey does not define.
        var survey = try String(contentsOfFile: path("examples/surveys/sleep-sections.json"), encoding: .utf8)
        survey = survey.replacingOccurrences(of: "\"identifier\": \"bedtime\"", with: "\"identifier\": \"bedTime\"")
        let moved = try Binary.write(survey, to: "renamed.json", in: folder)
        let mismatch = try Binary.run(["verify", "--survey", moved, archive])
        XCTAssertEqual(mismatch.status, 1)
        XCTAssertTrue(mismatch.stdout.contains("invalid: the result has a step \"bedtime\" in section \"habits\" that the survey does not define"), mismatch.stdout)
    }

    func testBatchRecursesOnlyWithRecursive() throws {
        let folder = try Paths.scratch(self)
        let nested = folder.appendingPathComponent("nested")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        _ = try result(of: "mood-loop", script: "low-then-fine", in: folder, seed: 1)
        _ = try result(of: "mood-loop", script: "low-then-fine", in: nested, seed: 2)
        let flat = try Binary.run(["verify", "--batch", folder.path, "--report", "json"])
        XCTAssertEqual(flat.status, 0, flat.stdout)
        XCTAssertEqual(flat.stdout.split(separator: "\n").last, #"{"summary":{"total":1,"valid":1,"invalid":0,"duplicate":0}}"#)
        let deep = try Binary.run(["verify", "--batch", folder.path, "--recursive", "--report", "json"])
        XCTAssertEqual(deep.status, 0, deep.stdout)
        XCTAssertEqual(deep.stdout.split(separator: "\n").last, #"{"summary":{"total":2,"valid":2,"invalid":0,"duplicate":0}}"#)
        let empty = folder.appendingPathComponent("empty/inner")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        _ = try result(of: "mood-loop", script: "low-then-fine", in: empty, seed: 3)
        let none = try Binary.run(["verify", "--batch", empty.deletingLastPathComponent().path])
        XCTAssertEqual(none.status, 3)
        XCTAssertEqual(none.stderr, "error: cannot read \(empty.deletingLastPathComponent().path): folder holds no .zip files (--recursive also reads its subfolders)\n")
    }

    func testOneWordingForMissingFilesEverywhere() throws {
        let missing = "/no/such/file.json"
        let survey = path("examples/surveys/mood-loop.json")
        let calls: [[String]] = [
            ["lint", missing], ["validate", "--schema", missing, survey], ["validate", "--schema", path("schemas/ArchiveMetadata.json"), missing],
            ["metaschema", missing], ["run", missing, "--answers", "-"], ["run", survey, "--answers", missing], ["run", survey, "--expect", missing, "--answers", path("examples/scripts/mood-loop/low-then-fine.json")],
            ["archive", "--result", missing, "-o", "/tmp/unused.zip"], ["verify", missing], ["verify", "--survey", missing, "x.zip"],
            ["lint", "--schema", missing, survey], ["routes", missing], ["graph", missing], ["graph", survey, "--coverage", missing],
        ]
        for call in calls {
            let run = try Binary.run(call)
            XCTAssertEqual(run.status, 3, call.joined(separator: " "))
            let output = run.stdout + run.stderr
            XCTAssertTrue(output.contains("error: cannot read \(missing): no such file\n"), "\(call.joined(separator: " ")): \(output)")
            XCTAssertFalse(output.contains("\(missing): error:"), "no doubled prefix: \(output)")
        }
    }

    func testSchemaURITyposVersionTyposAndHelp() throws {
        let typo = "https://assess.invalid/schemas/v1/AssesmentObject.json"
        let sage = "https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/AssessmentObject.json"
        for command in ["validate", "lint"] {
            let run = try Binary.run([command, "--schema", typo, path("examples/surveys/mood-loop.json")])
            XCTAssertEqual(run.status, 3)
            XCTAssertEqual(run.stderr, "error: unknown schema URI \(typo); did you mean https://assess.invalid/schemas/v1/AssessmentObject.json?\n")
            let notOurs = try Binary.run([command, "--schema", sage, path("examples/surveys/mood-loop.json")])
            XCTAssertEqual(notOurs.status, 3, "a Sage URI is never answered with our schema")
            XCTAssertEqual(notOurs.stderr, "error: schema \(sage) is Sage's published schema and is not on disk: give --ref-dir with the schemas of a mobile-client-json checkout (e.g. ../shared/sage/schemas) or --catalog; assess never downloads schemas\n")
        }
        let version = try Binary.run(["--verison"])
        XCTAssertEqual(version.status, 2)
        XCTAssertTrue(version.stderr.hasPrefix("error: unknown option '--verison' (did you mean '--version'?)\n"), version.stderr)
        let help = try Binary.run(["validate", "--help"])
        XCTAssertTrue(help.stdout.contains("--no-format") && help.stdout.contains("contentMediaType or contentEncoding"), help.stdout)
    }

    func testPatternsAreStrictECMA262() throws {
        let folder = try Paths.scratch(self)
        let schema = try Binary.write(#"{"type": "string", "pattern": "${X}"}"#, to: "schema.json", in: folder)
        let instance = try Binary.write(#""${X}""#, to: "instance.json", in: folder)
        let run = try Binary.run(["validate", "--schema", schema, instance])
        XCTAssertEqual(run.status, 3, "`${X}` is not an ECMA-262 regular expression (a lone { is a syntax error with the u flag)")
        XCTAssertTrue(run.stderr.hasPrefix("\(schema):1:"), run.stderr)
        let format = try Binary.write(#"{"format": "regex"}"#, to: "format.json", in: folder)
        let checked = try Binary.run(["validate", "--schema", format, instance])
        XCTAssertEqual(checked.status, 1, "the regex format follows the same grammar")
        XCTAssertEqual(checked.stdout, "\(instance):1:1: error: string is not a valid regex at the root (/format)\n")
    }
}
