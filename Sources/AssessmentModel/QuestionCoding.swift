import JSONCore

// A question's parts through keyed containers (see ModelCoding.swift for the lenient rules).

extension Question {
    /// The members every question has.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case surveyRules, uiHint, optional
    }

    /// A `simpleQuestion`'s input.
    enum SimpleKey: String, CodingKey, CaseIterable {
        case inputItem
    }

    /// A `multipleInputQuestion`'s input.
    enum MultipleKey: String, CodingKey, CaseIterable {
        case inputItems
    }

    /// A `choiceQuestion`'s input.
    enum ChoiceKey: String, CodingKey, CaseIterable {
        case baseType, singleChoice, choices, other
    }

    /// Decodes the question members of a node of `kind`, adding the members of the wrong type to `rejected`.
    init(kind: NodeKind, _ header: LenientMembers<Node.HeaderKey>, rejected: inout [String]) throws {
        var members = try LenientMembers(CodingKeys.self, of: header)
        let rules = members.parts(SurveyRule.self, .surveyRules) ?? []
        let uiHint = members.string(.uiHint)
        let optional = members.bool(.optional)
        rejected += members.rejected
        let input: Input
        switch kind {
        case .simpleQuestion:
            var simple = try LenientMembers(SimpleKey.self, of: members)
            input = .simple(simple.decode(InputItem.self, .inputItem, expected: .object))
            rejected += simple.rejected
        case .multipleInputQuestion:
            var multiple = try LenientMembers(MultipleKey.self, of: members)
            input = .multiple(multiple.parts(InputItem.self, .inputItems))
            rejected += multiple.rejected
        default:
            var choice = try LenientMembers(ChoiceKey.self, of: members)
            input = .choice(ChoiceInput(baseTypeName: choice.string(.baseType), singleChoice: choice.bool(.singleChoice),
                                        choices: choice.parts(Choice.self, .choices),
                                        other: choice.decode(InputItem.self, .other, expected: .object)))
            rejected += choice.rejected
        }
        self.init(input: input, surveyRules: rules, uiHint: uiHint, optional: optional)
    }

    private static let common = Set(Node.HeaderKey.allCases.map(\.rawValue)).union(CodingKeys.allCases.map(\.rawValue))
    private static let simpleKeys = common.union(SimpleKey.allCases.map(\.rawValue))
    private static let multipleKeys = common.union(MultipleKey.allCases.map(\.rawValue))
    private static let choiceKeys = common.union(ChoiceKey.allCases.map(\.rawValue))

    /// The members the model types for a question node of `kind`.
    static func knownKeys(_ kind: NodeKind) -> Set<String> {
        switch kind {
        case .simpleQuestion: return simpleKeys
        case .multipleInputQuestion: return multipleKeys
        default: return choiceKeys
        }
    }

    /// Writes the rules (when there are any), hints and input into the node being encoded.
    func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        if !surveyRules.isEmpty { try members.encode(surveyRules, forKey: .surveyRules) }
        try members.encodeIfPresent(uiHint, forKey: .uiHint)
        try members.encodeIfPresent(optional, forKey: .optional)
        switch input {
        case .simple(let item):
            var simple = encoder.container(keyedBy: SimpleKey.self)
            try simple.encodeIfPresent(item, forKey: .inputItem)
        case .multiple(let items):
            var multiple = encoder.container(keyedBy: MultipleKey.self)
            try multiple.encodeIfPresent(items, forKey: .inputItems)
        case .choice(let choice):
            var keyed = encoder.container(keyedBy: ChoiceKey.self)
            try keyed.encodeIfPresent(choice.baseTypeName, forKey: .baseType)
            try keyed.encodeIfPresent(choice.singleChoice, forKey: .singleChoice)
            try keyed.encodeIfPresent(choice.choices, forKey: .choices)
            try keyed.encodeIfPresent(choice.other, forKey: .other)
        }
    }
}

