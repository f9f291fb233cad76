/// Reports choice values and `matchingAnswer`s whose JSON type does not fit the question's
/// `baseType` or input type.
public struct ValueTypeMismatchRule: LintRule {
    public let id = LintRuleID.valueTypeMismatch
    public let severity = LintSeverity.error
    public let summary = "a choice value or matchingAnswer does not have the question's answer type"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question, let type = question.answerType else { continue }
            for choice in question.choices ?? [] {
                guard let value = choice.value, value != .null, !value.primitiveType.satisfies(type) else { continue }
                findings.append(survey.finding(self, "choice value \(value) of \"\(visit.node.identifier)\" is \(value.primitiveType.withArticle) but baseType is \"\(type)\"",
                                               at: choice.pointer.appending("value")))
            }
            for rule in question.surveyRules {
                guard let answer = rule.matchingAnswer, answer != .null else { continue }
                let fits: Bool
                if case .array(let elements) = answer {
                    fits = !question.isSingleChoice && question.kind(is: .choice) && elements.allSatisfy { $0.primitiveType.satisfies(type) }
                } else {
                    fits = answer.primitiveType.satisfies(type)
                }
                if !fits {
                    findings.append(survey.finding(self, "matchingAnswer \(answer) of a rule of \"\(visit.node.identifier)\" is \(answer.primitiveType.withArticle) but answers are \(question.isSingleChoice || !question.kind(is: .choice) ? type.withArticle : "arrays of \(type)")s; the rule can never match",
                                                   at: rule.pointer.appending("matchingAnswer")))
                }
            }
        }
        return findings
    }
}

extension Question {
    enum Shape { case choice, simple }

    func kind(is shape: Shape) -> Bool { (choices != nil) == (shape == .choice) }
}
