import JSONCore
import JSONSchema

extension BundledSchemas {
    /// A registry holding the draft-07 metaschema and every bundled schema, by `$id`.
    public static func registry() -> SchemaRegistry {
        var registry = SchemaRegistry()
        registry.registerBundledSchemas()
        return registry
    }
}

extension SchemaRegistry {
    /// Registers every bundled schema under its `$id`, as a default that a file declaring the same
    /// `$id` replaces.
    public mutating func registerBundledSchemas() {
        for file in BundledSchemas.files {
            guard let document = try? JSONDocument(text: file.text) else { continue }
            registerDefault(document.value, uri: file.id, sourceName: "schemas/" + file.fileName)
        }
    }
}
