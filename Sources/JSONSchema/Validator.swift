import JSONCore

/// How a validator treats optional parts of draft-07.
public struct ValidationOptions: Sendable, Hashable {
    /// Whether `format` is asserted (an invalid date-time fails) or only annotates.
    public var assertFormat: Bool

    public init(assertFormat: Bool = true) {
        self.assertFormat = assertFormat
    }
}

/// A draft-07 schema compiled once (references resolved, keyword values checked), ready to apply
/// to many instances. Immutable and `Sendable`: share one across threads.
public struct Validator: Sendable {
    private let root: SchemaNode
    /// Every compiled node, kept alive here because `$ref` points at nodes without retaining them.
    private let nodes: [SchemaNode]
    private let context: EvaluationContext

    /// Compiles `schema`, registering it (under `uri` when given) in a copy of `registry`.
    public init(schema: JSONValue, uri: String? = nil, registry: SchemaRegistry = SchemaRegistry(),
                sourceMap: SourceMap? = nil, sourceName: String? = nil,
                options: ValidationOptions = ValidationOptions()) throws(SchemaError) {
        var registry = registry
        let base = registry.register(schema, uri: uri, sourceName: sourceName, sourceMap: sourceMap)
        try self.init(registered: base.description, in: registry, options: options)
    }

    /// Compiles a schema already in `registry`, named by its `$id` or retrieval URI (a fragment may
    /// select a subschema, e.g. `…/Survey.json#/definitions/Step`).
    public init(registered uri: String, in registry: SchemaRegistry,
                options: ValidationOptions = ValidationOptions()) throws(SchemaError) {
        var compiler = SchemaCompiler(registry: registry)
        guard let (location, _) = registry.resolve(uri, against: URIReference(uri)) else {
            throw SchemaError(kind: .unresolvableReference(uri), location: uri, sourceName: uri, position: nil)
        }
        root = try compiler.node(at: location)
        nodes = compiler.compiledNodes
        context = EvaluationContext(assertFormat: options.assertFormat)
    }

    /// The validator of the draft-07 metaschema, for checking schemas themselves.
    public static func draft7Metaschema(options: ValidationOptions = ValidationOptions()) -> Validator? {
        try? Validator(registered: Draft7Metaschema.uri, in: SchemaRegistry(), options: options)
    }

    /// True when `instance` is valid; cheaper than `validate` because it builds no errors.
    public func isValid(_ instance: JSONValue) -> Bool {
        isValid(JSONTape(instance))
    }

    /// True when the document on `tape` is valid (the fast path: parse with `JSONTape(bytes:)`).
    public func isValid(_ tape: JSONTape) -> Bool {
        tape.withView { root.isValid(Instance(tape: $0, index: 0), context) }
    }

    /// Every error of `instance` against the schema, in keyword-table order; empty when valid.
    public func validate(_ instance: JSONValue) -> [ValidationError] {
        validate(JSONTape(instance))
    }

    /// Every error of the document on `tape`, in keyword-table order; empty when valid.
    public func validate(_ tape: JSONTape) -> [ValidationError] {
        tape.withView { view in
            let instance = Instance(tape: view, index: 0)
            guard !root.isValid(instance, context) else { return [] }
            return root.errors(instance, at: .root, context)
        }
    }
}
