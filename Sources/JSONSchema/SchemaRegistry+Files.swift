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
    /// Loads one schema file, registering it by its `file://` URL and every `$id` inside. The file is
    /// checked and indexed now, and parsed into a tree only when one of its schemas is compiled.
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
        // Parsed onto a tape only to check it and find its `$id`s; the tree is built when it is used.
        let parsed: (tape: JSONTape, hasDuplicateKeys: Bool)
        do {
            parsed = try JSONParser().parseTape(bytes)
        } catch {
            throw .invalidJSON(path: path, error: error)
        }
        // A repeated key keeps its last value, as in the tree the compiler will see.
        let tape = parsed.hasDuplicateKeys ? JSONTape(parsed.tape.value) : parsed.tape
        return register(tape, content: SchemaContent(bytes: bytes), uri: url.absoluteString, sourceName: path)
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
