import AssessmentModel
import JSONCore

/// Reports choice values and `matchingAnswer`s whose JSON type does not fit the question's
/// `baseType` or input type.
struct ValueTypeMismatchRule: LintRule {
    let id = LintRuleID.valueTypeMismatch
    let severity = LintSeverity.error
    let summary = "a choice value or matchingAnswer does not have the question's answer type"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question, let type = question.answerType else { continue }
            for choice in question.choices ?? [] {
                guard let value = choice.value, value != .null, !value.primitiveType.satisfies(type) else { continue }
                let fixed = Self.converted(value, to: type), pointer = choice.pointer.appending("value")
                findings.append(survey.finding(self, "choice value \(value) of \"\(visit.node.identifier)\" is \(value.primitiveType.withArticle) but baseType is \"\(type)\"\(fixed.map { "; write \($0)" } ?? "")",
                                               at: pointer, fixes: fixed.map { survey.replacing(pointer, with: $0) } ?? []))
            }
            for rule in question.surveyRules {
                guard let answer = rule.matchingAnswer, answer != .null, !Self.fits(answer, question: question, type: type) else { continue }
                let arrays = !question.isSingleChoice && question.kind(is: .choice)
                let wrong = answer.arrayValue.flatMap { $0.first { !$0.primitiveType.satisfies(type) } } ?? answer
                let what = wrong == answer ? "is \(answer.primitiveType.withArticle)" : "holds \(wrong.primitiveType.withArticle)"
                let fixed = Self.converted(answer, to: type).flatMap { Self.fits($0, question: question, type: type) ? $0 : nil }
                let pointer = rule.pointer.appending("matchingAnswer")
                findings.append(survey.finding(self, "matchingAnswer \(answer) of a rule of \"\(visit.node.identifier)\" \(what) but answers are \(arrays ? "arrays of \(type.plural)" : type.plural), so the rule can never match\(fixed.map { "; write \($0)" } ?? "")",
                                               at: pointer, fixes: fixed.map { survey.replacing(pointer, with: $0) } ?? []))
            }
        }
        return findings
    }
}

extension ValueTypeMismatchRule {
    /// Whether a rule's `matchingAnswer` has the question's answer type (arrays of it for multiple choice).
    static func fits(_ answer: JSONValue, question: Question, type: JSONPrimitiveType) -> Bool {
        if case .array(let elements) = answer {
            return !question.isSingleChoice && question.kind(is: .choice) && elements.allSatisfy { $0.primitiveType.satisfies(type) }
        }
        return answer.primitiveType.satisfies(type)
    }

    /// `value` written as a `type` (the string "1" as 1, 2 as "2", "true" as true; arrays element by element), when it reads as one.
    static func converted(_ value: JSONValue, to type: JSONPrimitiveType) -> JSONValue? {
        switch (value, type) {
        case (.array(let elements), _):
            let converted = elements.map { $0.primitiveType.satisfies(type) ? $0 : Self.converted($0, to: type) }
            return converted.contains(nil) ? nil : .array(converted.compactMap { $0 })
        case (.string(let text), .integer), (.string(let text), .number):
            guard let number = JSONNumber(lexeme: text), JSONValue.number(number).primitiveType.satisfies(type) else { return nil }
            return .number(number)
        case (.string("true"), .boolean): return .bool(true)
        case (.string("false"), .boolean): return .bool(false)
        case (.number, .string), (.bool, .string): return .string(value.description)
        default: return nil
        }
    }
}

extension Question {
    enum Shape { case choice, simple }

    func kind(is shape: Shape) -> Bool { (choices != nil) == (shape == .choice) }
}
