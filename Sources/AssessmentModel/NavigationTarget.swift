/// Where navigation goes: a reserved keyword or a node identifier (closed set).
public enum NavigationTarget: Sendable, Hashable, CustomStringConvertible {
    /// End the whole assessment at once.
    case exit
    /// End the current section and continue after it.
    case nextSection
    /// Go to the first step of the assessment.
    case beginning
    /// Go to the sibling step with this identifier.
    case node(String)

    /// Reads a `nextStepIdentifier` / `skipToIdentifier` value.
    public init(_ text: String) {
        switch text {
        case "exit": self = .exit
        case "nextSection": self = .nextSection
        case "beginning": self = .beginning
        default: self = .node(text)
        }
    }

    /// The reserved keywords.
    public static let keywords = ["exit", "nextSection", "beginning"]

    /// The value as written in JSON.
    public var description: String {
        switch self {
        case .exit: return "exit"
        case .nextSection: return "nextSection"
        case .beginning: return "beginning"
        case .node(let identifier): return identifier
        }
    }
}

/// A button a step may show: an extensible string enum.
public enum ButtonType: NamedCases, Comparable {
    /// The buttons the format defines.
    case goForward, goBackward, skip, cancel, pause, reviewInstructions
    /// A name the format does not define (lint warns about it).
    case custom(String)

    /// Every button the format defines.
    public static let names: [(name: String, value: ButtonType)] = [
        ("goForward", .goForward), ("goBackward", .goBackward), ("skip", .skip), ("cancel", .cancel), ("pause", .pause),
        ("reviewInstructions", .reviewInstructions),
    ]

    /// A name the format does not define.
    public static func unknown(_ name: String) -> ButtonType { .custom(name) }

    /// By name.
    public static func < (lhs: ButtonType, rhs: ButtonType) -> Bool { lhs.description < rhs.description }
}

/// How a survey rule compares the answer with `matchingAnswer`.
public enum RuleOperator: NamedCases {
    /// `eq`, `ne`, `lt`, `gt`, `le` and `ge`.
    case equal, notEqual, lessThan, greaterThan, lessThanOrEqual, greaterThanOrEqual
    /// An operator the format does not define.
    case unknown(String)

    /// Every operator the format defines.
    public static let names: [(name: String, value: RuleOperator)] = [
        ("eq", .equal), ("ne", .notEqual), ("lt", .lessThan), ("gt", .greaterThan), ("le", .lessThanOrEqual), ("ge", .greaterThanOrEqual),
    ]

    /// True for `lt`, `gt`, `le`, `ge`.
    public var isOrdering: Bool {
        switch self {
        case .lessThan, .greaterThan, .lessThanOrEqual, .greaterThanOrEqual: return true
        case .equal, .notEqual, .unknown: return false
        }
    }
}
