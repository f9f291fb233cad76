import JSONCore

/// `enum`: the instance must equal one of the listed values (JSON equality: `1 == 1.0`).
final class EnumKeyword: AssertionKeyword {
    let location: KeywordLocation
    let allowed: [JSONValue]

    init(location: KeywordLocation, allowed: [JSONValue]) {
        self.location = location
        self.allowed = allowed
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        guard case .array(let allowed) = site.object["enum"] else {
            throw site.invalid("enum", expected: "an array of values", compiler)
        }
        return EnumKeyword(location: site.keyword("enum"), allowed: allowed)
    }

    func failure(_ instance: JSONValue, _ context: EvaluationContext) -> ValidationErrorKind? {
        allowed.contains(instance) ? nil : .enumeration(allowed: allowed)
    }
}

/// `const`: the instance must equal the value.
final class ConstKeyword: AssertionKeyword {
    let location: KeywordLocation
    let expected: JSONValue

    init(location: KeywordLocation, expected: JSONValue) {
        self.location = location
        self.expected = expected
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        guard let expected = site.object["const"] else { return nil }
        return ConstKeyword(location: site.keyword("const"), expected: expected)
    }

    func failure(_ instance: JSONValue, _ context: EvaluationContext) -> ValidationErrorKind? {
        instance == expected ? nil : .constant(expected: expected)
    }
}
