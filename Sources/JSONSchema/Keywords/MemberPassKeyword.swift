/// `properties` with `required` and/or `additionalProperties` (without `patternProperties`) of one schema,
/// answered in one pass over the instance's members for verdicts only: each member is looked up once;
/// a required name counts as present when the lookup finds it, and a member it does not find is
/// additional. It lives only in a node's verdict list: errors are collected from the node's own keywords.
final class MemberPassKeyword: Keyword, @unchecked Sendable {
    /// A property's schema, and its bit in `required` (0 when not required).
    struct Member {
        let node: NodeReference
        let requiredBit: UInt64
    }

    /// The properties by name.
    private let members: NameTable<Member>
    /// One bit per distinct required name.
    private let required: UInt64
    /// The schema of members `properties` does not name, when the schema has one.
    private let additional: NodeReference?

    private init(members: NameTable<Member>, required: UInt64, additional: NodeReference?) {
        self.members = members
        self.required = required
        self.additional = additional
    }

    /// The keywords that decide a verdict: `keywords` with `properties` and the `required` (every name
    /// a property, at most 64 names) and `additionalProperties` (no `patternProperties`) it can absorb
    /// replaced by one keyword, in the place of the first of them.
    static func forVerdicts(_ keywords: [Keyword]) -> [Keyword] {
        guard let properties = keywords.lazy.compactMap({ $0 as? PropertiesKeyword }).first else { return keywords }
        var absorbed: [Keyword] = [properties]
        var bits: [[UInt8]: UInt64] = [:]
        if let required = keywords.lazy.compactMap({ $0 as? RequiredKeyword }).first,
           let mapped = requiredBits(required, properties) {
            bits = mapped
            absorbed.append(required)
        }
        let additional = keywords.lazy.compactMap { $0 as? AdditionalPropertiesKeyword }.first { $0.patterns.isEmpty }
        if let additional { absorbed.append(additional) }
        guard absorbed.count > 1 else { return keywords }
        let members = properties.schemas.entries.map { entry in
            (name: String(decoding: entry.name, as: UTF8.self), value: Member(node: entry.value, requiredBit: bits[entry.name] ?? 0))
        }
        let pass = MemberPassKeyword(members: NameTable(members), required: bits.values.reduce(0, |), additional: additional.map { NodeReference($0.node) })
        var fused: [Keyword] = []
        for keyword in keywords {
            guard absorbed.contains(where: { $0 === keyword }) else {
                fused.append(keyword)
                continue
            }
            if !fused.contains(where: { $0 === pass }) { fused.append(pass) }
        }
        return fused
    }

    /// A bit for each distinct name of `required`, or `nil` when one is not a property or there are more than 64.
    private static func requiredBits(_ required: RequiredKeyword, _ properties: PropertiesKeyword) -> [[UInt8]: UInt64]? {
        var bits: [[UInt8]: UInt64] = [:]
        for name in required.names where bits[name.bytes] == nil {
            guard properties.schemas.index(for: name.bytes) != nil, bits.count < 64 else { return nil }
            bits[name.bytes] = 1 << UInt64(bits.count)
        }
        return bits
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        // The table's words in locals: the calls below cannot change them, but the compiler would reload them.
        let probe = members.probe
        var present: UInt64 = 0
        for (name, value) in instance.members {
            guard let member = probe.value(for: name.bytes) else {
                if let additional, !additional.isValid(value, context) { return false }
                continue
            }
            present |= member.requiredBit
            if !member.node.isValidInline(value, context) { return false }
        }
        return present & required == required
    }
}
