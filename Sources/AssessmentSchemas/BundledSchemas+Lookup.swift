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
}
