/// The node types the reference implementation names; the `"type"` key picks one.
public enum NodeKind: Sendable, Hashable, CustomStringConvertible {
    /// A type the format names.
    case assessment, section, overview, instruction, completion, permission, simpleQuestion, choiceQuestion
    /// A question with several input items; its answer is an object keyed by item identifier.
    case multipleInputQuestion
    /// Timed steps: a countdown before an activity, and the activity itself.
    case countdown, active
    /// A step showing a summary of the results (`feedback` in the reference).
    case feedback
    /// A node whose content is another resource file (`resourceName`).
    case transform
    /// An assessment loaded from another resource file (`resourceName`).
    case transformableAssessment
    /// An assessment the app loads from its registry (`assessmentInfo`).
    case assessmentPlaceholder
    /// A type the reference does not name (an app's extension type, or a typo), kept so lint can report it.
    case unknown(String)

    private static let table: [(String, NodeKind)] = [
        ("assessment", .assessment), ("section", .section), ("overview", .overview), ("instruction", .instruction),
        ("completion", .completion), ("permission", .permission), ("simpleQuestion", .simpleQuestion),
        ("choiceQuestion", .choiceQuestion), ("multipleInputQuestion", .multipleInputQuestion), ("countdown", .countdown),
        ("active", .active), ("feedback", .feedback), ("transform", .transform),
        ("transformableAssessment", .transformableAssessment), ("assessmentPlaceholder", .assessmentPlaceholder),
    ]

    /// Every known type name, in the format document's order, then the reference's other types.
    public static let knownTypeNames = table.map(\.0)

    /// Reads a `"type"` value.
    public init(_ type: String) {
        self = NodeKind.table.first { $0.0 == type }?.1 ?? .unknown(type)
    }

    /// True for nodes that hold `steps`: the assessment, sections, and assessments nested as steps.
    public var isContainer: Bool { self == .assessment || self == .section }

    /// True for question steps.
    public var isQuestion: Bool { self == .simpleQuestion || self == .choiceQuestion || self == .multipleInputQuestion }

    /// True for the types the format names; false for `unknown`.
    public var isKnown: Bool {
        if case .unknown = self { return false }
        return true
    }

    /// True for nodes whose content comes from another resource file.
    public var isTransform: Bool { self == .transform || self == .transformableAssessment }

    /// The type name as written.
    public var description: String {
        if case .unknown(let type) = self { return type }
        return NodeKind.table.first { $0.1 == self }?.0 ?? "?"
    }
}
