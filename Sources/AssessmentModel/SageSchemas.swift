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
