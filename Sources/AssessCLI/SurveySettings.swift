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

    /// The config file's name.
    static let configName = "assess.json"

    /// The settings for the survey at `path` (`nil` for standard input: the current folder), or an error line.
    static func load(for path: String?, arguments: ParsedArguments) -> Result<SurveySettings, InputError> {
        let folder = URL(fileURLWithPath: path ?? ".").deletingLastPathComponent().standardizedFileURL
        var allowed = Set(arguments.all("--allow-type"))
        if let config = nearestConfig(from: path == nil ? URL(fileURLWithPath: ".").standardizedFileURL : folder) {
            switch readAllowedTypes(config) {
            case .success(let types): allowed.formUnion(types)
            case .failure(let error): return .failure(error)
            }
        }
        let directory = arguments.value("--resources") ?? (path == nil ? "." : folder.path)
        return .success(SurveySettings(allowedTypes: allowed, resources: folderResources(directory)))
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

    /// Resources read from the files of a folder.
    static func folderResources(_ directory: String) -> SurveyResources {
        SurveyResources(location: directory) { fileName in
            guard !fileName.contains("/") else { return nil }
            return FileManager.default.contents(atPath: URL(fileURLWithPath: directory).appendingPathComponent(fileName).path).map(Array.init)
        }
    }

    /// The first `assess.json` in `folder` or one of its parents.
    private static func nearestConfig(from folder: URL) -> URL? {
        var current = folder
        while true {
            let candidate = current.appendingPathComponent(configName)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// `{"allowTypes": ["tapping", …]}`.
    private static func readAllowedTypes(_ config: URL) -> Result<[String], InputError> {
        let name = config.path
        guard let data = FileManager.default.contents(atPath: name) else { return .failure(InputError(name: name, reason: "permission denied")) }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: Array(data))
        } catch {
            return .failure(InputError(name: name, reason: "\(error.description)"))
        }
        guard case .object(let object) = document.value else { return .failure(InputError(name: name, reason: "a config must be a JSON object")) }
        for member in object where member.key != "allowTypes" {
            return .failure(InputError(name: name, reason: "unknown setting \"\(member.key)\" (known: allowTypes)"))
        }
        guard let list = object["allowTypes"] else { return .success([]) }
        guard case .array(let values) = list, values.allSatisfy({ $0.stringValue != nil }) else {
            return .failure(InputError(name: name, reason: "\"allowTypes\" must be an array of type names"))
        }
        return .success(values.compactMap(\.stringValue))
    }
}
