import FoundationEssentials
import Platform
import JSONCore

/// What registering a document adds: its resources (`$id`s), plain-name anchors and the scope of
/// each resource root. Computed from the document alone, so files can be indexed in parallel.
struct ResourceIndex: Sendable {
    var resources: [(uri: String, pointer: JSONPointer)] = []
    var anchors: [(uri: String, pointer: JSONPointer)] = []
    var scopes: [JSONPointer: SchemaRegistry.Scope] = [:]

    /// Walks the schema positions of a document on its tape (never `enum`, `const` or `default`
    /// values), in document order, recording every `$id`. Iterative, and pointers are built only
    /// where an `$id` is found, so indexing a large folder costs little more than parsing it.
    init(tape: JSONTapeView, retrieval: URIReference) {
        var scopeList = [SchemaRegistry.Scope(base: retrieval, resourceRoot: .root)]
        scopes[.root] = scopeList[0]
        // Every schema position reached: its parent position and the token that leads to it (a key's
        // tape index, or -1 - n for array element n).
        var trail: [(parent: Int, token: Int)] = [(-1, 0)]
        var work: [(index: Int, position: Int, scope: Int)] = [(0, 0, 0)]
        var children: [(index: Int, position: Int)] = []
        func pointer(_ position: Int) -> JSONPointer {
            var tokens: [String] = []
            var current = position
            while current > 0 {
                let token = trail[current].token
                tokens.append(token >= 0 ? tape.string(token) : String(-1 - token))
                current = trail[current].parent
            }
            return JSONPointer(tokens: tokens.reversed())
        }
        while let (index, position, inherited) = work.popLast() {
            guard tape.kind(index) == .object else { continue }
            var id: Int?
            var hasReference = false
            for key in tape.keys(of: index) where tape.kind(key + 1) == .string {
                if tape.hasBytes(key, "$ref") { hasReference = true }
                if tape.hasBytes(key, "$id") { id = key + 1 }
            }
            // In draft-07 every sibling of `$ref`, `$id` included, is ignored.
            if hasReference { continue }
            var scope = inherited
            if let id {
                let location = pointer(position)
                let text = tape.string(id)
                let resolved = scopeList[scope].base.resolving(text)
                if text.hasPrefix("#") {
                    if let name = resolved.fragment, !name.isEmpty {
                        anchors.append((resolved.withoutFragment.description + "#" + name, location))
                    }
                } else {
                    let base = resolved.withoutFragment
                    resources.append((base.description, location))
                    scopeList.append(SchemaRegistry.Scope(base: base, resourceRoot: location))
                    scope = scopeList.count - 1
                    scopes[location] = scopeList[scope]
                    if let name = resolved.fragment, !name.isEmpty, !name.hasPrefix("/") {
                        anchors.append((base.description + "#" + name, location))
                    }
                }
            }
            children.removeAll(keepingCapacity: true)
            func child(_ value: Int, under parent: Int, _ token: Int) {
                trail.append((parent, token))
                children.append((value, trail.count - 1))
            }
            for key in tape.keys(of: index) {
                let value = key + 1
                switch SchemaKeywords.subschemaShape(of: tape.bytes(key)) {
                case .single?:
                    child(value, under: position, key)
                case .array?:
                    if tape.kind(value) == .array {
                        trail.append((position, key))
                        let keyword = trail.count - 1
                        for (offset, element) in tape.elements(of: value).enumerated() {
                            child(element, under: keyword, -1 - offset)
                        }
                    } else if tape.hasBytes(key, "items") {
                        child(value, under: position, key)
                    }
                case .map?:
                    guard tape.kind(value) == .object else { continue }
                    trail.append((position, key))
                    let keyword = trail.count - 1
                    let isDependencies = tape.hasBytes(key, "dependencies")
                    for entry in tape.keys(of: value) where !(isDependencies && tape.kind(entry + 1) == .array) {
                        child(entry + 1, under: keyword, entry)
                    }
                case nil:
                    continue
                }
            }
            // Pushed in reverse, so they are visited in document order.
            for next in children.reversed() { work.append((next.index, next.position, scope)) }
        }
    }
}

/// A registered document's tree and source map. A file is kept as bytes and parsed (with
/// positions) the first time a schema in it is needed, so registering a large folder only indexes it.
final class SchemaContent: @unchecked Sendable {
    private let lock = Lock()
    private var bytes: [UInt8]
    private var parsed: (root: JSONValue?, sourceMap: SourceMap?)?

    /// A document already parsed.
    init(root: JSONValue, sourceMap: SourceMap?) {
        bytes = []
        parsed = (root, sourceMap)
        positions = sourceMap != nil
    }

    /// Whether the tree is parsed with its source map.
    private let positions: Bool

    /// A document to parse on first use (its bytes are known to be strict JSON), with its source map unless
    /// `positions` is false.
    init(bytes: [UInt8], positions: Bool = true) {
        self.bytes = bytes
        self.positions = positions
    }

    /// The document's value.
    var root: JSONValue? { materialized.root }

    /// Where each value of the document stands in its file, when known.
    var sourceMap: SourceMap? { materialized.sourceMap }

    private var materialized: (root: JSONValue?, sourceMap: SourceMap?) {
        lock.withLock {
            if let parsed { return parsed }
            let document = try? JSONDocument(bytes: bytes, options: .init(recordPositions: positions))
            let result = (document?.value, document?.sourceMap)
            parsed = result
            bytes = []
            return result
        }
    }
}
