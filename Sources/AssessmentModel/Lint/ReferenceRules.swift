import JSONCore

/// Reports input items whose `type` the reference does not know (`boolean`, `date`, `height`… of
/// older formats): the apps fail to load the survey.
public struct UnknownInputTypeRule: LintRule {
    public let id = "unknown-input-type"
    public let severity = LintSeverity.error
    public let summary = "an input item's \"type\" is not one the apps know (they fail to load the survey)"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit -> [Finding] in
            guard let question = visit.node.question else { return [] }
            return question.allInputItems.compactMap { item in
                guard case .unknown(let type) = item.type else { return nil }
                let known = InputItemType.knownNames
                let hint = Suggestion.closest(to: type, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
                return survey.finding(self, "input type \"\(type)\" of \"\(visit.node.identifier)\" is not one the apps know, so they fail to load the survey (known input types: \(known.joined(separator: ", ")))\(hint)",
                                      at: item.pointer.appending("type"))
            }
        }
    }
}

/// Reports input items of a multiple-input question that answer under the same key (their
/// `identifier`, else their index, as the reference does): one answer would overwrite the other.
public struct InputIdentifierRule: LintRule {
    public let id = "input-identifier"
    public let severity = LintSeverity.error
    public let summary = "two input items of a multipleInputQuestion answer under the same identifier"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            guard let question = visit.node.question, let items = question.inputItems else { continue }
            var seen: [String: InputItem] = [:]
            for (key, item) in zip(question.inputKeys, items) {
                if let first = seen[key] {
                    findings.append(survey.finding(self, "input items of \"\(visit.node.identifier)\" both answer under \"\(key)\"; one answer would overwrite the other",
                                                   at: item.identifier == nil ? item.pointer : item.pointer.appending("identifier"),
                                                   notes: [survey.note("first used here", at: first.pointer)]))
                } else {
                    seen[key] = item
                }
            }
        }
        return findings
    }
}

/// Reports `transform` and `transformableAssessment` nodes whose resource file is missing or is not a
/// survey node (checked when lint knows where resources are).
public struct UnresolvedTransformRule: LintRule {
    public let id = "unresolved-transform"
    public let severity = LintSeverity.error
    public let summary = "a transform's resourceName names no readable file in the resources folder"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        guard let resources = survey.resources else { return [] }
        let nodes = [survey.assessment] + survey.visits.map(\.node)
        return nodes.compactMap { node in
            guard let name = node.resourceName, case .failure(let error) = resources.node(named: name, at: node.pointer) else { return nil }
            return survey.finding(self, "\(node.kind) \"\(node.identifier)\": \(error)", at: node.pointer.appending("resourceName"))
        }
    }
}

/// Reports choice questions without `baseType`: a warning when every choice value has one JSON type
/// (the apps infer it), an error when they differ (no type fits every answer).
public struct MissingBaseTypeRule: LintRule {
    public let id = "missing-base-type"
    public let severity = LintSeverity.warning
    public let summary = "a choice question has no baseType (error when its choice values have different JSON types)"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.compactMap { visit in
            guard visit.node.kind == .choiceQuestion, let question = visit.node.question, question.baseTypeName == nil else { return nil }
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

/// Reports a `regExValidator` whose pattern is not a regular expression (checked as ECMA-262, which
/// the apps' ICU and java.util.regex accept nearly all of), and one on an input that is not a
/// string, which the apps ignore.
public struct RegExValidatorRule: LintRule {
    public let id = "regex-validator"
    public let severity = LintSeverity.warning
    public let summary = "a regExValidator pattern is not a valid regular expression, or sits on an input that is not a string"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
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
