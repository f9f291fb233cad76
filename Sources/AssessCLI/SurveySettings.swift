import AssessmentModel
import Foundation
import JSONCore

/// What a survey file is linted and run with: an app's own node types (`--allow-type` and the nearest
/// `assess.json` beside the survey or in a parent folder) and where its resource files are.
struct SurveySettings {
    /// Node types checked as generic nodes instead of being reported as unknown.
    let allowedTypes: Set<String>
    /// Where `transform` nodes find their files: `--resources DIR`, else the survey's folder.
    let resources: SurveyResources
    /// An app's own members, not reported as unknown (`--allow-property`, `allowProperties`).
    var allowedProperties: Set<String> = []

    /// The config file's name.
    static let configName = SurveyConfig.fileName

    /// The settings for the survey at `path` (`nil` for standard input: the current folder), or an error line.
    static func load(for path: String?, options: SurveySettingsOptions) -> Result<SurveySettings, InputError> {
        let folder = URL(fileURLWithPath: path ?? ".").deletingLastPathComponent().standardizedFileURL
        var allowed = Set(options.allowedTypes)
        var properties = Set(options.allowedProperties)
        if let config = SurveyConfig.nearest(from: path == nil ? URL(fileURLWithPath: ".").standardizedFileURL : folder) {
            switch SurveyConfig.read(config) {
            case .success(let config):
                allowed.formUnion(config.allowedTypes)
                properties.formUnion(config.allowedProperties)
            case .failure(let problem): return .failure(InputError(name: problem.file, reason: problem.reason))
            }
        }
        let directory = options.resources ?? (path == nil ? "." : folder.path)
        return .success(SurveySettings(allowedTypes: allowed, resources: .folder(directory), allowedProperties: properties))
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
