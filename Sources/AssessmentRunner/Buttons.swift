import AssessmentModel

/// Which buttons a step shows and with which titles (`navigation.md` §5).
public struct ButtonState: Sendable, Equatable {
    /// Hidden buttons, sorted by name.
    public let hidden: [ButtonType]
    /// Titles of the visible buttons that have one (own, inherited or default).
    public let titles: [ButtonType: String]

    /// Whether a button is shown.
    public func isVisible(_ button: ButtonType) -> Bool { !hidden.contains(button) }

    /// The buttons of `step` inside `ancestors` (outermost, the assessment, first).
    public init(step: Node, ancestors: [Node], isFirstStep: Bool) {
        var hiddenSet = Set<ButtonType>()
        for node in ancestors + [step] { hiddenSet.formUnion(node.shouldHideActions ?? []) }
        if !step.isQuestion { hiddenSet.insert(.skip) }
        if isFirstStep || step.kind == .completion { hiddenSet.insert(.goBackward) }
        if isFirstStep || step.kind == .overview || step.kind == .completion { hiddenSet.insert(.pause) }
        hidden = hiddenSet.sorted()
        var titles: [ButtonType: String] = [:]
        // Nearest definition wins: walk from the step outwards, keeping the first title found.
        for node in ([step] + ancestors.reversed()) {
            for (button, action) in node.actions ?? [] where titles[button] == nil {
                if let title = action.buttonTitle { titles[button] = title }
            }
        }
        if titles[.goForward] == nil {
            if step.kind == .overview { titles[.goForward] = "Start" }
            if step.kind == .completion { titles[.goForward] = "Done" }
        }
        self.titles = titles.filter { !hiddenSet.contains($0.key) }
    }
}
