import JSONCore

/// Reports two choices of one question with the same value: the answer cannot tell them apart.
public struct DuplicateChoiceValueRule: LintRule {
    public let id = "duplicate-choice-value"
    public let severity = LintSeverity.error
    public let summary = "two choices of a question have the same value"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
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

/// Reports choice questions without choices.
public struct EmptyChoicesRule: LintRule {
    public let id = "empty-choices"
    public let severity = LintSeverity.error
    public let summary = "a choice question has no choices"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.compactMap { visit in
            guard visit.node.kind == .choiceQuestion, let choices = visit.node.question?.choices, choices.isEmpty else { return nil }
            return survey.finding(self, "choice question \"\(visit.node.identifier)\" has no choices", at: visit.node.pointer.appending("choices"))
        }
    }
}

/// Reports `all`/`exclusive` selectors on single-choice questions, where they mean nothing.
public struct SelectorOnSingleChoiceRule: LintRule {
    public let id = "selector-on-single-choice"
    public let severity = LintSeverity.error
    public let summary = "an all or exclusive selector on a single-choice question"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit -> [Finding] in
            guard let question = visit.node.question, question.isSingleChoice else { return [] }
            return (question.choices ?? []).compactMap { choice in
                guard choice.selectorType == .all || choice.selectorType == .exclusive else { return nil }
                return survey.finding(self, "selectorType \"\(choice.selectorType)\" on choice \"\(choice.text ?? "?")\" has no effect: \"\(visit.node.identifier)\" is single choice (set \"singleChoice\": false)",
                                      at: choice.pointer.appending("selectorType"))
            }
        }
    }
}

/// Reports choice values and `matchingAnswer`s whose JSON type does not fit the question's
/// `baseType` or input type.
public struct ValueTypeRule: LintRule {
    public let id = "value-type-mismatch"
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
                guard let answer = rule.matchingAnswer, answer != .null, !Self.fits(answer, question: question, type: type) else { continue }
                let arrays = !question.isSingleChoice && question.kind(is: .choice)
                let wrong = answer.arrayValue.flatMap { $0.first { !$0.primitiveType.satisfies(type) } } ?? answer
                let what = wrong == answer ? "is \(answer.primitiveType.withArticle)" : "holds \(wrong.primitiveType.withArticle)"
                let fix = Self.converted(answer, to: type).flatMap { Self.fits($0, question: question, type: type) ? "; write \($0)" : nil } ?? ""
                findings.append(survey.finding(self, "matchingAnswer \(answer) of a rule of \"\(visit.node.identifier)\" \(what) but answers are \(arrays ? "arrays of \(type.plural)" : type.plural), so the rule can never match\(fix)",
                                               at: rule.pointer.appending("matchingAnswer")))
            }
        }
        return findings
    }
}

extension ValueTypeRule {
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

/// Reports rules of a choice question (without `other`) whose `matchingAnswer` is none of the
/// choices: the rule can never match.
public struct UnmatchableAnswerRule: LintRule {
    public let id = "unmatchable-answer"
    public let severity = LintSeverity.error
    public let summary = "a rule's matchingAnswer is not among the choices, so it can never match"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question, let choices = question.choices, question.other == nil, question.isSingleChoice else { continue }
            let values = choices.compactMap(\.value)
            for rule in question.surveyRules where rule.ruleOperator == .equal {
                guard let answer = rule.matchingAnswer, answer != .null, answer.arrayValue == nil else { continue }
                // A matchingAnswer of the wrong type is value-type-mismatch's finding (one finding, with its fix).
                if let type = question.answerType, !ValueTypeRule.fits(answer, question: question, type: type) { continue }
                guard !values.contains(where: { AnswerComparison.equal($0, answer, question: question) }) else { continue }
                let listed = values.map(\.description).joined(separator: ", ")
                findings.append(survey.finding(self, "rule of \"\(visit.node.identifier)\" matches \(answer), which is none of its choices (\(listed)); it can never fire, so \"\(rule.skipToIdentifier ?? "?")\" is never reached this way",
                                               at: rule.pointer.appending("matchingAnswer")))
            }
        }
        return findings
    }
}

/// Reports `lt`/`gt`/`le`/`ge` rules comparing booleans, arrays or null: they are always false.
public struct OrderingOperatorRule: LintRule {
    public let id = "ordering-on-unordered"
    public let severity = LintSeverity.error
    public let summary = "lt, gt, le or ge on a boolean, array or null comparison (always false)"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question else { continue }
            let answersAreArrays = question.choices != nil && !question.isSingleChoice
            for rule in question.surveyRules where rule.ruleOperator.isOrdering {
                let expected = rule.comparedValue
                let unordered: String?
                switch expected {
                case .bool, .array, .null, .object: unordered = "\(expected.primitiveType.withArticle) matchingAnswer"
                default: unordered = answersAreArrays ? "multiple-choice answers (arrays)" : (question.answerType == .boolean ? "boolean answers" : nil)
                }
                guard let what = unordered else { continue }
                findings.append(survey.finding(self, "\"\(rule.ruleOperator)\" in a rule of \"\(visit.node.identifier)\" compares \(what); ordering only applies to numbers and strings, so the rule never matches",
                                               at: rule.hasExplicitOperator ? rule.pointer.appending("ruleOperator") : rule.pointer))
            }
        }
        return findings
    }
}

/// Reports rules that can never fire because an earlier rule of the same question already
/// matches every answer they would match (the first matching rule wins).
public struct ShadowedRuleRule: LintRule {
    public let id = "shadowed-rule"
    public let severity = LintSeverity.warning
    public let summary = "a rule is shadowed by an earlier rule that matches the same answers"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question else { continue }
            let rules = question.surveyRules
            for (index, rule) in rules.enumerated() {
                // Only rules that match a single answer can be proven shadowed by testing that answer.
                guard rule.ruleOperator == .equal else { continue }
                let answer = rule.comparedValue
                guard let earlier = rules.prefix(index).first(where: { AnswerComparison.matches($0, answer: answer, question: question) }) else { continue }
                findings.append(survey.finding(self, "rule matching \(answer) in \"\(visit.node.identifier)\" never fires: the earlier rule \"\(earlier.ruleOperator) \(earlier.comparedValue)\" already matches that answer",
                                               at: rule.pointer, notes: [survey.note("earlier rule", at: earlier.pointer)]))
            }
        }
        return findings
    }
}
