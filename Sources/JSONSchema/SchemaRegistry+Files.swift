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
        try register(IndexedSchemaFile(path: path))
    }

    /// Loads every `.json` file under a folder (recursively). Files are read and indexed in
    /// parallel, then registered in sorted order; the first bad file in that order is the error.
    public mutating func registerDirectory(at path: String) throws(SchemaLoadError) {
        let sorted = try SchemaRegistry.schemaFiles(under: path)
        let loads = SchemaFileLoads(paths: sorted)
        loads.loadAll()
        try loads.register(into: &self)
    }

    /// The `.json` files under a folder (recursively), sorted: the files `registerDirectory(at:)` registers, in
    /// its order, for a caller that loads them itself (`SchemaFileLoads`).
    public static func schemaFiles(under path: String) throws(SchemaLoadError) -> [String] {
        if let root = PlainPaths.standardFolder(path), let files = PlainPaths.jsonFiles(under: root) { return files.sorted() }
        let root = URL(fileURLWithPath: path)
        var files: [String] = []
        for subpath in (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? [] {
            let url = root.appendingPathComponent(subpath)
            if url.pathExtension == "json" { files.append(url.path) }
        }
        guard !files.isEmpty || FileManager.default.fileExists(atPath: path) else {
            throw .unreadable(path: path, reason: "no such folder")
        }
        return files.sorted()
    }

    /// Registers a loaded schema file, as `registerFile(at:)` registers it; its base URI.
    @discardableResult
    mutating func register(_ file: IndexedSchemaFile) -> URIReference {
        register(file.index, content: SchemaContent(bytes: file.bytes), retrieval: file.retrieval, sourceName: file.path)
    }
}

/// A schema file read, checked and indexed, ready to register (loading touches no registry, so files can be
/// loaded on any thread).
struct IndexedSchemaFile: Sendable {
    let path: String
    let bytes: [UInt8]
    let retrieval: URIReference
    let index: ResourceIndex

    /// Reads, checks and indexes the schema file at `path`, or says why it cannot be registered.
    init(path: String) throws(SchemaLoadError) {
        let (uri, bytes) = try IndexedSchemaFile.read(path)
        // Parsed onto a tape only to check it and find its `$id`s; the tree is built when it is used.
        let parsed: (tape: JSONTape, hasDuplicateKeys: Bool)
        do {
            parsed = try JSONParser().parseTape(bytes)
        } catch {
            throw .invalidJSON(path: path, error: error)
        }
        // A repeated key keeps its last value, as in the tree the compiler will see.
        let tape = parsed.hasDuplicateKeys ? JSONTape(parsed.tape.value) : parsed.tape
        let retrieval = URIReference(uri).withoutFragment
        self.path = path
        self.bytes = bytes
        self.retrieval = retrieval
        index = tape.withView { ResourceIndex(tape: $0, retrieval: retrieval) }
    }

    /// The file's `file://` URI and bytes: read directly at a plain path, else through Foundation as ever.
    private static func read(_ path: String) throws(SchemaLoadError) -> (uri: String, bytes: [UInt8]) {
        if PlainPaths.isStandardPlain(path), let bytes = PlainPaths.regularFileBytes(path) { return ("file://" + path, bytes) }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard let isDirectory = FileStatus.isFolder(url.path) else { throw .unreadable(path: path, reason: "no such file") }
        guard !isDirectory else { throw .unreadable(path: path, reason: "is a folder") }
        do {
            return (url.absoluteString, Array(try Data(contentsOf: url)))
        } catch {
            throw .unreadable(path: path, reason: SystemError.reason(error))
        }
    }
}

/// Schema files loaded by whichever thread takes each one first: `loadRemaining()` may run on several threads
/// at once (each takes the next file not yet taken), and `register(into:)` once every one of them returned.
public final class SchemaFileLoads: @unchecked Sendable {
    /// A file's state (no `Result`: its generic type would be made, and its error type's conformance looked up
    /// among the binary's, at run time on the way to the first archive).
    private enum Slot {
        case waiting
        case loaded(IndexedSchemaFile)
        case failed(SchemaLoadError)
    }

    /// The files, in the order they are registered.
    public let paths: [String]
    private let lock = Lock()
    private var next = 0
    private var slots: [Slot]

    /// Nothing loaded yet.
    public init(paths: [String]) {
        self.paths = paths
        slots = Array(repeating: .waiting, count: paths.count)
    }

    /// Loads every file on as many threads as run at once (each takes the next file not yet taken).
    public func loadAll() {
        DispatchQueue.concurrentPerform(iterations: paths.count) { _ in loadRemaining() }
    }

    /// Loads files not taken by another thread until none is left.
    public func loadRemaining() {
        while let index = take() {
            let slot: Slot
            do throws(SchemaLoadError) { slot = .loaded(try IndexedSchemaFile(path: paths[index])) } catch { slot = .failed(error) }
            lock.withLock { slots[index] = slot }
        }
    }

    private func take() -> Int? {
        lock.withLock {
            guard next < paths.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Registers the files in the order of `paths` (once every `loadRemaining()` returned); the first file that
    /// could not be loaded is the error, and the files after it are not registered.
    public func register(into registry: inout SchemaRegistry) throws(SchemaLoadError) {
        let slots = lock.withLock { self.slots }
        // Room for every file's resources at once, rather than a table grown and rehashed file by file.
        registry.reserveResources(slots.reduce(0) { count, slot in
            guard case .loaded(let file) = slot else { return count }
            return count + 1 + file.index.resources.count + file.index.anchors.count
        })
        for (index, slot) in slots.enumerated() {
            switch slot {
            case .loaded(let file): registry.register(file)
            case .failed(let error): throw error
            case .waiting: registry.register(try IndexedSchemaFile(path: paths[index]))  // when called before loading
            }
        }
    }
}
