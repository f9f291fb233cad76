import AssessmentModel

/// Reports a `regExValidator` whose pattern is not a regular expression (checked as ECMA-262, which
/// the apps' ICU and java.util.regex accept nearly all of), and one on an input that is not a
/// string, which the apps ignore.
struct RegexValidatorRule: LintRule {
    let id = LintRuleID.regexValidator
    let severity = LintSeverity.warning
    let summary = "a regExValidator pattern is not a valid regular expression, or sits on an input that is not a string"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit -> [Finding] in
            guard let question = visit.node.question else { return [] }
            return question.allInputItems.compactMap { item in
                guard let validator = item.regExValidator else { return nil }
                guard item.type == .string else {
                    return survey.finding(self, "\"\(visit.node.identifier)\" has a regExValidator on an input of type \(item.type); the apps check only string inputs with it",
                                          at: validator.pointer)
                }
                guard case .failure(let error) = validator.wholeAnswerRegex() else { return nil }
                return survey.finding(self, "regExValidator of \"\(visit.node.identifier)\": \"\(validator.pattern)\" is not a valid regular expression: \(error.message) at character \(error.offset + 1) (checked as ECMA-262)",
                                      at: validator.pointer.appending("pattern"))
            }
        }
    }
}
