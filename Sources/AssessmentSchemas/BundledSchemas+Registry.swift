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
        // Indexed now, each tree made when one of its schemas is first compiled.
        for file in BundledSchemas.files {
            registerDefault(bytes: Array(file.text.utf8), uri: file.id, sourceName: "schemas/" + file.fileName)
        }
    }
}
