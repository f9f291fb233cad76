import JSONCore

extension SchemaRegistry {
    /// The JSON of the schema a URI names (a fragment selects a subschema), or `nil` when nothing
    /// registered matches; for reading keywords the validator ignores, such as `examples`.
    public func schemaValue(for uri: String) -> JSONValue? {
        guard let (location, _) = resolve(uri, against: URIReference(uri)) else { return nil }
        return value(at: location)
    }
}
