import AssessmentModel

/// Reports choice questions without `baseType`: a warning when every choice value has one JSON type
/// (the apps infer it), an error when they differ (no type fits every answer).
struct MissingBaseTypeRule: LintRule {
    let id = LintRuleID.missingBaseType
    let severity = LintSeverity.warning
    let summary = "a choice question has no baseType (error when its choice values have different JSON types)"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.compactMap { visit in
            guard visit.node.kind == .choiceQuestion, let question = visit.node.question?.choiceInput, question.baseTypeName == nil else { return nil }
            if let inferred = question.inferredBaseType {
                return survey.finding(self, "choice question \"\(visit.node.identifier)\" has no \"baseType\"; the apps infer \"\(inferred)\" from its choices (write it to be sure)",
                                      at: visit.node.pointer)
            }
            let types = Set(question.choices?.compactMap { $0.value?.primitiveType } ?? []).map(\.rawValue).sorted()
            return survey.finding(self, "choice question \"\(visit.node.identifier)\" has no \"baseType\" and its choice values have different JSON types (\(types.joined(separator: ", "))); no answer type fits them all",
                                  at: visit.node.pointer, severity: .error)
        }
    }
}
