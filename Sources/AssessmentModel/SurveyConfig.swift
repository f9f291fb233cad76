import FoundationEssentials
import JSONCore

/// An `assess.json` beside surveys (or in a parent folder): `{"allowTypes": ["tapping", …], "allowProperties":
/// ["score", "choice.points"]}`, the app's own node types and members. `lint`, `run`, `graph`, `routes` and the
/// language server read it the same way.
public struct SurveyConfig: Sendable, Equatable {
    /// Node types checked as generic nodes instead of being reported as unknown.
    public let allowedTypes: [String]
    /// Members the app reads that no engine does: `name` in any object, `scope.name` in one kind (`unknown-property`).
    public var allowedProperties: [String] = []

    /// A config from its parts.
    public init(allowedTypes: [String], allowedProperties: [String] = []) {
        self.allowedTypes = allowedTypes
        self.allowedProperties = allowedProperties
    }

    /// The settings a config may hold.
    static let settings = ["allowTypes", "allowProperties"]

    /// The config file's name.
    public static let fileName = "assess.json"

    /// Why a config cannot be used: the file and the reason.
    public struct Problem: Error, Sendable, Equatable {
        /// The config file's path.
        public let file: String
        /// What is wrong with it.
        public let reason: String
        /// Where in the file (the syntax error, the setting or its value), when the file could be read.
        public var position: SourcePosition? = nil
    }

    /// The first `assess.json` in `folder` or one of its parents.
    public static func nearest(from folder: URL) -> URL? {
        var current = folder
        while true {
            let candidate = current.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Reads and checks a config file.
    public static func read(_ config: URL) -> Result<SurveyConfig, Problem> {
        let name = config.path
        guard let data = FileManager.default.contents(atPath: name) else { return .failure(Problem(file: name, reason: "permission denied")) }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: Array(data), options: .init(recordPositions: true))
        } catch {
            return .failure(Problem(file: name, reason: "\(error.description)", position: error.position))
        }
        func at(_ setting: String, key: Bool) -> SourcePosition? {
            let pointer = JSONPointer(tokens: [setting])
            return key ? document.sourceMap?.keyRange(of: pointer)?.start : document.sourceMap?.position(of: pointer)
        }
        guard case .object(let object) = document.value else {
            return .failure(Problem(file: name, reason: "a config must be a JSON object", position: document.sourceMap?.position(of: .root)))
        }
        for member in object where !settings.contains(member.key) {
            return .failure(Problem(file: name, reason: "unknown setting \"\(member.key)\" (known: \(settings.joined(separator: ", ")))",
                                    position: at(member.key, key: true)))
        }
        var lists: [[String]] = []
        for (setting, what) in zip(settings, ["type names", "member names"]) {
            guard let list = object[setting] else {
                lists.append([])
                continue
            }
            guard case .array(let values) = list, values.allSatisfy({ $0.stringValue != nil }) else {
                return .failure(Problem(file: name, reason: "\"\(setting)\" must be an array of \(what)", position: at(setting, key: false)))
            }
            lists.append(values.compactMap(\.stringValue))
        }
        return .success(SurveyConfig(allowedTypes: lists[0], allowedProperties: lists[1]))
    }
}

extension SurveyResources {
    /// Resources read from the files of a folder.
    public static func folder(_ directory: String) -> SurveyResources {
        SurveyResources(location: directory) { fileName in
            guard !fileName.contains("/") else { return nil }
            return FileManager.default.contents(atPath: URL(fileURLWithPath: directory).appendingPathComponent(fileName).path).map(Array.init)
        }
    }
}
