import JSONCore

/// One compiled keyword: its operand checked and its subschemas compiled.
///
/// A class hierarchy rather than a protocol so that nodes can call keywords through
/// `Unmanaged` references, which costs no reference counting on the hot path. The base keyword
/// constrains nothing; every subclass overrides both methods (assertions override `failure`).
class Keyword: @unchecked Sendable {
    /// The cheap verdict, without building errors.
    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool { true }

    /// Appends every error the instance has against this keyword.
    func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext,
        into errors: inout [ValidationError]
    ) {}
}

/// A keyword that only checks the instance itself (no subschemas).
class AssertionKeyword: Keyword, @unchecked Sendable {
    let location: KeywordLocation

    init(location: KeywordLocation) {
        self.location = location
    }

    /// What is wrong with the instance, or `nil` when it passes.
    func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? { nil }

    /// Passes when `failure` finds nothing. The assertions met most often override this with the test
    /// alone, and build their `failure` on it: one dynamic call per check instead of two, and no error
    /// kind (a large enum, returned through memory) made for a verdict.
    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        failure(instance, context) == nil
    }

    override final func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext,
        into errors: inout [ValidationError]
    ) {
        if let kind = failure(instance, context) { errors.append(ValidationError(kind, keyword: location, path: path)) }
    }
}

/// A keyword whose value is one subschema (`contains`, `propertyNames`): where it stands and the
/// compiled subschema.
class SubschemaKeyword: Keyword, @unchecked Sendable {
    let location: KeywordLocation
    let node: SchemaNode

    /// Compiles the subschema that `keyword` holds in the schema at `site`.
    init(_ keyword: String, at site: SchemaSite, _ compiler: inout SchemaCompiler) {
        location = site.keyword(keyword)
        node = compiler.subschema(site, keyword)
    }
}

/// A keyword whose value is a non-empty array of subschemas (`anyOf`, `oneOf`): where it stands and
/// the compiled subschemas.
class SubschemaListKeyword: Keyword, @unchecked Sendable {
    let location: KeywordLocation
    let nodes: [NodeReference]

    /// Compiles the subschemas that `keyword` holds in the schema at `site`; anything but a non-empty
    /// array of schemas is a `SchemaError`.
    init(_ keyword: String, at site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) {
        location = site.keyword(keyword)
        nodes = try site.schemaArray(keyword, &compiler).map(NodeReference.init)
    }
}

/// A reference to a compiled node that is called without reference counting. The validator's
/// node list keeps every node alive for as long as any reference can be used.
struct NodeReference: @unchecked Sendable {
    private let reference: Unmanaged<SchemaNode>

    init(_ node: SchemaNode) {
        reference = .passUnretained(node)
    }

    /// The node itself.
    var node: SchemaNode { reference.takeUnretainedValue() }

    /// The node's verdict, through a borrowed reference.
    @inline(__always)
    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        reference._withUnsafeGuaranteedRef { $0.isValid(instance, context) }
    }

    /// `body` with the node, through a borrowed reference.
    @inline(__always)
    func withNode<Result>(_ body: (SchemaNode) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }

    /// The node's verdict, a node that its `type` decides alone answered without a call (see
    /// `SchemaNode.isValidInline`).
    @inline(__always)
    func isValidInline(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        reference._withUnsafeGuaranteedRef { $0.isValidInline(instance, context) }
    }

    /// The context inside the node, as `EvaluationContext.entering` gives it, through a borrowed reference.
    @inline(__always)
    func entered(from context: EvaluationContext, _ instance: Instance) -> EvaluationContext? {
        reference._withUnsafeGuaranteedRef { context.entering($0, instance) }
    }

    /// The node's errors, appended to `errors`.
    func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        node.collectErrors(instance, at: path, context, into: &errors)
    }

    /// The node's errors.
    func errors(_ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext) -> [ValidationError] {
        node.errors(instance, at: path, context)
    }
}

