import AssessmentModel

/// Which buttons a step shows and with which titles (`docs/navigation.md` §5).
public struct ButtonState: Sendable, Equatable {
    /// Hidden buttons, sorted by name.
    public let hidden: [ButtonType]
    /// Titles of the visible buttons that have one (own, inherited or default).
    public let titles: [ButtonType: String]

    /// Whether a button is shown.
    public func isVisible(_ button: ButtonType) -> Bool { !hidden.contains(button) }

    /// The buttons of `step` given what its containers hide and the titles in force around it.
    init(step: Node, hiddenAround: Set<ButtonType>, titlesAround: [ButtonType: String], isFirstStep: Bool) {
        var hiddenSet = hiddenAround.union(step.shouldHideActions ?? [])
        if !step.isQuestion { hiddenSet.insert(.skip) }
        if isFirstStep || step.kind == .completion { hiddenSet.insert(.goBackward) }
        if isFirstStep || step.kind == .overview || step.kind == .completion { hiddenSet.insert(.pause) }
        hidden = hiddenSet.sorted()
        // Nearest definition wins: the step's own titles over those in force around it.
        var titles = SurveyTree.titles(of: step, over: titlesAround)
        if titles[.goForward] == nil {
            if step.kind == .overview { titles[.goForward] = "Start" }
            if step.kind == .completion { titles[.goForward] = "Done" }
        }
        self.titles = titles.filter { !hiddenSet.contains($0.key) }
    }
}
