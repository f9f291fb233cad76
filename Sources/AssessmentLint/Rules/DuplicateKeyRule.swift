import AssessmentModel
import JSONCore

/// Reports an object member written twice: phones keep only the last value.
struct DuplicateKeyRule: LintRule {
    let id = LintRuleID.duplicateKey
    let severity = LintSeverity.error
    let summary = "an object repeats a key (phones keep only the last value)"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        let map = survey.document.sourceMap
        return survey.document.duplicateKeys.map { duplicate in
            let pointer = duplicate.object.appending(duplicate.key)
            // The name as written without escapes: its length spans the quoted key (escaped keys get a near end).
            let length = JSONWriter.compact.string(.string(duplicate.key)).utf8.count
            func span(_ start: SourcePosition) -> SourceRange { SourceRange(start: start, end: map?.position(ofOffset: start.offset + length) ?? start) }
            return Finding(rule: id, severity: severity,
                           message: "key \"\(duplicate.key)\" is repeated in the same object; phones keep only the last value",
                           pointer: pointer, range: span(duplicate.position),
                           notes: [Finding.Note(message: "first occurrence", range: span(duplicate.firstPosition))])
        }
    }
}
