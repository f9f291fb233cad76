import JSONCore
import JSONSchema

extension BundledSchemas {
    /// The base of every bundled schema's `$id`.
    public static let baseURI = "https://sage-bionetworks.github.io/mobile-client-json/schemas/v2/"
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
    /// Registers every bundled schema under its `$id`, and under the addresses where the published
    /// schemas moved (so `$ref`s to those resolve too).
    public mutating func registerBundledSchemas() {
        for file in BundledSchemas.files {
            guard let document = try? JSONDocument(text: file.text) else { continue }
            for alias in BundledSchemas.aliasBaseURIs {
                register(document.value, uri: alias + file.fileName, sourceName: "schemas/" + file.fileName)
            }
            register(document.value, uri: file.id, sourceName: "schemas/" + file.fileName)
        }
    }
}
