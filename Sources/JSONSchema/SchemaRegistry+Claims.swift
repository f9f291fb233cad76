/// An `$id` that a registered file declares and other files declare too.
public struct SharedID: Sendable, Equatable {
    /// The `$id` (absolute, without fragment).
    public let uri: String
    /// The other files (source names) that declare it, in registration order.
    public let others: [String]
    /// The file that `$ref`s from other documents resolve to: the one registered last.
    public let winner: String
    /// Whether the winner is the file asked about.
    public let wonByThisFile: Bool
}

/// A default schema (a bundled one) that a file declaring the same `$id` replaced.
public struct ReplacedDefault: Sendable, Equatable {
    /// The `$id` (absolute, without fragment).
    public let uri: String
    /// The file that replaced it.
    public let fileName: String
}

extension SchemaRegistry {
    /// The `$id`s that the document named by `uri` declares and some other file declares too. That
    /// document's own references resolve within itself; other documents' go to the winner.
    public func sharedIDs(of uri: String) -> [SharedID] {
        guard let (location, _) = resolve(uri, against: URIReference(uri)) else { return [] }
        let retrieval = documents[location.document].retrieval
        return claims.keys.sorted().compactMap { id in
            guard let claimants = claims[id], claimants.contains(where: { documents[$0].retrieval == retrieval }),
                  let winner = resolve(id, against: URIReference(id))?.location.document else { return nil }
            var others: [String] = []
            for document in claimants where documents[document].retrieval != retrieval && !others.contains(documents[document].sourceName) {
                others.append(documents[document].sourceName)
            }
            return SharedID(uri: id, others: others, winner: documents[winner].sourceName,
                            wonByThisFile: documents[winner].retrieval == retrieval)
        }
    }
}
