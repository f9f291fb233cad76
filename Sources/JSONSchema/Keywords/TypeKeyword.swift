import JSONCore

/// `type`: the instance's JSON type must be one of the listed ones (`integer` also satisfies `number`).
final class TypeKeyword: AssertionKeyword, @unchecked Sendable {
    let types: [JSONPrimitiveType]
    private let allowsNumber: Bool
    private let allowsInteger: Bool
    /// Bit `kind.rawValue` set for each tape kind the listed types accept outright (a decimal that only
    /// `integer` may accept is decided by its value).
    private let acceptedKinds: UInt8

    init(location: KeywordLocation, types: [JSONPrimitiveType], allowsNumber: Bool, allowsInteger: Bool) {
        self.types = types
        self.allowsNumber = allowsNumber
        self.allowsInteger = allowsInteger
        var kinds: [JSONTape.Kind] = []
        for type in types {
            switch type {
            case .null: kinds.append(.null)
            case .boolean: kinds += [.false, .true]
            case .string: kinds.append(.string)
            case .array: kinds.append(.array)
            case .object: kinds.append(.object)
            case .integer: kinds.append(.integer)
            case .number: kinds += [.integer, .decimal]
            }
        }
        acceptedKinds = kinds.reduce(0) { $0 | 1 << $1.rawValue }
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
        matches(instance) ? nil : .type(expected: types, actual: instance.primitiveType)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        matches(instance)
    }

    @inline(__always)
    private func matches(_ instance: Instance) -> Bool {
        let kind = instance.kind
        if acceptedKinds & 1 << kind.rawValue != 0 { return true }
        return kind == .decimal && allowsInteger && instance.isIntegral
    }
}
