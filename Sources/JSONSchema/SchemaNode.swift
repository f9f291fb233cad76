import JSONCore

/// One compiled keyword: its operand checked and its subschemas compiled.
protocol Keyword: AnyObject, Sendable {
    /// The cheap verdict, without building errors.
    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool
    /// Appends every error the instance has against this keyword.
    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext,
        into errors: inout [ValidationError])
}

/// A keyword that only checks the instance itself (no subschemas).
protocol AssertionKeyword: Keyword {
    var location: KeywordLocation { get }
    /// What is wrong with the instance, or `nil` when it passes.
    func failure(_ instance: JSONValue, _ context: EvaluationContext) -> ValidationErrorKind?
}

extension AssertionKeyword {
    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        failure(instance, context) == nil
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext,
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

    init(absoluteLocation: String) {
        self.absoluteLocation = absoluteLocation
    }

    func setBody(_ body: Body) {
        self.body = body
    }

    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        switch body {
        case .boolean(let value): return value
        case .keywords(let keywords):
            // Borrow each keyword in place; iterating the array would copy every existential.
            return keywords.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where !buffer[index].isValid(instance, context) { return false }
                return true
            }
        }
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext,
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
    func errors(_ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext) -> [ValidationError] {
        var errors: [ValidationError] = []
        collectErrors(instance, at: path, context, into: &errors)
        return errors
    }
}
