import JSONCore

extension SourceRange {
    /// An empty range at a position.
    public static func at(_ position: SourcePosition) -> SourceRange { SourceRange(start: position, end: position) }
}
