import FoundationEssentials

/// Settings given for every survey (command-line flags, an editor's options) on top of the nearest
/// `assess.json`: lists add to the file's, a resources folder replaces the survey's own.
public struct SettingsOverrides: Sendable, Equatable {
    /// App node types (`--allow-type`), added to the file's `allowTypes`.
    public var allowedTypes: Set<String>
    /// App members (`--allow-property`), added to the file's `allowProperties`.
    public var allowedProperties: Set<String>
    /// Where `transform` nodes find their files (`--resources`), instead of the survey's folder.
    public var resources: String?

    /// Overrides from their parts (none by default).
    public init(allowedTypes: Set<String> = [], allowedProperties: Set<String> = [], resources: String? = nil) {
        self.allowedTypes = allowedTypes
        self.allowedProperties = allowedProperties
        self.resources = resources
    }
}

/// What a survey is linted and run with, resolved the one way `lint`, `run`, `graph`, `routes`,
/// `preview` and the language server share: the nearest `assess.json` in the survey's folder or a
/// parent, with the overrides on top, and the survey's folder for its resources.
public struct ResolvedSurveySettings: Sendable, Equatable {
    /// Node types checked as generic nodes instead of being reported as unknown.
    public var allowedTypes: Set<String>
    /// An app's own members, not reported as unknown.
    public var allowedProperties: Set<String>
    /// Where `transform` nodes find their files: the overrides' folder, else the survey's (`.` for standard input).
    public var resourcesFolder: String
    /// The survey's folder, standardized (the working folder for a survey read from standard input).
    public var folder: String
    /// The `assess.json` that governs the survey, if one does.
    public var config: URL?
    /// Why that file could not be used (then only the overrides apply).
    public var configProblem: SurveyConfig.Problem?

    /// The settings of the survey at `path` (`nil`: standard input, governed from the working folder).
    public init(surveyAt path: String?, overrides: SettingsOverrides) {
        self.init(surveyFolder: path.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }, overrides: overrides)
    }

    /// The settings of a survey in `folder` (`nil`: standard input, governed from the working folder).
    public init(surveyFolder: URL?, overrides: SettingsOverrides) {
        let searched = (surveyFolder ?? URL(fileURLWithPath: ".")).standardizedFileURL
        folder = searched.path
        allowedTypes = overrides.allowedTypes
        allowedProperties = overrides.allowedProperties
        resourcesFolder = overrides.resources ?? (surveyFolder == nil ? "." : searched.path)
        config = SurveyConfig.nearest(from: searched)
        guard let config else { return }
        switch SurveyConfig.read(config) {
        case .success(let read):
            allowedTypes.formUnion(read.allowedTypes)
            allowedProperties.formUnion(read.allowedProperties)
        case .failure(let problem):
            configProblem = problem
        }
    }

    /// The survey's resource files.
    public var resources: SurveyResources { .folder(resourcesFolder) }
}
