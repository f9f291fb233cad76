import JSONCore

/// A `surveyRules` entry: where to go when this question's answer matches.
public struct SurveyRule: Sendable, Hashable {
    /// The target; `nil` when the rule lacks `skipToIdentifier` (an error lint reports).
    public var skipToIdentifier: String?
    /// The value to compare with; `nil` when the key is absent (which means `null`).
    public var matchingAnswer: JSONValue?
    /// The comparison; `eq` when absent.
    public var ruleOperator: RuleOperator
    /// Whether `ruleOperator` was written.
    public var hasExplicitOperator: Bool
    /// Members the model does not know, kept for round trips.
    public var extra: JSONObject
    /// Where the rule is.
    public var pointer: JSONPointer

    /// The target as a navigation target.
    public var target: NavigationTarget? { skipToIdentifier.map(NavigationTarget.init) }

    /// The value compared with: `matchingAnswer`, or `null` when absent.
    public var comparedValue: JSONValue { matchingAnswer ?? .null }

    /// A rule from its parts; a `nil` operator is an absent one (compared with `eq`).
    public init(skipToIdentifier: String?, matchingAnswer: JSONValue? = nil, ruleOperator: RuleOperator? = nil,
                extra: JSONObject = JSONObject(), pointer: JSONPointer = .root) {
        self.skipToIdentifier = skipToIdentifier
        self.matchingAnswer = matchingAnswer
        self.ruleOperator = ruleOperator ?? .equal
        hasExplicitOperator = ruleOperator != nil
        self.extra = extra
        self.pointer = pointer
    }

}

/// The kinds of input item the reference implementation and the published schema name.
public enum InputItemType: Sendable, Hashable, CustomStringConvertible {
    /// A text or number field (`duration` answers are seconds, `time` answers `HH:mm[:ss]`).
    case string, integer, number, year, duration, time
    /// A checkbox of a multiple-input question (`identifier` and `label`); its answer is a boolean.
    case checkbox
    /// A type the reference does not know (`boolean`, `date`, `height`… of older formats): apps fail to load it.
    case unknown(String)

    static let names: [(String, InputItemType)] = [
        ("string", .string), ("integer", .integer), ("number", .number), ("year", .year), ("duration", .duration),
        ("time", .time), ("checkbox", .checkbox),
    ]

    /// Every known input type name.
    public static var knownNames: [String] { names.map(\.0) }

    /// Reads an input item `type`.
    public init(_ text: String) {
        self = InputItemType.names.first { $0.0 == text }?.1 ?? .unknown(text)
    }

    /// The JSON type of answers of this input (`year` answers are integers, `time` answers strings).
    public var answerType: JSONPrimitiveType? {
        switch self {
        case .string, .time: return .string
        case .integer, .year: return .integer
        case .number, .duration: return .number
        case .checkbox: return .boolean
        case .unknown: return nil
        }
    }

    /// The name as written in JSON.
    public var description: String {
        if case .unknown(let text) = self { return text }
        return InputItemType.names.first { $0.1 == self }?.0 ?? "?"
    }
}

/// A text input item: the answer's type, its bounds and display hints.
public struct InputItem: Sendable, Hashable {
    /// The input type (`string`, `integer`, `year`, …); `string` when absent.
    public var type: InputItemType
    /// The item's own identifier (rarely written).
    public var identifier: String?
    /// A label shown beside the field.
    public var fieldLabel: String?
    /// Hint text shown in the empty field.
    public var placeholder: String?
    /// A checkbox's label.
    public var label: String?
    /// `formatOptions` as written (bounds such as `minimumValue`, `maximumYear`, `allowFuture`).
    public var formatOptions: JSONObject?
    /// `optional` as written: `false` makes a multiple-input item required.
    public var optional: Bool?
    /// The longest string answer allowed (`characterLimit`), as written.
    public var characterLimit: JSONNumber?
    /// A string input's `regExValidator`, when it is an object with a string `pattern`.
    public var regExValidator: RegExValidator?
    /// Members the model does not know, kept for round trips.
    public var extra: JSONObject
    /// Where the item is.
    public var pointer: JSONPointer

