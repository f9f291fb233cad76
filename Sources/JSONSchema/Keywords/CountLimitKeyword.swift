import JSONCore

/// `maxLength`/`minLength` (code points), `maxItems`/`minItems`, `maxProperties`/`minProperties`:
/// a bound on how big a string, array or object is.
final class CountLimitKeyword: AssertionKeyword, @unchecked Sendable {
    /// What is counted.
    enum Measure {
        case stringLength, itemCount, propertyCount
    }

    let limit: Int
    let isMaximum: Bool
    let measure: Measure

    init(location: KeywordLocation, limit: Int, isMaximum: Bool, measure: Measure) {
        self.limit = limit
        self.isMaximum = isMaximum
        self.measure = measure
        super.init(location: location)
    }

    private static func compile(_ name: String, _ measure: Measure, maximum: Bool) -> SchemaKeywords.Compile {
        { (site, compiler) throws(SchemaError) in
            CountLimitKeyword(location: site.keyword(name), limit: try site.nonNegativeInteger(name, compiler),
                              isMaximum: maximum, measure: measure)
        }
    }

    static let compileMaxLength = compile("maxLength", .stringLength, maximum: true)
    static let compileMinLength = compile("minLength", .stringLength, maximum: false)
    static let compileMaxItems = compile("maxItems", .itemCount, maximum: true)
    static let compileMinItems = compile("minItems", .itemCount, maximum: false)
    static let compileMaxProperties = compile("maxProperties", .propertyCount, maximum: true)
    static let compileMinProperties = compile("minProperties", .propertyCount, maximum: false)

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard let count = count(instance) else { return true }
        return isMaximum ? count <= limit : count >= limit
    }

    /// What is counted in `instance`, or `nil` when it is not of the kind measured.
    @inline(__always)
    private func count(_ instance: Instance) -> Int? {
        switch (measure, instance.kind) {
        case (.stringLength, .string): return instance.codePointCount
        case (.itemCount, .array), (.propertyCount, .object): return instance.count
        default: return nil
        }
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        guard let count = count(instance), isMaximum ? count > limit : count < limit else { return nil }
        switch (measure, isMaximum) {
        case (.stringLength, true): return .maxLength(limit: limit, actual: count)
        case (.stringLength, false): return .minLength(limit: limit, actual: count)
        case (.itemCount, true): return .maxItems(limit: limit, actual: count)
        case (.itemCount, false): return .minItems(limit: limit, actual: count)
        case (.propertyCount, true): return .maxProperties(limit: limit, actual: count)
        case (.propertyCount, false): return .minProperties(limit: limit, actual: count)
        }
    }
}
