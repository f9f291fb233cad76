import AssessmentModel

extension Question {
    /// Whether the rule at `index` can ever be the first to match an answer, as lint judges it
    /// (`unmatchable-answer`, `shadowed-rule` and `ordering-on-unordered` rules are the ones that cannot).
    public func ruleCanFire(at index: Int) -> Bool {
        guard surveyRules.indices.contains(index) else { return false }
        return NavigationGraph.canFire(surveyRules[index], index: index, in: self)
    }
}