/// How much deeper evaluation may go, and what one evaluation shares.
///
/// Two words passed by value (with an `Instance`, every argument of a keyword's `isValid` fits in
/// registers): entering a schema makes a copy with one level less, so the depth costs no
/// bookkeeping on the way back out.
struct EvaluationContext {
    /// How many more schemas may be entered inside one another.
    let remainingDepth: Int
    /// The settings and records of the evaluation; one per evaluation, shared by its contexts.
    let state: UnsafeMutablePointer<EvaluationState>

    /// Whether `format` is asserted.
    var assertFormat: Bool { state.pointee.assertFormat }

    /// The context inside one more schema, or `nil` (after recording where) when the limit is reached.
    @inline(__always)
    func entering(_ node: SchemaNode, _ instance: Instance) -> EvaluationContext? {
        // Once the limit is hit the verdict is spoilt anyway: stop everywhere at once.
        guard remainingDepth > 0, state.pointee.overflow == nil else {
            if state.pointee.overflow == nil {
                state.pointee.overflow = DepthOverflow(instanceIndex: instance.index, schema: node.absoluteLocation)
            }
            return nil
        }
        return EvaluationContext(remainingDepth: remainingDepth - 1, state: state)
    }
}

/// What one evaluation shares across its contexts.
struct EvaluationState {
    let assertFormat: Bool
    /// Where the depth limit was hit, if it was.
    var overflow: DepthOverflow?
    /// The schema loops entered and taken; used only by nodes on a loop.
    var loops = LoopTracker()

    init(assertFormat: Bool) {
        self.assertFormat = assertFormat
    }
}

/// Where evaluation went deeper than `ValidationOptions.maxDepth`: the instance position on the
/// tape and the schema being entered.
struct DepthOverflow {
    let instanceIndex: Int
    let schema: String
}

/// Owns the nodes of one compilation. Keywords hold their subschemas' nodes, so a node freed last
/// would free its whole subtree recursively, one nesting level per stack frame; the store instead
/// empties every body while it still holds all the nodes, and then each node is freed on its own.
final class SchemaNodeStore: @unchecked Sendable {
    /// Written only while compiling, before the validator is published.
    var byLocation: [SchemaRegistry.Location: SchemaNode] = [:]

    deinit {
        for node in byLocation.values { node.setBody(.boolean(true)) }
    }
}

/// A compiled schema: a boolean or an ordered list of keywords.
///
/// A class so that `$ref` cycles can point back at a node under construction; its body is set
/// once by the compiler before the validator is published, and never changes afterwards.
final class SchemaNode: @unchecked Sendable {
    enum Body {
        case boolean(Bool)
        case keywords([Keyword])
    }

    /// The node's absolute URI (base URI and JSON-Pointer fragment), rendered on demand.
    var absoluteLocation: String { location.text }
    /// The node's location, in parts that cost constant time to build.
    let location: AbsoluteLocation
    /// The body. Stored as separate fields rather than as the enum: an enum with a class-array
    /// payload keeps its case in the pointer's spare bits, which hides the array from leak checkers.
    var body: Body { fastBoolean.map(Body.boolean) ?? .keywords(keywords) }
    private var keywords: [Keyword] = []
    /// The keywords that decide the verdict (`properties`, `required` and `additionalProperties` fused
    /// when they can be, and string checks fused).
    private var verdictKeywords: [Keyword] = []
    /// The verdict keywords after `kinds` and `forward`, in memory the node owns, so the hot `isValid`
    /// path reads them without retaining an array (set once by `setBody`, freed in `deinit`).
    @exclusivity(unchecked) private var fastKeywords = UnsafeMutableBufferPointer<Unmanaged<Keyword>>(start: nil, count: 0)
    @exclusivity(unchecked) private var fastBoolean: Bool? = true
    /// What a first verdict keyword `type` accepts, tested inline (every value when there is none).
    @exclusivity(unchecked) private var kinds = KindSet.any
    /// The target of a `$ref` that is the only verdict keyword, followed without a dynamic call.
    @exclusivity(unchecked) private var forward: Unmanaged<SchemaNode>?
    /// True when `kinds` decides alone: no `forward` and no keywords left.
    @exclusivity(unchecked) private var decidedByKinds = false
    /// How many schemas a verdict `isValidInline` answers without a call enters (this node, then each lone
    /// `$ref` followed); 0 when it calls `isValid`. Set by `settleInlineVerdict`.
    @exclusivity(unchecked) private var inlineDepth = 0
    /// What the last of those schemas accepts: its kinds, then, when it has an `enum` of strings, those strings.
    @exclusivity(unchecked) private var inlineKinds = KindSet.any
    @exclusivity(unchecked) private var inlineStrings: NameProbe<Bool>?
    /// The node's `properties` keyword when it and a first `type` are all the node's verdict tests (see
    /// `isValid(_:properties:_:)`).
    @exclusivity(unchecked) private(set) var onlyProperties: Unmanaged<PropertiesKeyword>?

