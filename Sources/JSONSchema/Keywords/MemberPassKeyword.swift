/// `properties` with `required` and/or `additionalProperties` (without `patternProperties`) of one schema,
/// answered in one pass over the instance's members for verdicts only: each member is looked up once;
/// a required name counts as present when the lookup finds it, and a member it does not find is
/// additional. It lives only in a node's verdict list: errors are collected from the node's own keywords.
final class MemberPassKeyword: Keyword, @unchecked Sendable {
    private let properties: PropertiesKeyword
    /// Bit `i` set when entry `i` of the properties table is required.
    private let requiredEntries: UInt64
    /// The schema of members `properties` does not name, when the schema has one.
    private let additional: SchemaNode?

    private init(properties: PropertiesKeyword, requiredEntries: UInt64, additional: SchemaNode?) {
        self.properties = properties
        self.requiredEntries = requiredEntries
        self.additional = additional
    }

    /// The keywords that decide a verdict: `keywords` with `properties` and the `required` (every name
    /// among the first 64 properties) and `additionalProperties` (no `patternProperties`) it can absorb
    /// replaced by one keyword, in the place of the first of them.
    static func forVerdicts(_ keywords: [Keyword]) -> [Keyword] {
        guard let properties = keywords.lazy.compactMap({ $0 as? PropertiesKeyword }).first else { return keywords }
        var absorbed: [Keyword] = [properties]
        var entries: UInt64 = 0
        if let required = keywords.lazy.compactMap({ $0 as? RequiredKeyword }).first,
           let mapped = MemberPassKeyword.entries(of: required, in: properties) {
            entries = mapped
            absorbed.append(required)
        }
        let additional = keywords.lazy.compactMap { $0 as? AdditionalPropertiesKeyword }.first { $0.patterns.isEmpty }
        if let additional { absorbed.append(additional) }
        guard absorbed.count > 1 else { return keywords }
        let pass = MemberPassKeyword(properties: properties, requiredEntries: entries, additional: additional?.node)
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

    /// The table entries of `required`'s names, or `nil` when one is not among the first 64 properties.
    private static func entries(of required: RequiredKeyword, in properties: PropertiesKeyword) -> UInt64? {
        var entries: UInt64 = 0
        for name in required.names {
            guard let entry = name.bytes.withUnsafeBufferPointer({ properties.schemas.index(for: $0) }), entry < 64 else { return nil }
            entries |= 1 << UInt64(entry)
        }
        return entries
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        var present: UInt64 = 0
        for (name, value) in instance.members {
            guard let entry = properties.schemas.index(for: name.bytes) else {
                if let additional, !additional.isValid(value, context) { return false }
                continue
            }
            if entry < 64 { present |= 1 << UInt64(entry) }
            if !properties.schemas[entry].isValid(value, context) { return false }
        }
        return present & requiredEntries == requiredEntries
    }
}
