import JSONCore

/// The schema documents that `$ref` may reach, indexed by `$id`, retrieval URI and plain-name anchor.
///
/// References are resolved only from here, never from the network. The draft-07 metaschema is
/// always present.
public struct SchemaRegistry: Sendable {
    /// One registered schema document.
    struct Document: Sendable {
        let sourceName: String
        /// The URI the document was registered under (its file URL for files).
        let retrieval: String
        /// The tree (and source map), parsed from the file's bytes only once a schema in it is compiled.
        let content: SchemaContent
        /// The scope of every schema object that starts a resource: the root and each embedded `$id`.
        let resourceScopes: [JSONPointer: Scope]
        /// The document's own plain-name anchors, by absolute URI.
        let anchors: [String: JSONPointer]
        /// A default (a bundled schema) that a file declaring the same `$id` replaces without a clash.
        var isDefault = false
    }

    /// The resource a schema location belongs to.
    struct Scope: Sendable {
        let base: URIReference
        let resourceRoot: JSONPointer
    }

    /// A schema location: a document and a pointer into it.
    struct Location: Sendable, Hashable {
        let document: Int
        let pointer: JSONPointer
    }

    private(set) var documents: [Document] = []
    private var resources: [String: Location] = [:]
    private var anchors: [String: Location] = [:]
    /// For each resource URI that more than one file claims, the claiming documents in registration order.
    private(set) var claims: [String: [Int]] = [:]
    /// The default schemas that files replaced, in registration order.
    public private(set) var replacedDefaults: [ReplacedDefault] = []

    /// A registry holding only the bundled draft-07 metaschema.
    public init() {
        register(bytes: Array(Draft7Metaschema.text.utf8), uri: Draft7Metaschema.uri, sourceName: "draft-07 metaschema")
    }

    /// Registers a schema document under its retrieval URI (if any) and every `$id` inside it.
    ///
    /// Returns the document's base URI, which compiles it. Without a URI or root `$id` the
    /// document gets a unique `urn:assess:schema:N` base.
    @discardableResult
    public mutating func register(
        _ schema: JSONValue, uri: String? = nil, sourceName: String? = nil, sourceMap: SourceMap? = nil
    ) -> URIReference {
        register(JSONTape(schema), content: SchemaContent(root: schema, sourceMap: sourceMap), uri: uri, sourceName: sourceName)
    }

    /// Registers a document whose `$id`s are read from `tape` (a tape without repeated keys).
    mutating func register(_ tape: JSONTape, content: SchemaContent, uri: String?, sourceName: String?) -> URIReference {
        let retrieval = URIReference(uri ?? "urn:assess:schema:\(documents.count)").withoutFragment
        let index = tape.withView { ResourceIndex(tape: $0, retrieval: retrieval) }
        return register(index, content: content, retrieval: retrieval, sourceName: sourceName)
    }

    /// Registers a document already indexed under `retrieval`.
    mutating func register(
        _ index: ResourceIndex, content: SchemaContent, retrieval: URIReference, sourceName: String?
    ) -> URIReference {
        let document = documents.count
        resources[retrieval.description] = Location(document: document, pointer: .root)
        for resource in index.resources {
            if let earlier = resources[resource.uri], earlier.document != document, documents[earlier.document].retrieval != retrieval.description {
                if documents[earlier.document].isDefault, claims[resource.uri] == nil {
                    replacedDefaults.append(ReplacedDefault(uri: resource.uri, fileName: sourceName ?? retrieval.description))
                } else {
                    claims[resource.uri, default: [earlier.document]].append(document)
                }
            }
            resources[resource.uri] = Location(document: document, pointer: resource.pointer)
        }
        for anchor in index.anchors { anchors[anchor.uri] = Location(document: document, pointer: anchor.pointer) }
        documents.append(Document(sourceName: sourceName ?? retrieval.description, retrieval: retrieval.description, content: content,
                                  resourceScopes: index.scopes,
                                  anchors: Dictionary(index.anchors.map { ($0.uri, $0.pointer) }, uniquingKeysWith: { _, last in last })))
        return index.scopes[.root]?.base ?? retrieval
    }

    /// Registers the schema document in `bytes` under `uri` and every `$id` inside, as `register(_:uri:sourceName:)`
    /// registers its tree (without a source map): indexed on a tape now, its tree made when a schema in it is first
    /// compiled. `false` (nothing registered) when the bytes are not strict JSON.
    @discardableResult
    mutating func register(bytes: [UInt8], uri: String, sourceName: String) -> Bool {
        guard let parsed = try? JSONParser().parseTape(bytes) else { return false }
        // A repeated key keeps its last value, as in the tree the compiler will see.
        let tape = parsed.hasDuplicateKeys ? JSONTape(parsed.tape.value) : parsed.tape
        register(tape, content: SchemaContent(bytes: bytes, positions: false), uri: uri, sourceName: sourceName)
        return true
    }

