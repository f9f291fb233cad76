import JSONCore

/// One compiled keyword: its operand checked and its subschemas compiled.
protocol Keyword: AnyObject, Sendable {
    /// The cheap verdict, without building errors.
    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool
    /// Appends every error the instance has against this keyword.
    func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext,
        into errors: inout [ValidationError])
}

/// A keyword that only checks the instance itself (no subschemas).
protocol AssertionKeyword: Keyword {
    var location: KeywordLocation { get }
    /// What is wrong with the instance, or `nil` when it passes.
    func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind?
}

extension AssertionKeyword {
    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        failure(instance, context) == nil
    }

    func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext,
        into errors: inout [ValidationError]
    ) {
        if let kind = failure(instance, context) { errors.append(ValidationError(kind, keyword: location, path: path)) }
    }
}

/// Settings that apply while evaluating.
struct EvaluationContext: Sendable {
    let assertFormat: Bool
}

/// A compiled schema: a boolean or an ordered list of keywords.
///
/// A class so that `$ref` cycles can point back at a node under construction; its body is set
/// once by the compiler before the validator is published, and never changes afterwards.
final class SchemaNode: @unchecked Sendable {
    enum Body {
        case boolean(Bool)
        case keywords([any Keyword])
    }

    /// The node's absolute URI (base URI and JSON-Pointer fragment).
    let absoluteLocation: String
    private(set) var body: Body = .boolean(true)
    /// The keywords again, in memory the node owns, so the hot `isValid` path reads them without
    /// retaining an array (set once by `setBody`, freed in `deinit`).
    @exclusivity(unchecked) private var fastKeywords = UnsafeMutableBufferPointer<any Keyword>(start: nil, count: 0)
    @exclusivity(unchecked) private var fastBoolean: Bool? = true

    init(absoluteLocation: String) {
        self.absoluteLocation = absoluteLocation
    }

    deinit {
        fastKeywords.deinitialize()
        fastKeywords.deallocate()
    }

    func setBody(_ body: Body) {
        self.body = body
        switch body {
        case .boolean(let value):
            fastBoolean = value
        case .keywords(let keywords):
            fastBoolean = nil
            let storage = UnsafeMutableBufferPointer<any Keyword>.allocate(capacity: keywords.count)
            _ = storage.initialize(from: keywords)
            fastKeywords.deinitialize()
            fastKeywords.deallocate()
            fastKeywords = storage
        }
    }

    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        if let fastBoolean { return fastBoolean }
        let keywords = fastKeywords
        for index in 0..<keywords.count where !keywords[index].isValid(instance, context) { return false }
        return true
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
