import ECMARegex
import JSONCore

/// Compiles schema documents of a registry into `SchemaNode` trees, each location once.
struct SchemaCompiler {
    let registry: SchemaRegistry
    private var nodes: [SchemaRegistry.Location: SchemaNode] = [:]
    private var patterns: [String: ECMARegex] = [:]

    init(registry: SchemaRegistry) {
        self.registry = registry
    }

    /// Every node compiled so far.
    var compiledNodes: [SchemaNode] { Array(nodes.values) }

    /// The compiled node for a schema location, compiling it (and what it reaches) on first use.
    mutating func node(at location: SchemaRegistry.Location) throws(SchemaError) -> SchemaNode {
        if let existing = nodes[location] { return existing }
        let node = SchemaNode(absoluteLocation: registry.absoluteURI(of: location))
        nodes[location] = node
        guard let value = registry.value(at: location) else {
            throw error(.unresolvableReference(location.pointer.description), at: location)
        }
        switch value {
        case .bool(let flag):
            node.setBody(.boolean(flag))
        case .object(let object):
            let site = SchemaSite(location: location, object: object, scope: registry.scope(at: location),
                                  absolute: node.absoluteLocation)
            node.setBody(.keywords(try SchemaKeywords.compile(site, with: &self)))
        default:
            throw error(.notASchema(found: value.primitiveType), at: location)
        }
        return node
    }

    /// The node of a subschema below a keyword, e.g. `properties/name`.
    mutating func subschema(_ site: SchemaSite, _ tokens: String...) throws(SchemaError) -> SchemaNode {
        var pointer = site.location.pointer
        for token in tokens { pointer = pointer.appending(token) }
        return try node(at: SchemaRegistry.Location(document: site.location.document, pointer: pointer))
    }

    /// The node a `$ref` names, resolved against the site's base URI.
    mutating func referencedNode(_ reference: String, from site: SchemaSite) throws(SchemaError) -> SchemaNode {
        guard let (target, _) = registry.resolve(reference, against: site.scope.base) else {
            throw error(.unresolvableReference(reference), at: site.location.appending("$ref"))
        }
        try rejectReferenceCycle(from: site.location, to: target, reference: reference)
        return try node(at: target)
    }

    /// Follows a chain of schemas that are nothing but `$ref`s; a chain that comes back is an error.
    private func rejectReferenceCycle(
        from start: SchemaRegistry.Location, to first: SchemaRegistry.Location, reference: String
    ) throws(SchemaError) {
        var visited: Set<SchemaRegistry.Location> = [start]
        var current = first
        while case .object(let object) = registry.value(at: current), let next = object["$ref"]?.stringValue {
            guard visited.insert(current).inserted, current != start else {
                throw error(.referenceCycle(reference), at: start.appending("$ref"))
            }
            guard let (target, _) = registry.resolve(next, against: registry.scope(at: current).base) else { return }
            if target == start { throw error(.referenceCycle(reference), at: start.appending("$ref")) }
            current = target
        }
    }

    /// A compiled regular expression, shared between keywords that use the same pattern.
    mutating func regex(_ pattern: String, at location: SchemaRegistry.Location) throws(SchemaError) -> ECMARegex {
        if let cached = patterns[pattern] { return cached }
        do {
            let regex = try ECMARegex(pattern)
            patterns[pattern] = regex
            return regex
        } catch {
            throw self.error(.invalidPattern(pattern: pattern, reason: error.message), at: location)
        }
    }

    /// A schema error located at a schema location.
    func error(_ kind: SchemaError.Kind, at location: SchemaRegistry.Location) -> SchemaError {
        let source = registry.sourcePosition(of: location)
        return SchemaError(kind: kind, location: registry.absoluteURI(of: location),
                           sourceName: source.name, position: source.position)
    }
}

/// The schema object being compiled, with what its keywords need to know.
struct SchemaSite {
    let location: SchemaRegistry.Location
    let object: JSONObject
    let scope: SchemaRegistry.Scope
    /// The absolute URI of the schema object.
    let absolute: String

    /// The location of one of its keywords.
    func keyword(_ name: String) -> KeywordLocation {
        KeywordLocation(name: name, absolute: absolute + "/" + JSONPointer.escape(name))
    }
}

extension SchemaRegistry.Location {
    /// The location one token deeper.
    func appending(_ token: String) -> SchemaRegistry.Location {
        SchemaRegistry.Location(document: document, pointer: pointer.appending(token))
    }
}
