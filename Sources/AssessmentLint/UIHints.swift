import AssessmentModel

/// The `uiHint` values the `ui-hint` rule knows, for editors' completions.
public enum UIHints {
    /// Every hint the format and the apps name.
    public static var known: [String] { UIHintRule.knownHints }

    /// The hints the format lists for a kind of question (with its input's type), when it lists some.
    public static func listed(for kind: NodeKind, input: InputItemType?) -> [String]? {
        UIHintRule.listedHints(for: kind, input: input)
    }
}
