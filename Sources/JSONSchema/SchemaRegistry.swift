import JSONCore

/// The schema documents that `$ref` may reach, indexed by `$id`, retrieval URI and plain-name anchor.
///
/// References are resolved only from here, never from the network. The draft-07 metaschema is
/// always present.
public struct SchemaRegistry: Sendable {
    /// One registered schema document.
    struct Document: Sendable {
        let root: JSONValue
        let sourceName: String
        let sourceMap: SourceMap?
        /// The base URI and resource root of every schema object found while scanning.
        var scopes: [JSONPointer: Scope]
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

    /// A registry holding only the bundled draft-07 metaschema.
    public init() {
        if case .success(let metaschema) = Result(catching: { () throws(JSONParseError) in
            try JSONDocument(text: Draft7Metaschema.text).value
        }) {
            register(metaschema, uri: Draft7Metaschema.uri, sourceName: "draft-07 metaschema")
        }
    }

    /// Registers a schema document under its retrieval URI (if any) and every `$id` inside it.
    ///
    /// Returns the document's base URI, which compiles it. Without a URI or root `$id` the
    /// document gets a unique `urn:assess:schema:N` base.
    @discardableResult
    public mutating func register(
        _ schema: JSONValue, uri: String? = nil, sourceName: String? = nil, sourceMap: SourceMap? = nil
    ) -> URIReference {
        let index = documents.count
        let retrieval = URIReference(uri ?? "urn:assess:schema:\(index)").withoutFragment
        documents.append(Document(
            root: schema, sourceName: sourceName ?? retrieval.description, sourceMap: sourceMap, scopes: [:]))
        resources[retrieval.description] = Location(document: index, pointer: .root)
        var scopes: [JSONPointer: Scope] = [:]
        scan(schema, at: .root, scope: Scope(base: retrieval, resourceRoot: .root), document: index, into: &scopes)
        documents[index].scopes = scopes
        return scopes[.root]?.base ?? retrieval
    }

    /// Walks the schema positions of a document (never `enum` or `const` values), recording `$id`s.
    private mutating func scan(
        _ value: JSONValue, at pointer: JSONPointer, scope: Scope, document: Int, into scopes: inout [JSONPointer: Scope]
    ) {
        guard case .object(let object) = value else {
            scopes[pointer] = scope
            return
        }
        var scope = scope
        // In draft-07 every sibling of `$ref`, `$id` included, is ignored.
        if object["$ref"]?.stringValue != nil {
            scopes[pointer] = scope
            return
        }
        if let id = object["$id"]?.stringValue {
            let resolved = scope.base.resolving(id)
            let location = Location(document: document, pointer: pointer)
            if id.hasPrefix("#") {
                if let name = resolved.fragment, !name.isEmpty {
                    anchors[resolved.withoutFragment.description + "#" + name] = location
                }
            } else {
                let base = resolved.withoutFragment
                resources[base.description] = location
                scope = Scope(base: base, resourceRoot: pointer)
                if let name = resolved.fragment, !name.isEmpty, !name.hasPrefix("/") {
                    anchors[base.description + "#" + name] = location
                }
            }
        }
        scopes[pointer] = scope
        for member in object {
            switch SchemaKeywords.subschemaShape(of: member.key) {
            case .single:
                scan(member.value, at: pointer.appending(member.key), scope: scope, document: document, into: &scopes)
            case .array:
                guard case .array(let elements) = member.value else {
                    if member.key == "items" {
                        scan(member.value, at: pointer.appending(member.key), scope: scope, document: document, into: &scopes)
                    }
                    continue
                }
                for (index, element) in elements.enumerated() {
                    scan(element, at: pointer.appending(member.key).appending(index: index),
                         scope: scope, document: document, into: &scopes)
                }
            case .map:
                guard case .object(let map) = member.value else { continue }
                for entry in map where !(member.key == "dependencies" && entry.value.arrayValue != nil) {
                    scan(entry.value, at: pointer.appending(member.key).appending(entry.key),
                         scope: scope, document: document, into: &scopes)
                }
            case nil:
                continue
            }
        }
    }

    /// Whether a URI (with or without fragment) names something registered.
    public func contains(_ uri: String) -> Bool {
        resolve(uri, against: URIReference(uri)) != nil
    }

    /// Where a reference, resolved against `base`, points; `nil` when nothing registered matches.
    func resolve(_ reference: String, against base: URIReference) -> (location: Location, uri: URIReference)? {
        let absolute = base.resolving(reference)
        let resourceKey = absolute.withoutFragment.description
        let fragment = absolute.fragment ?? ""
        if fragment.isEmpty {
            return resources[resourceKey].map { ($0, absolute) }
        }
        if fragment.hasPrefix("/") {
            guard let resource = resources[resourceKey],
                  let decoded = URIReference.percentDecoded(fragment),
                  let pointer = try? JSONPointer(parsing: decoded) else { return nil }
            let target = Location(document: resource.document, pointer: resource.pointer.appending(pointer))
            guard value(at: target) != nil else { return nil }
            return (target, absolute)
        }
        return anchors[resourceKey + "#" + fragment].map { ($0, absolute) }
    }

    /// The schema value at a location.
    func value(at location: Location) -> JSONValue? {
        location.pointer.resolve(in: documents[location.document].root)
    }

    /// The scope (base URI and resource root) that applies at a location.
    func scope(at location: Location) -> Scope {
        let document = documents[location.document]
        var current: JSONPointer? = location.pointer
        while let pointer = current {
            if let scope = document.scopes[pointer] { return scope }
            current = pointer.parent
        }
        return Scope(base: URIReference("urn:assess:schema:\(location.document)"), resourceRoot: .root)
    }

    /// The absolute URI of a location: its resource's base with a JSON-Pointer fragment.
    func absoluteURI(of location: Location) -> String {
        let scope = scope(at: location)
        let relative = JSONPointer(tokens: Array(location.pointer.tokens.dropFirst(scope.resourceRoot.tokens.count)))
        return scope.base.description + "#" + relative.description
    }

    /// Where a location stands in its source file, when the document was registered with a source map.
    func sourcePosition(of location: Location) -> (name: String, position: SourcePosition?) {
        let document = documents[location.document]
        return (document.sourceName, document.sourceMap?.position(of: location.pointer))
    }
}
