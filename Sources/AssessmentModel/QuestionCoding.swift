import JSONCore

extension Question {
    /// The members every question has.
    enum CodingKeys: String, CodingKey, CaseIterable { case surveyRules, uiHint, optional }
    /// A `simpleQuestion`'s input.
    enum SimpleKey: String, CodingKey, CaseIterable { case inputItem }
    /// A `multipleInputQuestion`'s input.
    enum MultipleKey: String, CodingKey, CaseIterable { case inputItems }
    /// A `choiceQuestion`'s input.
    enum ChoiceKey: String, CodingKey, CaseIterable { case baseType, singleChoice, choices, other }

    private static let choiceFields: [Field<ChoiceInput, ChoiceKey>] = [
        .string(.baseType, \.baseTypeName), .bool(.singleChoice, \.singleChoice), .parts(.choices, \.choices), .part(.other, \.other),
    ]

    /// Decodes the question members of a node of `kind`.
    init(kind: NodeKind, _ members: inout LenientMembers) throws {
        surveyRules = members.parts(SurveyRule.self, CodingKeys.surveyRules) ?? []
        uiHint = members.string(CodingKeys.uiHint)
        optional = members.bool(CodingKeys.optional)
        switch kind {
        case .simpleQuestion: input = .simple(members.decode(InputItem.self, SimpleKey.inputItem))
        case .multipleInputQuestion: input = .multiple(members.parts(InputItem.self, MultipleKey.inputItems))
        default: input = .choice(try members.read(Question.choiceFields, into: ChoiceInput()))
        }
    }

    /// Writes the rules (when there are any), hints and input into the node being encoded.
    func encode(to encoder: any Encoder) throws {
        try encoder.encode(surveyRules.isEmpty ? nil : surveyRules, forKey: CodingKeys.surveyRules)
        try encoder.encode(uiHint, forKey: CodingKeys.uiHint)
        try encoder.encode(optional, forKey: CodingKeys.optional)
        switch input {
        case .simple(let item): try encoder.encode(item, forKey: SimpleKey.inputItem)
        case .multiple(let items): try encoder.encode(items, forKey: MultipleKey.inputItems)
        case .choice(let choice): try encoder.encode(Question.choiceFields, of: choice)
        }
    }
}

extension SurveyRule: ObjectPart {
    enum CodingKeys: String, CodingKey, CaseIterable { case skipToIdentifier, matchingAnswer, ruleOperator }
    static let partName = "a survey rule"
    static let fields: [Field<SurveyRule, CodingKeys>] = [
        .string(.skipToIdentifier, \.skipToIdentifier), .value(.matchingAnswer, \.matchingAnswer),
        .name(.ruleOperator, \.writtenOperator, RuleOperator.init),
    ]
    init(at pointer: JSONPointer) { self.pointer = pointer }
}

extension Choice: ObjectPart {
    enum CodingKeys: String, CodingKey, CaseIterable { case value, text, selectorType }
    static let partName = "a choice"
    static let fields: [Field<Choice, CodingKeys>] = [
        .value(.value, \.value), .string(.text, \.text), .name(.selectorType, \.writtenSelector, SelectorType.init),
    ]
    init(at pointer: JSONPointer) { self.pointer = pointer }
}

extension InputItem: ObjectPart {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, identifier, fieldLabel, placeholder, label, formatOptions, optional, characterLimit, regExValidator
    }

    static let partName = "an input item"
    /// `type` is always written; a `regExValidator` without a string `pattern` is kept in `extra` unreported, as
    /// the apps ignore it.
    static let fields: [Field<InputItem, CodingKeys>] = [
        .always(.type, \.type, get: { $0.string($1).map(InputItemType.init) }, put: \.description),
        .string(.identifier, \.identifier), .string(.fieldLabel, \.fieldLabel), .string(.placeholder, \.placeholder),
        .string(.label, \.label), .part(.formatOptions, \.formatOptions), .bool(.optional, \.optional),
        .number(.characterLimit, \.characterLimit),
        .member(.regExValidator, \.regExValidator, get: { $0.decode(RegExValidator.self, $1, reporting: false) }, put: { $0 }),
    ]
    init(at pointer: JSONPointer) { self.init(pointer: pointer) }
}

extension FormatOptions: ObjectPart {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case minimumValue, maximumValue, stepInterval, maximumFractionDigits, minimumYear, maximumYear, allowFuture, allowPast
        case minimumLabel, maximumLabel
    }

    static let partName = "formatOptions"
    static let fields: [Field<FormatOptions, CodingKeys>] = [
        .value(.minimumValue, \.minimumValue), .value(.maximumValue, \.maximumValue), .number(.stepInterval, \.stepInterval),
        .number(.maximumFractionDigits, \.maximumFractionDigits), .number(.minimumYear, \.minimumYear),
        .number(.maximumYear, \.maximumYear), .bool(.allowFuture, \.allowFuture), .bool(.allowPast, \.allowPast),
        .string(.minimumLabel, \.minimumLabel), .string(.maximumLabel, \.maximumLabel),
    ]
    init(at pointer: JSONPointer) { self.init() }
}

extension RegExValidator: ObjectPart {
    enum CodingKeys: String, CodingKey, CaseIterable { case pattern, invalidMessage }
    static let partName = "a regular expression validator"
    /// `pattern` is required: a validator without a string one does not decode.
    static let fields: [Field<RegExValidator, CodingKeys>] = [
        .always(.pattern, \.pattern, get: { members, key in
            guard let pattern = members.value(key)?.stringValue else { throw JSONDecodingError(.missingKey(key.rawValue), at: members.decoder.jsonPointer) }
            members.accept(key)
            return pattern
        }, put: { $0 }),
        .string(.invalidMessage, \.invalidMessage),
    ]
    init(at pointer: JSONPointer) { self.pointer = pointer }
}
