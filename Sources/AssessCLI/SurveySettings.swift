import AssessmentModel
import FoundationEssentials
import JSONCore

/// What a survey file is linted and run with: the library's resolution (the nearest `assess.json`
/// beside the survey or in a parent folder) with `--allow-type`, `--allow-property` and `--resources` on top.
typealias SurveySettings = ResolvedSurveySettings

extension ResolvedSurveySettings {
    /// The config file's name.
    static let configName = SurveyConfig.fileName

    /// The settings for the survey at `path` (`nil` for standard input: the current folder), or an error line.
    static func load(for path: String?, options: SurveySettingsOptions) -> Result<SurveySettings, InputError> {
        let overrides = SettingsOverrides(allowedTypes: Set(options.allowedTypes), allowedProperties: Set(options.allowedProperties),
                                          resources: options.resources)
        let settings = ResolvedSurveySettings(surveyAt: path, overrides: overrides)
        if let problem = settings.configProblem { return .failure(InputError(name: problem.file, reason: problem.reason)) }
        return .success(settings)
    }

    /// The settings for the survey at `path`, or `nil` after printing why they cannot be read.
    static func load(for path: String?, options: SurveySettingsOptions, io: CommandIO) -> SurveySettings? {
        switch load(for: path, options: options) {
        case .success(let settings): return settings
        case .failure(let error):
            io.printError(error.description)
            return nil
        }
    }
}