    init(location: AbsoluteLocation) {
        self.location = location
    }

    deinit {
        fastKeywords.deinitialize()
        fastKeywords.deallocate()
    }

    func setBody(_ body: Body) {
        switch body {
        case .boolean(let value):
            fastBoolean = value
            decidedByKinds = false
            onlyProperties = nil
            keywords = []
            verdictKeywords = []
        case .keywords(let keywords):
            fastBoolean = nil
            self.keywords = keywords
            setVerdictKeywords(StringChecksKeyword.forVerdicts(MemberPassKeyword.forVerdicts(keywords)))
        }
    }

    /// The one keyword deciding this node's verdict, when there is exactly one.
    var onlyVerdictKeyword: Keyword? { verdictKeywords.count == 1 ? verdictKeywords[0] : nil }

    /// Once every node of the compilation has its body: an `allOf` of `if`/`then` branches on one
    /// member becomes a table lookup for verdicts (`ConditionalTableKeyword`).
    func refineVerdicts() {
        guard fastBoolean == nil else { return }
        let refined = verdictKeywords.map { keyword in (keyword as? AllOfKeyword).flatMap(ConditionalTableKeyword.make) ?? keyword }
        if !zip(refined, verdictKeywords).allSatisfy({ $0 === $1 }) { setVerdictKeywords(refined) }
    }

    private func setVerdictKeywords(_ keywords: [Keyword]) {
        verdictKeywords = keywords
        var rest = keywords[...]
        kinds = (rest.first as? TypeKeyword)?.kinds ?? .any
        if rest.first is TypeKeyword { rest = rest.dropFirst() }
        forward = rest.count == 1 ? (rest.first as? ReferenceKeyword).map { .passUnretained($0.target.node) } : nil
        if forward != nil { rest = [] }
        let storage = UnsafeMutableBufferPointer<Unmanaged<Keyword>>.allocate(capacity: rest.count)
        _ = storage.initialize(from: rest.map { Unmanaged.passUnretained($0) })
        fastKeywords.deinitialize()
        fastKeywords.deallocate()
        fastKeywords = storage
        decidedByKinds = forward == nil && rest.isEmpty
        onlyProperties = forward == nil && rest.count == 1 ? (rest.first as? PropertiesKeyword).map { .passUnretained($0) } : nil
    }

