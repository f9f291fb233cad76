import AssessmentModel
import FoundationEssentials
import JSONCore

/// How a document is linted: as `assess lint` would lint the same file with the same options.
public struct DocumentSettings: Sendable {
    /// App-defined node types: the server's `--allow-type`s and the nearest `assess.json`'s `allowTypes`.
    public var allowedTypes: Set<String>
    /// Rules left out (`--exclude`).
    public var excludedRules: Set<String>
    /// An app's own members: the nearest `assess.json`'s `allowProperties` and `initializationOptions`' (`unknown-property`).
    public var allowedProperties: Set<String> = []
    /// Where `transform` nodes find their files: `--resources`, else the document's folder.
    public var resources: SurveyResources?
    /// Whether an `assess.json` governs the document (then every JSON object with a `type` is a survey).
    public var hasConfig: Bool
    /// Why the governing `assess.json` could not be read, if it could not.
    public var configProblem: String?
    /// The document's folder, for `file:` documents (a `$schema` path is relative to it).
    public var folder: String?
    /// Whether a survey's JSON syntax errors are reported (off where the editor's own JSON server shows them).
    public var reportsSyntaxErrors = true

    /// A value from its parts.
    public init(allowedTypes: Set<String> = [], excludedRules: Set<String> = [], resources: SurveyResources? = nil,
                hasConfig: Bool = false, configProblem: String? = nil) {
        self.allowedTypes = allowedTypes
        self.excludedRules = excludedRules
        self.resources = resources
        self.hasConfig = hasConfig
        self.configProblem = configProblem
    }
}

/// The server-wide options (command line or `initializationOptions`), resolved per document.
public struct ServerOptions: Sendable {
    /// App-defined node types (`--allow-type`).
    public var allowedTypes: Set<String> = []
    /// Rules left out (`--exclude`).
    public var excludedRules: Set<String> = []
    /// An app's own members (`allowProperties`).
    public var allowedProperties: Set<String> = []
    /// A resources folder for every survey (`--resources`).
    public var resources: String?
    /// Where rule ids link to: this base followed by `#rule-id` (the `docs/rules.md` page as served
    /// somewhere); `nil`: diagnostics carry no link.
    public var ruleDocsURL: String?
    /// Whether a survey's JSON syntax errors are reported: off when the editor's own JSON server already
    /// shows them (VS Code's, Helix's and Zed's do for `json` files).
    public var syntaxErrors = true
    /// The version `initialize` reports.
    public var serverVersion = "unknown"

    /// No app types, no excluded rules, each survey's own folder for resources.
    public init() {}

    /// The settings for a document, from its `file:` URI (other URIs get the server-wide options only).
    public func settings(for uri: String) -> DocumentSettings {
        var settings = DocumentSettings(allowedTypes: allowedTypes, excludedRules: excludedRules)
        settings.reportsSyntaxErrors = syntaxErrors
        settings.allowedProperties = allowedProperties
        guard let url = URL(string: uri), url.isFileURL else {
            settings.resources = resources.map(SurveyResources.folder)
            return settings
        }
        let resolved = ResolvedSurveySettings(surveyFolder: url.deletingLastPathComponent(),
                                              overrides: SettingsOverrides(allowedTypes: allowedTypes, allowedProperties: allowedProperties, resources: resources))
        settings.folder = resolved.folder
        settings.hasConfig = resolved.config != nil
        settings.configProblem = resolved.configProblem.map { "cannot read \($0.file): \($0.reason)" }
        settings.allowedTypes = resolved.allowedTypes
        settings.allowedProperties = resolved.allowedProperties
        settings.resources = resolved.resources
        return settings
    }

    /// The member names client settings may have.
    static let settingNames: Set<String> = ["allowTypes", "allowProperties", "exclude", "resources", "ruleDocsURL", "syntaxErrors"]

    /// These options with client settings on top (`initializationOptions`, or the `assess` section of
    /// `workspace/didChangeConfiguration`): `{"allowTypes": [...], "allowProperties": [...], "exclude": [...],
    /// "resources": "DIR", "ruleDocsURL": "...", "syntaxErrors": false}`. Lists add to the command line's;
    /// values replace them.
    func applying(_ settings: JSONValue?) -> ServerOptions {
        guard let settings else { return self }
        var options = self
        options.allowedTypes.formUnion(settings["allowTypes"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        options.allowedProperties.formUnion(settings["allowProperties"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        options.excludedRules.formUnion(settings["exclude"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        if let folder = settings["resources"]?.stringValue, !folder.isEmpty { options.resources = folder }
        if let url = settings["ruleDocsURL"]?.stringValue { options.ruleDocsURL = url.isEmpty ? nil : url }
        if let report = settings["syntaxErrors"]?.boolValue { options.syntaxErrors = report }
        return options
    }
}
