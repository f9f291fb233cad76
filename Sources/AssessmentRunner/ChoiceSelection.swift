import AssessmentModel
import JSONCore

/// A multiple-choice selection made the way a phone makes it (`docs/navigation.md` §3), so the
/// interactive player and answer checking agree on what `selectorType` does.
public struct ChoiceSelection: Sendable, Equatable {
    /// The question's choices, in list order.
    public let choices: [Choice]
    /// Indices of the selected choices.
    public private(set) var selected: Set<Int> = []

    /// An empty selection over `choices`.
    public init(choices: [Choice]) {
        self.choices = choices
    }

    /// Selects the choice at `index`: `exclusive` clears every other selection, `all` selects every
    /// default choice, and a default choice clears the exclusive ones.
    public mutating func select(_ index: Int) {
        guard choices.indices.contains(index) else { return }
        switch choices[index].selectorType {
        case .exclusive:
            selected = [index]
        case .all:
            selected = selected.filter { choices[$0].selectorType != .exclusive }
            selected.formUnion(choices.indices.filter { choices[$0].selectorType == .default })
            selected.insert(index)
        case .default, .unknown:
            selected = selected.filter { choices[$0].selectorType != .exclusive }
            selected.insert(index)
        }
    }

    /// The answer: selected values in choice-list order (value-less choices add nothing), then `other`.
    public func answer(other: JSONValue? = nil) -> JSONValue {
        var values = selected.sorted().compactMap { choices[$0].value }
        if let other { values.append(other) }
        return .array(values)
    }
}
