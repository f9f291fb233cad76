import AssessmentModel
import JSONCore

/// Reports a file that is not strict JSON, or whose root is not an object (nothing else is checked then).
struct JSONSyntaxRule: LintCheck {
    let id = LintRuleID.jsonSyntax
    let severity = LintSeverity.error
    let summary = "the file is not strict JSON"

    init() {}

    /// The one finding for a file that cannot be read as a survey.
    func finding(for error: SurveyLoadError) -> Finding {
        switch error {
        case .syntax(let parse):
            return Finding(rule: id, severity: severity, message: parse.message, pointer: .root, range: .at(parse.position))
        case .notAnObject(let found):
            return Finding(rule: id, severity: severity, message: "a survey must be a JSON object, found \(found.withArticle)",
                           pointer: .root, range: .at(SourcePosition(line: 1, column: 1, offset: 0)))
        }
    }
}
