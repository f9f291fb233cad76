import FoundationEssentials
import JSONCore

/// A `--catalog` file: a JSON object mapping schema URIs to local files (paths relative to the
/// catalog's folder), for URIs that no schema's own `$id` answers to, e.g. a raw GitHub URL whose
/// schema declares a relative `$id`. Nothing is ever downloaded.
public struct SchemaCatalog: Sendable, Equatable {
    /// The catalog's name (its path as given).
    public let name: String
    /// The local path of each URI's schema (resolved against the catalog's folder).
    public let paths: [String: String]

    /// A catalog from already resolved paths.
    public init(name: String, paths: [String: String]) {
        self.name = name
        self.paths = paths
    }

    /// Decodes a catalog; `folder` is where relative paths start.
    public init(bytes: [UInt8], name: String, folder: String) throws(InputIssue) {
        let document = try InputIssue.parse(bytes, file: name)
        guard let object = document.value.objectValue else {
            throw .at(.root, in: document, file: name, "a catalog must be a JSON object of schema URI → local path, found \(document.value.primitiveType.withArticle)")
        }
        var paths: [String: String] = [:]
        for member in object.members {
            guard let path = member.value.stringValue, !path.isEmpty else {
                throw .at(JSONPointer(tokens: [member.key]), in: document, file: name,
                          "the catalog entry for \(member.key) must be a file path, found \(member.value.primitiveType.withArticle)")
            }
            paths[member.key] = path.hasPrefix("/") ? path : URL(fileURLWithPath: folder).appendingPathComponent(path).path
        }
        self.init(name: name, paths: paths)
    }

    /// Reads the catalog at `path`.
    public init(contentsOf path: String) throws(InputIssue) {
        try self.init(bytes: InputIssue.read(path, what: "the catalog"), name: path, folder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
}
