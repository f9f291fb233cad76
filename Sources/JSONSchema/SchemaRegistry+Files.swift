import Dispatch
import FoundationEssentials
import Platform
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
        try register(IndexedFile.load(path).get())
    }

    /// Loads every `.json` file under a folder (recursively). Files are read and indexed in
    /// parallel, then registered in sorted order; the first bad file in that order is the error.
    public mutating func registerDirectory(at path: String) throws(SchemaLoadError) {
        let root = URL(fileURLWithPath: path)
        var files: [String] = []
        for subpath in (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? [] {
            let url = root.appendingPathComponent(subpath)
            if url.pathExtension == "json" { files.append(url.path) }
        }
        guard !files.isEmpty || FileManager.default.fileExists(atPath: path) else {
            throw .unreadable(path: path, reason: "no such folder")
        }
        let sorted = files.sorted()
        let loaded = LoadedFiles(count: sorted.count)
        DispatchQueue.concurrentPerform(iterations: sorted.count) { index in
            loaded.set(index, IndexedFile.load(sorted[index]))
        }
        for result in loaded.results { try register(result.get()) }
    }

    @discardableResult
    private mutating func register(_ file: IndexedFile) -> URIReference {
        register(file.index, content: SchemaContent(bytes: file.bytes), retrieval: file.retrieval, sourceName: file.path)
    }
}

/// A schema file read, checked and indexed, ready to register.
private struct IndexedFile: Sendable {
    let path: String
    let bytes: [UInt8]
    let retrieval: URIReference
    let index: ResourceIndex

    static func load(_ path: String) -> Result<IndexedFile, SchemaLoadError> {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let bytes: [UInt8]
        guard let isDirectory = FileStatus.isFolder(url.path) else {
            return .failure(.unreadable(path: path, reason: "no such file"))
        }
        guard !isDirectory else { return .failure(.unreadable(path: path, reason: "is a folder")) }
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            return .failure(.unreadable(path: path, reason: SystemError.reason(error)))
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
        return .success(IndexedFile(path: path, bytes: bytes, retrieval: retrieval, index: index))
    }
}

/// Results filled in by parallel workers, each at its own index.
private final class LoadedFiles: @unchecked Sendable {
    private let lock = Lock()
    private var slots: [Result<IndexedFile, SchemaLoadError>?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<IndexedFile, SchemaLoadError>) {
        lock.withLock { slots[index] = result }
    }

    /// Every result, in index order (called after the workers finished).
    var results: [Result<IndexedFile, SchemaLoadError>] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
