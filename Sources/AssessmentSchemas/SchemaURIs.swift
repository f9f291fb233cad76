// Every schema URI the project names, in one table: our bundled schemas' and Sage's published ones.

extension BundledSchemas {
    /// The base of every bundled schema's `$id`: a namespace of our own under the reserved `.invalid`
    /// top-level domain (RFC 2606), so it is never mistaken for, or fetched from, a real address.
    /// Sage's published URIs (`SageSchemas`) name Sage's schemas, never these.
    public static let baseURI = "https://assess.invalid/schemas/v1/"
    /// The survey schema.
    public static let assessmentObjectURI = baseURI + "AssessmentObject.json"
    /// The result-archive manifest schema.
    public static let archiveMetadataURI = baseURI + "ArchiveMetadata.json"
    /// The schema of a run's `assessmentResult.json`.
    public static let assessmentResultURI = baseURI + "AssessmentResult.json"
}

/// Sage's published mobile-client-json schemas (Sage-Bionetworks/mobile-client-json). Their URIs mean
/// exactly what Sage publishes: `assess` never answers them with its own schemas; they resolve only from
/// Sage's files given with `--ref-dir` (a checkout's `schemas/`) or `--catalog`.
public enum SageSchemas {
    /// The hosts where Sage publishes the schemas; the same schemas answer on both.
    public static let bases = [
        "https://sage-bionetworks.github.io/mobile-client-json/schemas/",
        "https://bridgedigitalhealth.github.io/mobile-client-json/schemas/",
    ]

    /// Sage's schema for an assessment result (`assessmentResult.json`), which our results follow.
    public static let assessmentResultObjectURI = bases[0] + "v2/AssessmentResultObject.json"
    /// Sage's schema for `metadata.json`.
    public static let archiveMetadataURI = bases[0] + "v2/ArchiveMetadata.json"
    /// Sage's schema for surveys.
    public static let assessmentObjectURI = bases[0] + "v2/AssessmentObject.json"
    /// Sage's schema for `archive-map.json` (version 3), which says which schema checks each file of an archive.
    public static let archiveMapURI = bases[0] + "v3/ArchiveMap.json"

    /// Whether `uri` names one of Sage's published schemas (either host).
    public static func isSageURI(_ uri: String) -> Bool {
        bases.contains { uri.hasPrefix($0) }
    }

    /// The same schema's address on the other host, or `nil` for other URIs.
    public static func alternateURI(_ uri: String) -> String? {
        guard let index = bases.firstIndex(where: { uri.hasPrefix($0) }) else { return nil }
        return bases[1 - index] + uri.dropFirst(bases[index].count)
    }
}
