import JSONCore

/// Where a survey's resource files are (the files `transform` nodes name by `resourceName`).
/// The model does no I/O: the caller supplies how a file is read.
public struct SurveyResources: Sendable {
    /// The place files come from, for messages (a folder path).
    public let location: String
    private let read: @Sendable (String) -> [UInt8]?

    /// Resources read by `read(fileName)` (`fileName` is `resourceName` with `.json` added when missing).
    public init(location: String, read: @escaping @Sendable (String) -> [UInt8]?) {
        self.location = location
        self.read = read
    }

    /// The file name a `resourceName` refers to.
    public static func fileName(for resourceName: String) -> String {
        resourceName.hasSuffix(".json") ? resourceName : resourceName + ".json"
    }

    /// The node a resource holds, or why it cannot be had.
    public func node(named resourceName: String, at pointer: JSONPointer) -> Result<Node, TransformError> {
        let file = SurveyResources.fileName(for: resourceName)
        guard let bytes = read(file) else { return .failure(.missing(file, in: location)) }
        let value: JSONValue
        do {
            value = try JSONDocument(bytes: bytes).value
        } catch {
            return .failure(.unreadable(file, error.description))
        }
        do {
            return .success(try JSONValueDecoder().decode(Node.self, from: value, at: pointer))
        } catch {
            return .failure(.unreadable(file, "its root is \(value.primitiveType.withArticle), not an object"))
        }
    }
}

/// Why a `transform` node's resource could not be loaded.
public enum TransformError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not there.
    case missing(String, in: String)
    /// The file is there but is not a survey node.
    case unreadable(String, String)
    /// Resources include each other deeper than the limit (a file including itself).
    case tooDeep(String)

    /// What went wrong, naming the resource file.
    public var description: String {
        switch self {
        case .missing(let file, let location): return "resource file \"\(file)\" is not in \(location)"
        case .unreadable(let file, let reason): return "resource file \"\(file)\" cannot be read as a survey node: \(reason)"
        case .tooDeep(let file): return "resource file \"\(file)\" is included too deeply (does it include itself?)"
        }
    }
}

extension Node {
    /// The `resourceName` of a `transform` or `transformableAssessment` node.
    public var resourceName: String? {
        switch body {
        case .transform(let name), .transformableAssessment(let name): return name
        default: return nil
        }
    }

    /// This tree with every `transform` and `transformableAssessment` node replaced by the node of its
    /// resource file, under the transform's identifier (as the Swift engine unpacks them; on
    /// `.android` a resource that is a single step keeps its own identifier, as the Kotlin engine
    /// does). Nodes that cannot be loaded stay as they are and are listed in `failures`; resources
    /// nested deeper than `depthLimit` (a file including itself) are left unresolved.
    public func resolvingTransforms(from resources: SurveyResources, failures: inout [(node: Node, error: TransformError)],
                                    platform: EnginePlatform? = nil, depthLimit: Int = 32) -> Node {
        var node = self
        var limit = depthLimit
        if let resourceName {
            guard depthLimit > 0 else {
                failures.append((self, .tooDeep(SurveyResources.fileName(for: resourceName))))
                return self
            }
            switch resources.node(named: resourceName, at: pointer) {
            case .success(var loaded):
                if platform != .android || loaded.steps != nil { loaded.identifier = identifier }
                node = loaded
                limit -= 1
            case .failure(let error):
                failures.append((self, error))
                return self
            }
        }
        if let steps = node.steps {
            node.steps = steps.map { $0.resolvingTransforms(from: resources, failures: &failures, platform: platform, depthLimit: limit) }
        }
        return node
    }
}