extension SurveyRule: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case skipToIdentifier, matchingAnswer, ruleOperator
    }

    private static let known = Set(CodingKeys.allCases.map(\.rawValue))

    /// Decodes a `surveyRules` element; throws when it is not an object.
    public init(from decoder: any Decoder) throws {
        var members = try LenientMembers(decoder, CodingKeys.self, part: "a survey rule")
        let operatorText = members.string(.ruleOperator)
        self.init(skipToIdentifier: members.string(.skipToIdentifier), matchingAnswer: members.value(.matchingAnswer),
                  ruleOperator: operatorText.map(RuleOperator.init), pointer: decoder.jsonPointer)
        extra = members.extra(known: SurveyRule.known)
    }

    /// Writes the typed members (`ruleOperator` only when it was written), then ``extra``.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encodeIfPresent(skipToIdentifier, forKey: .skipToIdentifier)
        try members.encodeIfPresent(matchingAnswer, forKey: .matchingAnswer)
        if hasExplicitOperator { try members.encode(ruleOperator.description, forKey: .ruleOperator) }
        try encoder.encode(extra: extra)
    }
}

extension Choice: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case value, text, selectorType
    }

    private static let known = Set(CodingKeys.allCases.map(\.rawValue))

    /// Decodes a `choices` element; throws when it is not an object.
    public init(from decoder: any Decoder) throws {
        var members = try LenientMembers(decoder, CodingKeys.self, part: "a choice")
        self.init(value: members.value(.value), text: members.string(.text),
                  selectorType: members.string(.selectorType).map(SelectorType.init), pointer: decoder.jsonPointer)
        extra = members.extra(known: Choice.known)
    }

    /// Writes the typed members (`selectorType` only when it was written), then ``extra``.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encodeIfPresent(value, forKey: .value)
        try members.encodeIfPresent(text, forKey: .text)
        if hasExplicitSelector { try members.encode(selectorType.description, forKey: .selectorType) }
        try encoder.encode(extra: extra)
    }
}

extension InputItem: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, identifier, fieldLabel, placeholder, label, formatOptions, optional, characterLimit, regExValidator
    }

    private static let known = Set(CodingKeys.allCases.map(\.rawValue))

    /// Decodes an input item; throws when it is not an object. A `regExValidator` without a string
    /// `pattern` is kept in ``extra`` unreported, as the apps ignore it.
    public init(from decoder: any Decoder) throws {
        var members = try LenientMembers(decoder, CodingKeys.self, part: "an input item")
        self.init(type: InputItemType(members.string(.type) ?? "string"), pointer: decoder.jsonPointer)
        identifier = members.string(.identifier)
        fieldLabel = members.string(.fieldLabel)
        placeholder = members.string(.placeholder)
        label = members.string(.label)
        formatOptions = members.object(.formatOptions)
        optional = members.bool(.optional)
        characterLimit = members.number(.characterLimit)
        regExValidator = try? members.keyed.decodeIfPresent(RegExValidator.self, forKey: .regExValidator)
        let ignored = members.keyed.contains(.regExValidator) && regExValidator == nil ? ["regExValidator"] : []
        extra = LenientMembers<CodingKeys>.extra(of: decoder, known: InputItem.known, rejected: members.rejected + ignored)
    }

    /// Writes the typed members, then ``extra``.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(type.description, forKey: .type)
        try members.encodeIfPresent(identifier, forKey: .identifier)
        try members.encodeIfPresent(fieldLabel, forKey: .fieldLabel)
        try members.encodeIfPresent(placeholder, forKey: .placeholder)
        try members.encodeIfPresent(label, forKey: .label)
        try members.encodeIfPresent(formatOptions, forKey: .formatOptions)
        try members.encodeIfPresent(optional, forKey: .optional)
        try members.encodeIfPresent(characterLimit, forKey: .characterLimit)
        try members.encodeIfPresent(regExValidator, forKey: .regExValidator)
        try encoder.encode(extra: extra)
    }
}

extension RegExValidator: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case pattern, invalidMessage
    }

    private static let known = Set(CodingKeys.allCases.map(\.rawValue))

    /// Decodes a validator; throws unless it is an object with a string `pattern`.
    public init(from decoder: any Decoder) throws {
        var members = try LenientMembers(decoder, CodingKeys.self, part: "a regular expression validator")
        let pattern = try members.keyed.decode(String.self, forKey: .pattern)
        self.init(pattern: pattern, invalidMessage: members.string(.invalidMessage), pointer: decoder.jsonPointer)
        extra = members.extra(known: RegExValidator.known)
    }

    /// Writes `pattern`, `invalidMessage`, then ``extra``.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(pattern, forKey: .pattern)
        try members.encodeIfPresent(invalidMessage, forKey: .invalidMessage)
        try encoder.encode(extra: extra)
    }
}