    /// An item of `type` with no other members.
    public init(type: InputItemType = .string, pointer: JSONPointer = .root) {
        self.type = type
        extra = JSONObject()
        self.pointer = pointer
    }

    /// Whether the item says `"optional": false`: a multiple-input answer must then give it a value.
    public var isRequired: Bool { optional == false }

    /// A numeric bound from `formatOptions` (`minimumValue`, `maximumYear`, …).
    public func bound(_ key: String) -> JSONNumber? { formatOptions?[key]?.numberValue }

    /// A boolean option from `formatOptions` (`allowFuture`, `allowPast`).
    public func flag(_ key: String) -> Bool? { formatOptions?[key]?.boolValue }

}

/// How selecting a choice affects the others.
public enum SelectorType: Sendable, Hashable, CustomStringConvertible {
    /// A known selector: plain, select-all, or clear-the-others.
    case `default`, all, exclusive
    /// A selector the format does not define.
    case unknown(String)

    private static let names: [(String, SelectorType)] = [("default", .default), ("all", .all), ("exclusive", .exclusive)]

    /// Reads a `selectorType` value.
    public init(_ text: String) { self = SelectorType.names.first { $0.0 == text }?.1 ?? .unknown(text) }

    /// The value as written in JSON.
    public var description: String {
        if case .unknown(let text) = self { return text }
        return SelectorType.names.first { $0.1 == self }?.0 ?? "?"
    }
}

/// One choice of a choice question.
public struct Choice: Sendable, Hashable {
    /// The answer recorded for it; `nil` when absent (selecting it answers `null`).
    public var value: JSONValue?
    /// The label shown to the participant.
    public var text: String?
    /// How selecting it affects the others; `default` when absent.
    public var selectorType: SelectorType
    /// Whether `selectorType` was written (kept so re-encoding does not add it).
    public var hasExplicitSelector: Bool
    /// Members the model does not type (e.g. `detail`, `icon`), kept for round trips.
    public var extra: JSONObject
    /// Where the choice is.
    public var pointer: JSONPointer

    /// A choice from its parts; a `nil` selector is an absent one (`default`).
    public init(value: JSONValue?, text: String? = nil, selectorType: SelectorType? = nil, extra: JSONObject = JSONObject(),
                pointer: JSONPointer = .root) {
        self.value = value
        self.text = text
        self.selectorType = selectorType ?? .default
        hasExplicitSelector = selectorType != nil
        self.extra = extra
        self.pointer = pointer
    }

}

/// What a question step adds to a node: its rules, display hints and exactly one kind of input.
public struct Question: Sendable, Hashable {
    /// Navigation rules, in order (the first match wins).
    public var surveyRules: [SurveyRule]
    /// How the designer wants the question shown (`likert`, `slider`, `checkbox`, …).
    public var uiHint: String?
    /// Whether going forward without an answer is allowed.
    public var optional: Bool?
    /// The input: what kind of question this is and what it answers.
    public var input: Input

    /// A question's input, one per question type.
    public enum Input: Sendable, Hashable {
        /// `simpleQuestion`: one input item (`nil` when missing, which neither engine can decode).
        case simple(InputItem?)
        /// `choiceQuestion`: choices of a base type.
        case choice(ChoiceInput)
        /// `multipleInputQuestion`: several items, answered as an object keyed by item (`nil` when missing).
        case multiple([InputItem]?)
    }

    /// A question with `input` and no rules or hints.
    public init(input: Input, surveyRules: [SurveyRule] = [], uiHint: String? = nil, optional: Bool? = nil) {
        self.input = input
        self.surveyRules = surveyRules
        self.uiHint = uiHint
        self.optional = optional
    }

