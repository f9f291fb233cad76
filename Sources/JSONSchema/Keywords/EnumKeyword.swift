import JSONCore

/// `enum`: the instance must equal one of the listed values (JSON equality: `1 == 1.0`).
final class EnumKeyword: AssertionKeyword, @unchecked Sendable {
    let allowed: [JSONValue]
    /// True when every allowed value is a string: then `strings` decides, comparing bytes.
    private let onlyStrings: Bool
    /// The allowed strings (not optional: reading it costs no copy and no reference counting).
    private let strings: NameTable<Bool>

    init(location: KeywordLocation, allowed: [JSONValue]) {
        self.allowed = allowed
        let strings = allowed.compactMap(\.stringValue)
        onlyStrings = strings.count == allowed.count
        self.strings = NameTable(strings.map { ($0, true) })
        super.init(location: location)
    }

    /// The lookup of the allowed strings when every allowed value is a string (then a string instance is
    /// valid exactly when it finds its bytes, any other instance invalid); `nil` otherwise. Valid while the
    /// keyword lives.
    var stringProbe: NameProbe<Bool>? { onlyStrings ? strings.probe : nil }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        guard case .array(let allowed) = site.object["enum"] else {
            throw site.invalid("enum", expected: "an array of values", compiler)
        }
        return EnumKeyword(location: site.keyword("enum"), allowed: allowed)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        if onlyStrings { return instance.kind == .string && strings.contains(instance.bytes) }
        return allowed.contains { instance.equals($0) }
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        isValid(instance, context) ? nil : .enumeration(allowed: allowed)
    }
}

/// `const`: the instance must equal the value.
final class ConstKeyword: AssertionKeyword, @unchecked Sendable {
    let expected: JSONValue

    init(location: KeywordLocation, expected: JSONValue) {
        self.expected = expected
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        guard let expected = site.object["const"] else { return nil }
        return ConstKeyword(location: site.keyword("const"), expected: expected)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        instance.equals(expected)
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        isValid(instance, context) ? nil : .constant(expected: expected)
    }
}