    /// The verdict: the keywords in order, a first `type` and a lone `$ref` without a dynamic call, a
    /// node that has nothing else to test answered before the keyword loop is set up.
    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        if let fastBoolean { return fastBoolean }
        guard let context = context.entering(self, instance) else { return false }
        guard kinds.accepts(instance) else { return false }
        if decidedByKinds { return true }
        if let forward { return forward._withUnsafeGuaranteedRef { $0.isValid(instance, context) } }
        let keywords = fastKeywords
        for index in 0..<keywords.count where !keywords[index]._withUnsafeGuaranteedRef({ $0.isValid(instance, context) }) {
            return false
        }
        return true
    }

    /// What the node's first `type` accepts (every value without one).
    var verdictKinds: KindSet { kinds }

    /// `isValid` of a node whose `onlyProperties` is `properties`: the same tests, the keyword called directly.
    @inline(__always)
    func isValid(_ instance: Instance, properties: PropertiesKeyword, _ context: EvaluationContext) -> Bool {
        guard let context = context.entering(self, instance) else { return false }
        guard kinds.accepts(instance) else { return false }
        return properties.isValid(instance, context)
    }

    /// `isValid`, answered in the caller without a call where the node's verdict is its kinds, or its kinds and
    /// an `enum` of strings, itself or at the end of lone `$ref`s: for the loops over members and elements.
    /// Anywhere the depth limit could be met on the way, the call decides.
    @inline(__always)
    func isValidInline(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard inlineDepth > 0, context.remainingDepth >= inlineDepth, context.state.pointee.overflow == nil else {
            return isValid(instance, context)
        }
        guard inlineKinds.accepts(instance) else { return false }
        guard let inlineStrings else { return true }
        return instance.kind == .string && inlineStrings.value(for: instance.bytes) != nil
    }

    /// How many schemas `isValidInline` enters without a call (0: it calls `isValid`).
    var inlineVerdictDepth: Int { inlineDepth }

    /// What `isValidInline` answers without a call, when it does: the schemas entered, the kinds and the strings.
    var inlineVerdictParts: (depth: Int, kinds: KindSet, strings: NameProbe<Bool>?)? {
        inlineDepth > 0 ? (inlineDepth, inlineKinds, inlineStrings) : nil
    }

    /// Lets the keywords that answer their members' verdicts in their own loops read those members' inline
    /// verdicts, once every node's is settled.
    func settleKeywords() {
        for keyword in keywords + verdictKeywords {
            (keyword as? PropertiesKeyword)?.settleVerdicts()
            for inner in (keyword as? LoopGuardKeyword)?.keywords ?? [] { (inner as? PropertiesKeyword)?.settleVerdicts() }
        }
    }

    /// Sets what `isValidInline` answers without a call, once every node has its final verdict keywords.
    func settleInlineVerdict() {
        guard let (depth, kinds, strings) = inlineVerdict(hops: 0) else { return }
        (inlineDepth, inlineKinds, inlineStrings) = (depth, kinds, strings)
    }

    /// The schemas entered, kinds and strings that decide this node's verdict without a dynamic call, or `nil`:
    /// its kinds alone; its kinds and an `enum` of strings; a lone `$ref` (accepting any kind) to such a node.
    private func inlineVerdict(hops: Int) -> (depth: Int, kinds: KindSet, strings: NameProbe<Bool>?)? {
        guard fastBoolean == nil, hops < 8 else { return nil }
        if decidedByKinds { return (1, kinds, nil) }
        if let forward {
            guard kinds.accepted == KindSet.any.accepted, let target = forward.takeUnretainedValue().inlineVerdict(hops: hops + 1) else { return nil }
            return (target.depth + 1, target.kinds, target.strings)
        }
        guard fastKeywords.count == 1, let strings = (fastKeywords[0].takeUnretainedValue() as? EnumKeyword)?.stringProbe else { return nil }
        return (1, kinds, strings)
    }

    func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext,
        into errors: inout [ValidationError]
    ) {
        switch body {
        case .boolean(true): return
        case .boolean(false):
            errors.append(ValidationError(
                .falseSchema, keywordLocation: path.keyword, absoluteKeywordLocation: absoluteLocation,
                instanceLocation: path.instance))
        case .keywords(let keywords):
            guard let context = context.entering(self, instance) else { return }
            for keyword in keywords { keyword.collectErrors(instance, at: path, context, into: &errors) }
        }
    }

    /// The errors of the instance against this node alone.
    func errors(_ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext) -> [ValidationError] {
        var errors: [ValidationError] = []
        collectErrors(instance, at: path, context, into: &errors)
        return errors
    }
}
