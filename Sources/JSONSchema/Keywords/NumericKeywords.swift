import JSONCore

/// `multipleOf`: a number instance divided by the operand must be an integer (computed exactly).
final class MultipleOfKeyword: AssertionKeyword, @unchecked Sendable {
    let divisor: JSONNumber

    init(location: KeywordLocation, divisor: JSONNumber) {
        self.divisor = divisor
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        let divisor = try site.number("multipleOf", compiler)
        guard divisor > JSONNumber(0) else { throw site.invalid("multipleOf", expected: "a number greater than 0", compiler) }
        return MultipleOfKeyword(location: site.keyword("multipleOf"), divisor: divisor)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        !instance.isNumber || instance.number.isMultiple(of: divisor)
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        isValid(instance, context) ? nil : .multipleOf(divisor: divisor)
    }
}

/// `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`: bounds on number instances.
final class NumericLimitKeyword: AssertionKeyword, @unchecked Sendable {
    let limit: JSONNumber
    let isUpperBound: Bool
    let isExclusive: Bool

    init(location: KeywordLocation, limit: JSONNumber, isUpperBound: Bool, isExclusive: Bool) {
        self.limit = limit
        self.isUpperBound = isUpperBound
        self.isExclusive = isExclusive
        super.init(location: location)
    }

    private static func compile(_ name: String, upper: Bool, exclusive: Bool) -> SchemaKeywords.Compile {
        { (site, compiler) throws(SchemaError) in
            NumericLimitKeyword(location: site.keyword(name), limit: try site.number(name, compiler),
                                isUpperBound: upper, isExclusive: exclusive)
        }
    }

    static let compileMaximum = compile("maximum", upper: true, exclusive: false)
    static let compileExclusiveMaximum = compile("exclusiveMaximum", upper: true, exclusive: true)
    static let compileMinimum = compile("minimum", upper: false, exclusive: false)
    static let compileExclusiveMinimum = compile("exclusiveMinimum", upper: false, exclusive: true)

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.isNumber else { return true }
        let number = instance.number
        switch (isUpperBound, isExclusive) {
        case (true, false): return number <= limit
        case (true, true): return number < limit
        case (false, false): return number >= limit
        case (false, true): return number > limit
        }
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        if isValid(instance, context) { return nil }
        return isUpperBound ? .maximum(limit: limit, exclusive: isExclusive) : .minimum(limit: limit, exclusive: isExclusive)
    }
}
