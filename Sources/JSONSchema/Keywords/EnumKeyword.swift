import JSONCore

/// `enum`: the instance must equal one of the listed values (JSON equality: `1 == 1.0`).
final class EnumKeyword: AssertionKeyword {
    let location: KeywordLocation
    let allowed: [JSONValue]
    /// The allowed strings, when every allowed value is one: compared as bytes.
    private let strings: NameTable<Bool>?

    init(location: KeywordLocation, allowed: [JSONValue]) {
        self.location = location
        self.allowed = allowed
        let strings = allowed.compactMap(\.stringValue)
        self.strings = strings.count == allowed.count ? NameTable(strings.map { ($0, true) }) : nil
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        guard case .array(let allowed) = site.object["enum"] else {
            throw site.invalid("enum", expected: "an array of values", compiler)
        }
        return EnumKeyword(location: site.keyword("enum"), allowed: allowed)
    }

    func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        let found: Bool
        if let strings {
            found = instance.kind == .string && strings.contains(instance.tape.bytes(instance.index))
        } else {
            found = allowed.contains { instance.tape.equals(instance.index, $0) }
        }
        return found ? nil : .enumeration(allowed: allowed)
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

    func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        instance.tape.equals(instance.index, expected) ? nil : .constant(expected: expected)
    }
}
