import ECMARegex
import JSONCore

/// Compiles schema documents of a registry into `SchemaNode` trees, each location once.
struct SchemaCompiler {
    let registry: SchemaRegistry
    /// Every node handed out, by location.
    let nodes = SchemaNodeStore()
    private var patterns: [String: ECMARegex] = [:]
    /// Every location compiled so far, in the order compiling reached them.
    private(set) var compiledOrder: [SchemaRegistry.Location] = []
    /// The subschemas each location applies to the same instance (through `$ref`, `allOf`, `not`, …).
    private(set) var inPlaceEdges: [SchemaRegistry.Location: [InPlaceEdge]] = [:]

    init(registry: SchemaRegistry) {
        self.registry = registry
    }

    /// Nodes handed out whose bodies are still to compile, with their values when known.
    private var pending: [(node: SchemaNode, location: SchemaRegistry.Location, known: JSONValue?)] = []

    /// The node for a schema location. A node reached for the first time is handed out with its
    /// body still to compile: `compileReached` compiles it, so nesting costs no machine stack.
    /// `known` is the value at `location` when the caller has it (resolving from the root again
    /// would cost the location's depth per node).
    mutating func node(at location: SchemaRegistry.Location, known: JSONValue? = nil) -> SchemaNode {
        if let existing = nodes.byLocation[location] { return existing }
        let node = SchemaNode(location: registry.absoluteLocation(of: location))
        nodes.byLocation[location] = node
        pending.append((node, location, known))
        return node
    }

    /// Compiles the body of every node handed out so far and of every node those reach, depth first
    /// in document order (each node's subschemas before its next sibling's).
    mutating func compileReached() throws(SchemaError) {
        while let (node, location, known) = pending.popLast() {
            compiledOrder.append(location)
            guard let value = known ?? registry.value(at: location) else {
                throw error(.unresolvableReference(location.pointer.description), at: location)
            }
            let reachedBefore = pending.count
            switch value {
            case .bool(let flag):
                node.setBody(.boolean(flag))
            case .object(let object):
                let site = SchemaSite(location: location, object: object, scope: registry.scope(at: location),
                                      absolute: node.location)
                node.setBody(.keywords(try SchemaKeywords.compile(site, with: &self)))
            default:
                throw error(.notASchema(found: value.primitiveType), at: location)
            }
            pending[reachedBefore...].reverse()
        }
    }

    /// The node of a subschema below a keyword, e.g. `properties/name`.
    mutating func subschema(_ site: SchemaSite, _ tokens: String...) -> SchemaNode {
        var pointer = site.location.pointer
        for token in tokens { pointer = pointer.appending(token) }
        let target = SchemaRegistry.Location(document: site.location.document, pointer: pointer)
        if let keyword = tokens.first, Self.inPlaceKeywords.contains(keyword) {
            inPlaceEdges[site.location, default: []].append(InPlaceEdge(target: target, reference: nil))
        }
        return node(at: target, known: JSONPointer(tokens: tokens).resolve(in: .object(site.object)))
    }

    /// The node a `$ref` names, resolved against the site's base URI.
    mutating func referencedNode(_ reference: String, from site: SchemaSite) throws(SchemaError) -> SchemaNode {
        guard let (target, _) = registry.resolve(reference, against: site.scope.base, from: site.location.document) else {
            throw error(.unresolvableReference(reference), at: site.location.appending("$ref"))
        }
        inPlaceEdges[site.location, default: []].append(InPlaceEdge(target: target, reference: reference))
        return node(at: target)
    }

    /// Keywords whose subschemas apply to the instance itself rather than to a part of it.
    /// (`propertyNames` applies to member names, strings that have no parts, so it ends too.)
    static let inPlaceKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependencies"]

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
    let absolute: AbsoluteLocation

    /// The location of one of its keywords.
    func keyword(_ name: String) -> KeywordLocation {
        KeywordLocation(name: name, schema: absolute)
    }
}

extension SchemaRegistry.Location {
    /// The location one token deeper.
    func appending(_ token: String) -> SchemaRegistry.Location {
        SchemaRegistry.Location(document: document, pointer: pointer.appending(token))
    }
}
