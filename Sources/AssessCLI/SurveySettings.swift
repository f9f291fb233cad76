import AssessmentModel
import Foundation
import JSONCore

/// What a survey file is linted and run with: the library's resolution (the nearest `assess.json`
/// beside the survey or in a parent folder) with `--allow-type`, `--allow-property` and `--resources` on top.
typealias SurveySettings = ResolvedSurveySettings

extension ResolvedSurveySettings {
    /// The config file's name.
    static let configName = SurveyConfig.fileName

    /// The settings for the survey at `path` (`nil` for standard input: the current folder), or an error line.
    static func load(for path: String?, arguments: ParsedArguments) -> Result<SurveySettings, InputError> {
        let overrides = SettingsOverrides(allowedTypes: Set(arguments.all("--allow-type")), allowedProperties: Set(arguments.all("--allow-property")),
                                          resources: arguments.value("--resources"))
        let settings = ResolvedSurveySettings(surveyAt: path, overrides: overrides)
        if let problem = settings.configProblem { return .failure(InputError(name: problem.file, reason: problem.reason)) }
        return .success(settings)
    }

    /// The settings for the survey at `path`, or `nil` after printing why they cannot be read.
    static func load(for path: String?, arguments: ParsedArguments, io: CommandIO) -> SurveySettings? {
        switch load(for: path, arguments: arguments) {
        case .success(let settings): return settings
        case .failure(let error):
            io.printError(error.description)
            return nil
        }
    }
}
