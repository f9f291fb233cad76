import AssessmentModel
import Foundation
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
    /// Where rule ids link to: this base followed by `#rule-id`.
    public var ruleDocsURL = "https://example.invalid/assess/docs/rules.md"
    /// The version `initialize` reports.
    public var serverVersion = "unknown"

    /// No app types, no excluded rules, each survey's own folder for resources.
    public init() {}

    /// The settings for a document, from its `file:` URI (other URIs get the server-wide options only).
    public func settings(for uri: String) -> DocumentSettings {
        var settings = DocumentSettings(allowedTypes: allowedTypes, excludedRules: excludedRules)
        settings.allowedProperties = allowedProperties
        guard let url = URL(string: uri), url.isFileURL else {
            settings.resources = resources.map(SurveyResources.folder)
            return settings
        }
        let folder = url.deletingLastPathComponent().standardizedFileURL
        settings.folder = folder.path
        if let config = SurveyConfig.nearest(from: folder) {
            settings.hasConfig = true
            switch SurveyConfig.read(config) {
            case .success(let read):
                settings.allowedTypes.formUnion(read.allowedTypes)
                settings.allowedProperties.formUnion(read.allowedProperties)
            case .failure(let problem): settings.configProblem = "cannot read \(problem.file): \(problem.reason)"
            }
        }
        settings.resources = .folder(resources ?? folder.path)
        return settings
    }

    /// Reads `initializationOptions`: `{"allowTypes": [...], "allowProperties": [...], "exclude": [...], "resources": "DIR", "ruleDocsURL": "..."}`.
    mutating func apply(_ options: JSONValue?) {
        guard let options else { return }
        allowedTypes.formUnion(options["allowTypes"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        allowedProperties.formUnion(options["allowProperties"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        excludedRules.formUnion(options["exclude"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        if let folder = options["resources"]?.stringValue { resources = folder }
        if let url = options["ruleDocsURL"]?.stringValue { ruleDocsURL = url }
    }
}
