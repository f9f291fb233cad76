import JSONCore

/// `type`: the instance's JSON type must be one of the listed ones (`integer` also satisfies `number`).
final class TypeKeyword: AssertionKeyword, @unchecked Sendable {
    let types: [JSONPrimitiveType]
    /// The tape kinds the types accept.
    let kinds: KindSet

    init(location: KeywordLocation, types: [JSONPrimitiveType]) {
        self.types = types
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
        self.kinds = KindSet(accepted: kinds.reduce(0) { $0 | 1 << $1.rawValue },
                             integralDecimals: types.contains(.integer) && !types.contains(.number))
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
        return TypeKeyword(location: site.keyword("type"), types: types)
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        kinds.accepts(instance) ? nil : .type(expected: types, actual: instance.primitiveType)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        kinds.accepts(instance)
    }
}

/// The values a `type` keyword accepts, as a bitmask of tape kinds: one test, no loop over the names.
struct KindSet {
    /// Bit `kind.rawValue` set for each tape kind accepted outright.
    let accepted: UInt8
    /// True when a decimal is accepted if its value is an integer (`integer` without `number`: `1.0`).
    let integralDecimals: Bool

    /// Every value.
    static let any = KindSet(accepted: 0xFF, integralDecimals: false)

    @inline(__always)
    func accepts(_ instance: Instance) -> Bool {
        let kind = instance.kind
        if accepted & 1 << kind.rawValue != 0 { return true }
        return kind == .decimal && integralDecimals && instance.isIntegral
    }
}