    /// Registers the default schema (a bundled one) in `bytes` as `registerDefault(_:uri:sourceName:)` does its
    /// tree, the tree made only when a schema in it is first compiled; nothing when the bytes are not strict JSON.
    public mutating func registerDefault(bytes: [UInt8], uri: String, sourceName: String) {
        guard register(bytes: bytes, uri: uri, sourceName: sourceName) else { return }
        documents[documents.count - 1].isDefault = true
    }

    /// Registers a default schema (a bundled one) under `uri` and its `$id`s: a file registered later
    /// that declares one of them replaces it, with no shared-`$id` clash (see `replacedDefaults`).
    public mutating func registerDefault(_ schema: JSONValue, uri: String, sourceName: String) {
        register(schema, uri: uri, sourceName: sourceName)
        documents[documents.count - 1].isDefault = true
    }

    /// Room for `count` more resource URIs and anchors, so that registering many documents does not grow the
    /// tables for each.
    mutating func reserveResources(_ count: Int) {
        resources.reserveCapacity(resources.count + count)
        anchors.reserveCapacity(anchors.count + count)
    }

    /// Whether a URI (with or without fragment) names something registered.
    public func contains(_ uri: String) -> Bool {
        resolve(uri, against: URIReference(uri)) != nil
    }

    /// Where a reference, resolved against `base`, points; `nil` when nothing registered matches.
    /// A reference from inside a document to one of that document's own `$id`s stays in the document,
    /// even when a file registered later claims the same `$id`.
    func resolve(_ reference: String, against base: URIReference, from document: Int? = nil) -> (location: Location, uri: URIReference)? {
        let absolute = base.resolving(reference)
        let resourceKey = absolute.withoutFragment.description
        let fragment = absolute.fragment ?? ""
        let own = document.flatMap { ownResource(resourceKey, in: $0) }
        if fragment.isEmpty {
            return (own ?? resources[resourceKey]).map { ($0, absolute) }
        }
        if fragment.hasPrefix("/") {
            guard let resource = own ?? resources[resourceKey],
                  let decoded = URIReference.percentDecoded(fragment),
                  let pointer = try? JSONPointer(parsing: decoded) else { return nil }
            let target = Location(document: resource.document, pointer: resource.pointer.appending(pointer))
            guard value(at: target) != nil else { return nil }
            return (target, absolute)
        }
        if let document, let pointer = documents[document].anchors[resourceKey + "#" + fragment] {
            return (Location(document: document, pointer: pointer), absolute)
        }
        return anchors[resourceKey + "#" + fragment].map { ($0, absolute) }
    }

    /// The root of the resource `uri` when `document` itself declares it (only looked for when
    /// another file claims the same URI).
    private func ownResource(_ uri: String, in document: Int) -> Location? {
        guard claims[uri] != nil else { return nil }
        let roots = documents[document].resourceScopes.filter { $0.value.base.description == uri }.keys
        return roots.min { $0.description < $1.description }.map { Location(document: document, pointer: $0) }
    }

    /// The schema value at a location.
    func value(at location: Location) -> JSONValue? {
        documents[location.document].content.root.flatMap { location.pointer.resolve(in: $0) }
    }

    /// The scope (base URI and resource root) that applies at a location: that of the nearest
    /// enclosing resource.
    func scope(at location: Location) -> Scope {
        let document = documents[location.document]
        // Most documents are one resource: no walk up a (possibly very deep) pointer.
        if document.resourceScopes.count == 1, let only = document.resourceScopes.first?.value { return only }
        var current: JSONPointer? = location.pointer
        while let pointer = current {
            if let scope = document.resourceScopes[pointer] { return scope }
            current = pointer.parent
        }
        return Scope(base: URIReference("urn:assess:schema:\(location.document)"), resourceRoot: .root)
    }

    /// The absolute URI of a location: its resource's base with a JSON-Pointer fragment.
    func absoluteURI(of location: Location) -> String {
        absoluteLocation(of: location).text
    }

    /// The absolute URI of a location, in constant time (for one-resource documents) and rendered
    /// only when asked: compiling a deep schema must not build a string per level.
    func absoluteLocation(of location: Location) -> AbsoluteLocation {
        let scope = scope(at: location)
        return AbsoluteLocation(base: scope.base.description, pointer: location.pointer,
                                resourceDepth: scope.resourceRoot.tokenCount)
    }

}

/// A schema location's absolute URI, kept as its parts: the resource's base URI and the pointer,
/// which shares its prefix with the parent's. ``text`` renders it.
struct AbsoluteLocation: Sendable, Hashable {
    let base: String
    let pointer: JSONPointer
    /// How many leading tokens of `pointer` lead to the resource root (and are not in the fragment).
    let resourceDepth: Int

    /// The URI text, e.g. `https://x/s.json#/definitions/a`.
    var text: String {
        let relative = resourceDepth == 0 ? pointer : JSONPointer(tokens: Array(pointer.tokens.dropFirst(resourceDepth)))
        return base + "#" + relative.description
    }
}

extension SchemaRegistry {
    /// Where a location stands in its source file, when the document was registered with a source map.
    func sourcePosition(of location: Location) -> (name: String, position: SourcePosition?) {
        let document = documents[location.document]
        return (document.sourceName, document.content.sourceMap?.position(of: location.pointer))
    }
}
