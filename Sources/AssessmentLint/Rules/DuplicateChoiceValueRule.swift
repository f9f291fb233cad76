import AssessmentModel
import JSONCore

/// Reports two choices of one question with the same value: the answer cannot tell them apart.
struct DuplicateChoiceValueRule: LintRule {
    let id = LintRuleID.duplicateChoiceValue
    let severity = LintSeverity.error
    let summary = "two choices of a question have the same value"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            var first: [JSONValue: Choice] = [:]
            for choice in visit.node.question?.choices ?? [] {
                guard let value = choice.value else { continue }
                if let earlier = first[value] {
                    findings.append(survey.finding(
                        self, "choices \"\(earlier.text ?? "?")\" and \"\(choice.text ?? "?")\" of \"\(visit.node.identifier)\" both have the value \(value); the answer cannot tell them apart",
                        at: choice.pointer.appending("value"),
                        notes: [survey.note("first choice with value \(value)", at: earlier.pointer.appending("value"))]))
                } else {
                    first[value] = choice
                }
            }
        }
        return findings
    }
}
