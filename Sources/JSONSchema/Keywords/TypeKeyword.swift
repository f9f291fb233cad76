import JSONCore

/// `type`: the instance's JSON type must be one of the listed ones (`integer` also satisfies `number`).
final class TypeKeyword: AssertionKeyword, @unchecked Sendable {
    let types: [JSONPrimitiveType]
    private let allowsNumber: Bool
    private let allowsInteger: Bool

    init(location: KeywordLocation, types: [JSONPrimitiveType], allowsNumber: Bool, allowsInteger: Bool) {
        self.types = types
        self.allowsNumber = allowsNumber
        self.allowsInteger = allowsInteger
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        let names: [JSONValue]
        switch site.object["type"] {
        case .string(let name)?: names = [.string(name)]
        case .array(let list)? where !list.isEmpty: names = list
        default: throw site.invalid("type", expected: "a type name or a non-empty array of type names", compiler)
        }
        var types: [JSONPrimitiveType] = []
        for name in names {
            guard let type = name.stringValue.flatMap(JSONPrimitiveType.init(rawValue:)) else {
                throw site.invalid("type", expected: "type names among \(JSONPrimitiveType.allCases.map(\.rawValue).joined(separator: ", "))", compiler)
            }
            types.append(type)
        }
        return TypeKeyword(location: site.keyword("type"), types: types,
                           allowsNumber: types.contains(.number), allowsInteger: types.contains(.integer))
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        let matches: Bool
        switch instance.kind {
        case .null: matches = types.contains(.null)
        case .false, .true: matches = types.contains(.boolean)
        case .string: matches = types.contains(.string)
        case .array: matches = types.contains(.array)
        case .object: matches = types.contains(.object)
        case .integer: matches = allowsNumber || allowsInteger
        case .decimal: matches = allowsNumber || (allowsInteger && instance.isIntegral)
        }
        return matches ? nil : .type(expected: types, actual: instance.primitiveType)
    }
}
