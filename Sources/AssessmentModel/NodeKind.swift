/// A string enum of the format that keeps the names it does not define (node types, input types, selectors,
/// rule operators, buttons): its cases and their names are listed once, in ``names``, and reading a name
/// and writing one both come from that list.
public protocol NamedCases: Hashable, Sendable, CustomStringConvertible {
    /// The cases the format defines and the name each is written as, in the format's order.
    static var names: [(name: String, value: Self)] { get }
    /// The case keeping a name the format does not define.
    static func unknown(_ name: String) -> Self
}

// Inlinable, so that every module reads and writes names through code specialized for the enum.
extension NamedCases {
    /// Reads a name: the case the format names so, else ``unknown(_:)`` keeping it.
    @inlinable public init(_ name: String) {
        self = Self.names.first { $0.name == name }?.value ?? .unknown(name)
    }

    /// Every name the format defines, in the order of ``names``.
    @inlinable public static var knownNames: [String] { names.map(\.name) }

    /// True for the cases the format defines; false for a name kept as written.
    @inlinable public var isKnown: Bool { Self.names.contains { $0.value == self } }

    /// The name as written in JSON.
    @inlinable public var description: String {
        Self.names.first { $0.value == self }?.name ?? (Mirror(reflecting: self).children.first?.value as? String ?? "")
    }
}

/// The node types the reference implementation names; the `"type"` key picks one.
public enum NodeKind: NamedCases {
    /// A type the format names (docs/format.md describes each: `feedback` shows a summary of the results,
    /// `transform` and `transformableAssessment` load `resourceName`, `assessmentPlaceholder` the app's registry).
    case assessment, section, overview, instruction, completion, permission, simpleQuestion, choiceQuestion,
         multipleInputQuestion, countdown, active, feedback, transform, transformableAssessment, assessmentPlaceholder
    /// A type the reference does not name (an app's extension type, or a typo), kept so lint can report it.
    case unknown(String)

    /// Every known type, in the format document's order, then the reference's other types.
    public static let names: [(name: String, value: NodeKind)] = [
        ("assessment", .assessment), ("section", .section), ("overview", .overview), ("instruction", .instruction),
        ("completion", .completion), ("permission", .permission), ("simpleQuestion", .simpleQuestion),
        ("choiceQuestion", .choiceQuestion), ("multipleInputQuestion", .multipleInputQuestion), ("countdown", .countdown),
        ("active", .active), ("feedback", .feedback), ("transform", .transform),
        ("transformableAssessment", .transformableAssessment), ("assessmentPlaceholder", .assessmentPlaceholder),
    ]

    /// True for nodes that hold `steps`: the assessment, sections, and assessments nested as steps.
    public var isContainer: Bool { self == .assessment || self == .section }
    /// True for question steps.
    public var isQuestion: Bool { self == .simpleQuestion || self == .choiceQuestion || self == .multipleInputQuestion }
    /// True for nodes whose content comes from another resource file.
    public var isTransform: Bool { self == .transform || self == .transformableAssessment }
}
