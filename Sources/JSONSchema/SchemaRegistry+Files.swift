import Dispatch
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
        try register(IndexedSchemaFile.load(path).get())
    }

    /// Loads every `.json` file under a folder (recursively). Files are read and indexed in
    /// parallel, then registered in sorted order; the first bad file in that order is the error.
    public mutating func registerDirectory(at path: String) throws(SchemaLoadError) {
        let sorted = try SchemaRegistry.schemaFiles(under: path)
        let loads = SchemaFileLoads(paths: sorted)
        DispatchQueue.concurrentPerform(iterations: sorted.count) { _ in loads.loadRemaining() }
        for result in loads.results { try register(result.get()) }
    }

    /// The `.json` files under a folder (recursively), sorted: the files `registerDirectory(at:)` registers, in
    /// its order, for a caller that loads them itself (`IndexedSchemaFile.load`) and registers them in that order.
    public static func schemaFiles(under path: String) throws(SchemaLoadError) -> [String] {
        let root = URL(fileURLWithPath: path)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw .unreadable(path: path, reason: "not a readable folder")
        }
        var files: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "json" { files.append(url.path) }
        guard !files.isEmpty || FileManager.default.fileExists(atPath: path) else {
            throw .unreadable(path: path, reason: "no such folder")
        }
        return files.sorted()
    }

    /// Registers a schema file loaded by `IndexedSchemaFile.load`, as `registerFile(at:)` registers it; its base URI.
    @discardableResult
    public mutating func register(_ file: IndexedSchemaFile) -> URIReference {
        register(file.index, content: SchemaContent(bytes: file.bytes), retrieval: file.retrieval, sourceName: file.path)
    }
}

/// A schema file read, checked and indexed, ready to register (loading touches no registry, so files can be
/// loaded on any thread).
public struct IndexedSchemaFile: Sendable {
    let path: String
    let bytes: [UInt8]
    let retrieval: URIReference
    let index: ResourceIndex

    /// Reads, checks and indexes the schema file at `path`, or says why it cannot be registered.
    public static func load(_ path: String) -> Result<IndexedSchemaFile, SchemaLoadError> {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let bytes: [UInt8]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return .failure(.unreadable(path: path, reason: "no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(.unreadable(path: path, reason: "is a folder")) }
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            return .failure(.unreadable(path: path, reason: (error as NSError).localizedDescription))
        }
        // Parsed onto a tape only to check it and find its `$id`s; the tree is built when it is used.
        let parsed: (tape: JSONTape, hasDuplicateKeys: Bool)
        do {
            parsed = try JSONParser().parseTape(bytes)
        } catch {
            return .failure(.invalidJSON(path: path, error: error))
        }
        // A repeated key keeps its last value, as in the tree the compiler will see.
        let tape = parsed.hasDuplicateKeys ? JSONTape(parsed.tape.value) : parsed.tape
        let retrieval = URIReference(url.absoluteString).withoutFragment
        let index = tape.withView { ResourceIndex(tape: $0, retrieval: retrieval) }
        return .success(IndexedSchemaFile(path: path, bytes: bytes, retrieval: retrieval, index: index))
    }
}

/// Schema files loaded by whichever thread takes each one first: `loadRemaining()` may run on several threads
/// at once (each takes the next file not yet taken), and `results` is read once every one of them returned.
public final class SchemaFileLoads: @unchecked Sendable {
    /// The files, in the order their results are given.
    public let paths: [String]
    private let lock = NSLock()
    private var next = 0
    private var slots: [Result<IndexedSchemaFile, SchemaLoadError>?]

    /// Nothing loaded yet.
    public init(paths: [String]) {
        self.paths = paths
        slots = Array(repeating: nil, count: paths.count)
    }

    /// Loads files not taken by another thread until none is left.
    public func loadRemaining() {
        while let index = take() {
            let result = IndexedSchemaFile.load(paths[index])
            lock.withLock { slots[index] = result }
        }
    }

    private func take() -> Int? {
        lock.withLock {
            guard next < paths.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Every file's result, in the order of `paths` (once every `loadRemaining()` returned).
    public var results: [Result<IndexedSchemaFile, SchemaLoadError>] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
