import AssessmentModel
import Foundation
import JSONCore
import XCTest

/// One resolution of a survey's settings for the CLI and the language server: the nearest `assess.json`,
/// the overrides on top, the survey's folder for resources, and config errors with file and position.
final class SurveySettingsResolutionTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/surveys/deep"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: root)
    }

    private func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    func testTheNearestConfigGovernsAndOverridesAddToIt() throws {
        try write(#"{"allowTypes": ["far"]}"#, "app/assess.json")
        try write(#"{"allowTypes": ["near"], "allowProperties": ["score"]}"#, "app/surveys/assess.json")
        let survey = root.appendingPathComponent("app/surveys/deep/survey.json").path
        let settings = ResolvedSurveySettings(surveyAt: survey, overrides: SettingsOverrides(allowedTypes: ["flag"], allowedProperties: ["points"]))
        XCTAssertEqual(settings.config?.standardizedFileURL.path, root.appendingPathComponent("app/surveys/assess.json").standardizedFileURL.path,
                       "the nearest parent's config, not the farther one")
        XCTAssertEqual(settings.allowedTypes, ["near", "flag"], "the flags add to the file")
        XCTAssertEqual(settings.allowedProperties, ["score", "points"])
        XCTAssertNil(settings.configProblem)
        XCTAssertEqual(settings.folder, root.appendingPathComponent("app/surveys/deep").standardizedFileURL.path)
        XCTAssertEqual(settings.resourcesFolder, settings.folder, "resources come from the survey's own folder")
        XCTAssertEqual(ResolvedSurveySettings(surveyAt: survey, overrides: SettingsOverrides(resources: "/elsewhere")).resourcesFolder, "/elsewhere",
                       "the resources flag replaces the survey's folder")
    }

    func testTheLanguageServersFolderAndTheCLIsPathResolveAlike() throws {
        try write(#"{"allowTypes": ["tapping"]}"#, "app/assess.json")
        let folder = root.appendingPathComponent("app/surveys/deep")
        let byPath = ResolvedSurveySettings(surveyAt: folder.appendingPathComponent("s.json").path, overrides: SettingsOverrides())
        XCTAssertEqual(ResolvedSurveySettings(surveyFolder: folder, overrides: SettingsOverrides()), byPath)
        XCTAssertEqual(byPath.allowedTypes, ["tapping"])
    }

    func testStandardInputIsGovernedFromTheWorkingFolderWithDotForResources() {
        let settings = ResolvedSurveySettings(surveyAt: nil, overrides: SettingsOverrides())
        XCTAssertEqual(settings.folder, URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path)
        XCTAssertEqual(settings.resourcesFolder, ".")
    }

    func testABrokenConfigIsReportedWithItsFileAndPositionAndOnlyTheOverridesApply() throws {
        let config = root.appendingPathComponent("app/assess.json").path
        let survey = root.appendingPathComponent("app/s.json").path
        let cases: [(text: String, reason: String, line: Int, column: Int)] = [
            ("{\n  \"allowTypes\": \"tapping\"\n}", "\"allowTypes\" must be an array of type names", 2, 17),
            ("{\"allowTypes\": [],\n \"allowType\": []}", "unknown setting \"allowType\" (known: allowTypes, allowProperties)", 2, 2),
            ("[]", "a config must be a JSON object", 1, 1),
        ]
        for (text, reason, line, column) in cases {
            try write(text, "app/assess.json")
            let settings = ResolvedSurveySettings(surveyAt: survey, overrides: SettingsOverrides(allowedTypes: ["flag"]))
            let problem = try XCTUnwrap(settings.configProblem, text)
            XCTAssertEqual(problem.file, config, text)
            XCTAssertEqual(problem.reason, reason, text)
            XCTAssertEqual(problem.position.map { [$0.line, $0.column] }, [line, column], text)
            XCTAssertEqual(settings.allowedTypes, ["flag"], text)
        }
        try write("{\n  \"allowTypes\": [,]\n}", "app/assess.json")
        let syntax = try XCTUnwrap(ResolvedSurveySettings(surveyAt: survey, overrides: SettingsOverrides()).configProblem)
        XCTAssertEqual(syntax.position?.line, 2, "a syntax error keeps the parser's position")
        XCTAssertTrue(syntax.reason.hasPrefix("2:"), syntax.reason)
    }
}
