/// `properties` and `required` of one schema answered in one pass over the instance's members, for
/// verdicts only (errors still come from the two keywords, in their order): each member is looked up
/// once, and a required name counts as present when the lookup finds it. It lives only in a node's
/// verdict list: errors are collected from the node's own keywords.
final class PropertiesRequiredKeyword: Keyword, @unchecked Sendable {
    private let properties: PropertiesKeyword
    /// Bit `i` set when entry `i` of the properties table is required.
    private let requiredEntries: UInt64

    private init(properties: PropertiesKeyword, requiredEntries: UInt64) {
        self.properties = properties
        self.requiredEntries = requiredEntries
    }

    /// The keywords that decide a verdict: `keywords` with a `properties` and a `required` whose every
    /// name is among the first 64 properties replaced by one fused keyword (in the place of the first).
    static func forVerdicts(_ keywords: [Keyword]) -> [Keyword] {
        guard let propertiesAt = keywords.firstIndex(where: { $0 is PropertiesKeyword }),
              let requiredAt = keywords.firstIndex(where: { $0 is RequiredKeyword }),
              let properties = keywords[propertiesAt] as? PropertiesKeyword,
              let required = keywords[requiredAt] as? RequiredKeyword else { return keywords }
        var entries: UInt64 = 0
        for name in required.names {
            guard let entry = name.bytes.withUnsafeBufferPointer({ properties.schemas.index(for: $0) }), entry < 64 else { return keywords }
            entries |= 1 << UInt64(entry)
        }
        var fused = keywords
        fused[min(propertiesAt, requiredAt)] = PropertiesRequiredKeyword(properties: properties, requiredEntries: entries)
        fused.remove(at: max(propertiesAt, requiredAt))
        return fused
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        var present: UInt64 = 0
        for (name, value) in instance.members {
            guard let entry = properties.schemas.index(for: name.bytes) else { continue }
            if entry < 64 { present |= 1 << UInt64(entry) }
            if !properties.schemas[entry].isValid(value, context) { return false }
        }
        return present & requiredEntries == requiredEntries
    }
}
