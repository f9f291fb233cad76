import Foundation
import JSONCore

extension SchemaRegistry {
    /// Walks the schema positions of a document on its tape (never `enum`, `const` or `default`
    /// values), registering every `$id` as a resource or plain-name anchor. Returns the scope of each
    /// resource root. Iterative, and pointers are built only where an `$id` is found, so indexing a
    /// large folder costs little more than parsing it.
    mutating func registerResources(in tape: JSONTapeView, retrieval: URIReference, document: Int) -> [JSONPointer: Scope] {
        let rootScope = Scope(base: retrieval, resourceRoot: .root)
        var scopes: [JSONPointer: Scope] = [.root: rootScope]
        // Every schema position reached: its parent position and the token that leads to it.
        var trail: [(parent: Int, token: String)] = [(-1, "")]
        var work: [(index: Int, position: Int, scope: Scope)] = [(0, 0, rootScope)]
        func pointer(_ position: Int) -> JSONPointer {
            var tokens: [String] = []
            var current = position
            while current > 0 {
                tokens.append(trail[current].token)
                current = trail[current].parent
            }
            return JSONPointer(tokens: tokens.reversed())
        }
        while let (index, position, inherited) = work.popLast() {
            guard tape.kind(index) == .object else { continue }
            var id: String?
            var hasReference = false
            for key in tape.keys(of: index) where tape.kind(key + 1) == .string {
                if tape.hasName(key, "$ref") { hasReference = true }
                if tape.hasName(key, "$id") { id = tape.string(key + 1) }
            }
            // In draft-07 every sibling of `$ref`, `$id` included, is ignored.
            if hasReference { continue }
            var scope = inherited
            if let id {
                let location = Location(document: document, pointer: pointer(position))
                let resolved = scope.base.resolving(id)
                if id.hasPrefix("#") {
                    if let name = resolved.fragment, !name.isEmpty {
                        anchors[resolved.withoutFragment.description + "#" + name] = location
                    }
                } else {
                    let base = resolved.withoutFragment
                    resources[base.description] = location
                    scope = Scope(base: base, resourceRoot: location.pointer)
                    scopes[location.pointer] = scope
                    if let name = resolved.fragment, !name.isEmpty, !name.hasPrefix("/") {
                        anchors[base.description + "#" + name] = location
                    }
                }
            }
            // Subschemas, pushed in reverse so they are visited in document order.
            var children: [(index: Int, position: Int)] = []
            func child(_ value: Int, under parent: Int, _ token: String) {
                trail.append((parent, token))
                children.append((value, trail.count - 1))
            }
            for key in tape.keys(of: index) {
                let name = tape.string(key)
                let value = key + 1
                switch SchemaKeywords.subschemaShape(of: name) {
                case .single:
                    child(value, under: position, name)
                case .array:
                    if tape.kind(value) == .array {
                        trail.append((position, name))
                        let keyword = trail.count - 1
                        for (offset, element) in tape.elements(of: value).enumerated() {
                            child(element, under: keyword, String(offset))
                        }
                    } else if name == "items" {
                        child(value, under: position, name)
                    }
                case .map:
                    guard tape.kind(value) == .object else { continue }
                    trail.append((position, name))
                    let keyword = trail.count - 1
                    for entry in tape.keys(of: value) where !(name == "dependencies" && tape.kind(entry + 1) == .array) {
                        child(entry + 1, under: keyword, tape.string(entry))
                    }
                case nil:
                    continue
                }
            }
            work.append(contentsOf: children.reversed().map { ($0.index, $0.position, scope) })
        }
        return scopes
    }
}

extension JSONTapeView {
    /// True when the key at `index` is `name`.
    fileprivate func hasName(_ index: Int, _ name: StaticString) -> Bool {
        bytesEqual(index, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}

/// A registered document's tree and source map. A file is kept as bytes and parsed (with
/// positions) the first time a schema in it is needed, so registering a large folder only indexes it.
final class SchemaContent: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8]
    private var parsed: (root: JSONValue?, sourceMap: SourceMap?)?

    /// A document already parsed.
    init(root: JSONValue, sourceMap: SourceMap?) {
        bytes = []
        parsed = (root, sourceMap)
    }

    /// A document to parse on first use (its bytes are known to be strict JSON).
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The document's value.
    var root: JSONValue? { materialized.root }

    /// Where each value of the document stands in its file, when known.
    var sourceMap: SourceMap? { materialized.sourceMap }

    private var materialized: (root: JSONValue?, sourceMap: SourceMap?) {
        lock.withLock {
            if let parsed { return parsed }
            let document = try? JSONDocument(bytes: bytes, options: .init(recordPositions: true))
            let result = (document?.value, document?.sourceMap)
            parsed = result
            bytes = []
            return result
        }
    }
}
