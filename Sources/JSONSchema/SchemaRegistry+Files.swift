import Foundation
import JSONCore

/// Why a schema file could not be loaded into a registry.
public enum SchemaLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not strict JSON.
    case invalidJSON(path: String, error: JSONParseError)

    /// `cannot read PATH: reason`, or `path:line:col: error: message`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .invalidJSON(let path, let error): return "\(path):\(error.position): error: \(error.message)"
        }
    }
}

extension SchemaRegistry {
    /// Loads one schema file, registering it by its `file://` URL and every `$id` inside.
    @discardableResult
    public mutating func registerFile(at path: String) throws(SchemaLoadError) -> URIReference {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let bytes: [UInt8]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw .unreadable(path: path, reason: "no such file") }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a folder") }
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
        } catch {
            throw .invalidJSON(path: path, error: error)
        }
        return register(document.value, uri: url.absoluteString, sourceName: path, sourceMap: document.sourceMap)
    }

    /// Loads every `.json` file under a folder (recursively, in sorted order).
    public mutating func registerDirectory(at path: String) throws(SchemaLoadError) {
        let root = URL(fileURLWithPath: path)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw .unreadable(path: path, reason: "not a readable folder")
        }
        var files: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "json" { files.append(url.path) }
        guard !files.isEmpty || FileManager.default.fileExists(atPath: path) else {
            throw .unreadable(path: path, reason: "no such folder")
        }
        for file in files.sorted() { try registerFile(at: file) }
    }
}