    /// The question's node type.
    public var kind: NodeKind {
        switch input {
        case .simple: return .simpleQuestion
        case .choice: return .choiceQuestion
        case .multiple: return .multipleInputQuestion
        }
    }

    /// Simple questions: the input item.
    public var inputItem: InputItem? {
        if case .simple(let item) = input { return item }
        return nil
    }

    /// Multiple-input questions: the input items, each answering under its key (see ``inputKeys``).
    public var inputItems: [InputItem]? {
        if case .multiple(let items) = input { return items }
        return nil
    }

    /// Choice questions: the choices, base type and `other` field.
    public var choiceInput: ChoiceInput? {
        if case .choice(let choice) = input { return choice }
        return nil
    }

    /// The member name each multiple-input item answers under: its `identifier`, else its index
    /// (`"0"`, `"1"`…), as the reference does.
    public var inputKeys: [String] {
        (inputItems ?? []).enumerated().map { $0.element.identifier ?? String($0.offset) }
    }

    /// Every input item of the question: `inputItem`, the choices' `other`, and `inputItems`.
    public var allInputItems: [InputItem] {
        [inputItem, other].compactMap { $0 } + (inputItems ?? [])
    }

    /// Choice questions: the JSON type of choice values.
    public var baseType: JSONPrimitiveType? { choiceInput?.baseType }
    /// `baseType` as written (also when it names no JSON type).
    public var baseTypeName: String? { choiceInput?.baseTypeName }
    /// `singleChoice` as written; see ``isSingleChoice``.
    public var singleChoice: Bool? { choiceInput?.singleChoice }
    /// Choice questions: the choices in order.
    public var choices: [Choice]? { choiceInput?.choices }
    /// Choice questions: the "other" text field.
    public var other: InputItem? { choiceInput?.other }

    /// The JSON type of this question's answers (arrays for multiple choice hold values of this type;
    /// multiple-input answers are objects).
    public var answerType: JSONPrimitiveType? {
        switch input {
        case .simple(let item): return item?.type.answerType
        case .choice(let choice): return choice.baseType
        case .multiple: return .object
        }
    }

    /// Choice questions: the `baseType` the apps infer when it is missing (see ``ChoiceInput/inferredBaseType``).
    public var inferredBaseType: JSONPrimitiveType? { choiceInput?.inferredBaseType }

    /// True for a choice question that allows one choice only (the default).
    public var isSingleChoice: Bool { singleChoice ?? true }
}

/// A choice question's input: its choices, their base type and the optional `other` field.
public struct ChoiceInput: Sendable, Hashable {
    /// `baseType` as written (also when it names no JSON type).
    public var baseTypeName: String?
    /// `singleChoice` as written (`true` when absent).
    public var singleChoice: Bool?
    /// The choices in order (`nil` when missing, which neither engine can decode).
    public var choices: [Choice]?
    /// The "other" text field.
    public var other: InputItem?

    /// A choice input from its parts.
    public init(baseTypeName: String? = nil, singleChoice: Bool? = nil, choices: [Choice]?, other: InputItem? = nil) {
        self.baseTypeName = baseTypeName
        self.singleChoice = singleChoice
        self.choices = choices
        self.other = other
    }

    /// The JSON type of choice values: `baseType` when written, else the one the apps infer.
    public var baseType: JSONPrimitiveType? {
        baseTypeName == nil ? inferredBaseType : baseTypeName.flatMap(JSONPrimitiveType.init(rawValue:))
    }

    /// The `baseType` the apps infer when it is missing: the one JSON type of every choice value
    /// (`number` for integers mixed with decimals, `string` without values), or `nil` when they differ.
    public var inferredBaseType: JSONPrimitiveType? {
        let types = Set((choices ?? []).compactMap(\.value).filter { $0 != .null }.map(\.primitiveType))
        if types.isEmpty { return .string }
        if types == [.integer, .number] { return .number }
        return types.count == 1 ? types.first : nil
    }
}
