import JSONCore
import JSONSchema

extension BundledSchemas {
    /// The base of every bundled schema's `$id`: a namespace of our own under the reserved `.invalid`
    /// top-level domain (RFC 2606), so it is never mistaken for, or fetched from, a real address.
    /// Sage's published URIs (`SageSchemas`) name Sage's schemas, never these.
    public static let baseURI = "https://assess.invalid/schemas/v1/"
    /// The survey schema.
    public static let assessmentObjectURI = baseURI + "AssessmentObject.json"
    /// The result-archive manifest schema.
    public static let archiveMetadataURI = baseURI + "ArchiveMetadata.json"

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
