import AssessmentModel

/// Reports input items whose `type` the reference does not know (`boolean`, `date`, `height`… of
/// older formats): the apps fail to load the survey.
struct UnknownInputTypeRule: LintRule {
    let id = LintRuleID.unknownInputType
    let severity = LintSeverity.error
    let summary = "an input item's \"type\" is not one the apps know (they fail to load the survey)"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit -> [Finding] in
            guard let question = visit.node.question else { return [] }
            return question.allInputItems.compactMap { item in
                guard case .unknown(let type) = item.type else { return nil }
                let known = InputItemType.knownNames
                let guess = Suggestion.closest(to: type, among: known)
                let hint = guess.map { "; did you mean \"\($0)\"?" } ?? ""
                return survey.finding(self, "input type \"\(type)\" of \"\(visit.node.identifier)\" is not one the apps know, so they fail to load the survey (known input types: \(known.joined(separator: ", ")))\(hint)",
                                      at: item.pointer.appending("type"), fixes: guess.map { survey.replacing(item.pointer.appending("type"), with: $0) } ?? [])
            }
        }
    }
}
