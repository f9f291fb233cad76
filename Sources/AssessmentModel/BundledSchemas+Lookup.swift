extension BundledSchemas {
    /// The bundled schema with this `$id` (a `#fragment` is ignored), if there is one.
    public static func file(id: String) -> (id: String, fileName: String, text: String)? {
        let base = id.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? id
        return files.first { $0.id == base }
    }

    /// The bundled schema stored as `schemas/<fileName>`, if there is one.
    public static func file(named fileName: String) -> (id: String, fileName: String, text: String)? {
        files.first { $0.fileName == fileName }
    }

    /// Where the published schemas moved (`https://bridgedigitalhealth.github.io/…`): aliases of the bundled ones.
    public static let aliasBaseURIs = ["https://bridgedigitalhealth.github.io/mobile-client-json/schemas/v2/"]

    /// `uri` with an alias base replaced by the bundled schemas' base; other URIs unchanged.
    public static func canonicalURI(_ uri: String) -> String {
        for alias in aliasBaseURIs where uri.hasPrefix(alias) {
            return baseURI + uri.dropFirst(alias.count)
        }
        return uri
    }
}
