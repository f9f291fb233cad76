import JSONCore

/// How a validator treats optional parts of draft-07.
public struct ValidationOptions: Sendable, Hashable {
    /// Whether `format` is asserted (an invalid date-time fails) or only annotates.
    public var assertFormat: Bool
    /// How many schemas may apply inside one another (each `$ref` followed and each subschema entered
    /// counts one) before evaluation stops with a `tooDeep` error instead of exhausting the stack.
    /// The default leaves room on an 8 MB thread stack even in a debug build; raise it only on a
    /// thread with a larger stack.
    public var maxDepth: Int

    /// Options that assert `format` and allow `defaultMaxDepth` nested schemas, unless told otherwise.
    public init(assertFormat: Bool = true, maxDepth: Int = ValidationOptions.defaultMaxDepth) {
        self.assertFormat = assertFormat
        self.maxDepth = maxDepth
    }

    /// The default `maxDepth`.
    public static let defaultMaxDepth = 2_000
}

/// A draft-07 schema compiled once (references resolved, keyword values checked), ready to apply
/// to many instances. Immutable and `Sendable`: share one across threads.
public struct Validator: Sendable {
    /// The root node (internal: tests look at what compiling made of it).
    let root: SchemaNode
    /// Every compiled node, kept alive here because `$ref` points at nodes without retaining them.
    private let nodes: SchemaNodeStore
    private let options: ValidationOptions
    /// What compiled but deserves a look: each loop of subschemas that apply to the same instance
    /// (`referenceCycle`, at a `$ref` of the loop). An instance that takes such a loop is invalid,
    /// with a `schemaLoop` error; instances that never reach it validate as usual.
    public let warnings: [SchemaError]

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
        root = compiler.node(at: location)
        try compiler.compileReached()
        let loops = compiler.inPlaceLoops()
        compiler.guardLoops(at: loops.reentered)
        for node in compiler.nodes.byLocation.values { node.refineVerdicts() }
        for node in compiler.nodes.byLocation.values { node.settleInlineVerdict() }
        for node in compiler.nodes.byLocation.values { node.settleKeywords() }
        warnings = loops.warnings
        nodes = compiler.nodes
        self.options = options
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
        tape.withView { view in
            evaluating { context in
                root.isValid(Instance(tape: view, index: 0), context) && context.state.pointee.overflow == nil && context.state.pointee.loops.hits.isEmpty
            }
        }
    }

    /// Every error of `instance` against the schema, in keyword-table order; empty when valid.
    public func validate(_ instance: JSONValue) -> [ValidationError] {
        validate(JSONTape(instance))
    }

    /// Every error of the document on `tape`, in keyword-table order, then a `schemaLoop` for each
    /// value that took a schema loop; empty when valid. When evaluation goes deeper than
    /// `ValidationOptions.maxDepth`, the one error is `tooDeep`.
    public func validate(_ tape: JSONTape) -> [ValidationError] {
        errors(tape, verdictFirst: true)
    }

    /// `validate`, or with `verdictFirst` false every error collected without first taking the verdict: the
    /// keywords walked one by one, none of the verdict's shortcuts taken (what tests compare them with).
    package func errors(_ tape: JSONTape, verdictFirst: Bool) -> [ValidationError] {
        tape.withView { view in
            evaluating { context in
                let instance = Instance(tape: view, index: 0)
                var errors: [ValidationError] = []
                if !verdictFirst || !root.isValid(instance, context) || !context.state.pointee.loops.hits.isEmpty, context.state.pointee.overflow == nil {
                    // Collecting errors visits branches the verdict skipped, so it may hit the limit (or a loop) too.
                    errors = root.errors(instance, at: .root, context)
                }
                let state = context.state.pointee
                if let overflow = state.overflow { return [tooDeep(overflow, view)] }
                return errors + state.loops.hits.map { ValidationError($0, view) }
            }
        }
    }

    /// The one error of an evaluation that went deeper than allowed.
    private func tooDeep(_ overflow: DepthOverflow, _ view: JSONTapeView) -> ValidationError {
        ValidationError(.tooDeep(limit: options.maxDepth), keywordLocation: .root, absoluteKeywordLocation: overflow.schema,
                        instanceLocation: view.pointer(to: overflow.instanceIndex))
    }

    /// Runs one evaluation with a fresh depth budget and no loops entered.
    private func evaluating<Result>(_ body: (EvaluationContext) -> Result) -> Result {
        var state = EvaluationState(assertFormat: options.assertFormat)
        return withUnsafeMutablePointer(to: &state) { body(EvaluationContext(remainingDepth: options.maxDepth, state: $0)) }
    }
}
