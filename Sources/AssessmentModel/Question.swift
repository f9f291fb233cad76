import ECMARegex
import JSONCore

/// A `surveyRules` entry: where to go when this question's answer matches.
public struct SurveyRule: Sendable, Hashable {
    /// The target; `nil` when the rule lacks `skipToIdentifier` (an error lint reports).
    public var skipToIdentifier: String?
    /// The value to compare with; `nil` when the key is absent (which means `null`).
    public var matchingAnswer: JSONValue?
    /// `ruleOperator` as written; `nil` when absent (see ``ruleOperator``).
    public var writtenOperator: RuleOperator?
    /// Members the model does not know, kept for round trips, and where the rule is.
    public var extra = JSONObject(), pointer = JSONPointer.root

    /// A rule from its parts; a `nil` operator is an absent one (compared with `eq`).
    public init(skipToIdentifier: String? = nil, matchingAnswer: JSONValue? = nil, ruleOperator: RuleOperator? = nil) {
        (self.skipToIdentifier, self.matchingAnswer, writtenOperator) = (skipToIdentifier, matchingAnswer, ruleOperator)
    }

    /// The comparison: ``writtenOperator``, `eq` when absent.
    public var ruleOperator: RuleOperator { writtenOperator ?? .equal }
    /// The target as a navigation target.
    public var target: NavigationTarget? { skipToIdentifier.map(NavigationTarget.init) }
    /// The value compared with: `matchingAnswer`, or `null` when absent.
    public var comparedValue: JSONValue { matchingAnswer ?? .null }
}

/// The kinds of input item the reference implementation and the published schema name.
public enum InputItemType: NamedCases {
    /// A text or number field (`duration` answers are seconds, `time` answers `HH:mm[:ss]`), or a checkbox of a
    /// multiple-input question (`identifier` and `label`) whose answer is a boolean.
    case string, integer, number, year, duration, time, checkbox
    /// A type the reference does not know (`boolean`, `date`, `height`… of older formats): apps fail to load it.
    case unknown(String)

    /// Every known input type.
    public static let names: [(name: String, value: InputItemType)] = [
        ("string", .string), ("integer", .integer), ("number", .number), ("year", .year), ("duration", .duration),
        ("time", .time), ("checkbox", .checkbox),
    ]

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
}

/// A text input item: the answer's type, its bounds and display hints.
public struct InputItem: Sendable, Hashable {
    /// The input type (`string`, `integer`, `year`, …); `string` when absent.
    public var type: InputItemType
    /// The item's own `identifier` (rarely written), the `fieldLabel` shown beside the field, the `placeholder`
    /// hint shown in the empty field, and a checkbox's `label`.
    public var identifier, fieldLabel, placeholder, label: String?
    /// The bounds and scale labels (`formatOptions`).
    public var formatOptions: FormatOptions?
    /// `optional` (`false` makes a multiple-input item required) and the longest string answer allowed
    /// (`characterLimit`), as written.
    public var optional: Bool?, characterLimit: JSONNumber?
    /// A string input's `regExValidator`, when it is an object with a string `pattern`.
    public var regExValidator: RegExValidator?
    /// Members the model does not know, kept for round trips, and where the item is.
    public var extra = JSONObject(), pointer: JSONPointer

    /// An item of `type` with no other members.
    public init(type: InputItemType = .string, pointer: JSONPointer = .root) {
        (self.type, self.pointer) = (type, pointer)
    }

    /// Whether the item says `"optional": false`: a multiple-input answer must then give it a value.
    public var isRequired: Bool { optional == false }
}

/// An input item's `formatOptions`: the members the engines' bounds and labels come from, and the others
/// (`minInvalidMessage`, `numberStyle`…) as written.
public struct FormatOptions: Sendable, Hashable {
    /// The smallest and largest allowed answer, as written: numbers, or times (`HH:mm[:ss]`) for time inputs.
    public var minimumValue, maximumValue: JSONValue?
    /// The step between selectable values (sliders, pickers), how many decimals a number answer keeps (also used
    /// by `eq` rules), and the earliest and the latest allowed year (year inputs).
    public var stepInterval, maximumFractionDigits, minimumYear, maximumYear: JSONNumber?
    /// Whether years or times after now, and before now, are allowed.
    public var allowFuture, allowPast: Bool?
    /// The labels at the low and the high end of a scale.
    public var minimumLabel, maximumLabel: String?
    /// Members the model does not type, kept for round trips.
    public var extra = JSONObject()

    /// Options without members.
    public init() {}
}

/// A string input's `regExValidator`: answers must match `pattern` as a whole (as the reference's
/// `Regex.matches` does), else the app shows `invalidMessage`.
public struct RegExValidator: Sendable, Hashable {
    /// The pattern as written.
    public var pattern = ""
    /// What the app shows for an answer that does not match.
    public var invalidMessage: String?
    /// Where the validator is in the survey, and its other members, kept for round trips.
    public var pointer: JSONPointer, extra = JSONObject()

    /// The pattern compiled to match a whole answer, or why it cannot be: this checker knows ECMA-262
    /// syntax (the apps use ICU and java.util.regex, which accept nearly all of it).
    public func wholeAnswerRegex() -> Result<ECMARegex, RegexSyntaxError> {
        do {
            return .success(try ECMARegex("^(?:" + pattern + ")$"))
        } catch let wrapped {
            // Report the error as the pattern was written: its own offsets, without the wrapping.
            do { _ = try ECMARegex(pattern) } catch { return .failure(error) }
            return .failure(RegexSyntaxError(message: wrapped.message, offset: max(0, wrapped.offset - 4)))
        }
    }
}

/// How selecting a choice affects the others.
public enum SelectorType: NamedCases {
    /// A known selector: plain, select-all, or clear-the-others.
    case `default`, all, exclusive
    /// A selector the format does not define.
    case unknown(String)

    /// Every selector the format defines.
    public static let names: [(name: String, value: SelectorType)] = [("default", .default), ("all", .all), ("exclusive", .exclusive)]
}

/// One choice of a choice question.
public struct Choice: Sendable, Hashable {
    /// The answer recorded for it (`nil` when absent: selecting it answers `null`), and the label shown.
    public var value: JSONValue?, text: String?
    /// `selectorType` as written; `nil` when absent (see ``selectorType``).
    public var writtenSelector: SelectorType?
    /// Members the model does not type (e.g. `detail`, `icon`), kept for round trips, and where the choice is.
    public var extra = JSONObject(), pointer = JSONPointer.root

    /// How selecting it affects the others: ``writtenSelector``, `default` when absent.
    public var selectorType: SelectorType { writtenSelector ?? .default }
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

    /// Simple questions: the input item.
    public var inputItem: InputItem? { if case .simple(let item) = input { item } else { nil } }
    /// Multiple-input questions: the input items, each answering under its key (see ``inputKeys``).
    public var inputItems: [InputItem]? { if case .multiple(let items) = input { items } else { nil } }
    /// Choice questions: the choices, base type and `other` field.
    public var choiceInput: ChoiceInput? { if case .choice(let choice) = input { choice } else { nil } }
    /// Choice questions: the choices in order.
    public var choices: [Choice]? { choiceInput?.choices }
    /// Choice questions: the "other" text field.
    public var other: InputItem? { choiceInput?.other }
    /// True unless a choice question allows several choices (`"singleChoice": false`).
    public var isSingleChoice: Bool { choiceInput?.singleChoice ?? true }

    /// The member name each multiple-input item answers under: its `identifier`, else its index
    /// (`"0"`, `"1"`…), as the reference does.
    public var inputKeys: [String] { (inputItems ?? []).enumerated().map { $0.element.identifier ?? String($0.offset) } }
    /// Every input item of the question: `inputItem`, the choices' `other`, and `inputItems`.
    public var allInputItems: [InputItem] { [inputItem, other].compactMap { $0 } + (inputItems ?? []) }

    /// The JSON type of this question's answers (arrays for multiple choice hold values of this type;
    /// multiple-input answers are objects).
    public var answerType: JSONPrimitiveType? {
        switch input {
        case .simple(let item): return item?.type.answerType
        case .choice(let choice): return choice.baseType
        case .multiple: return .object
        }
    }
}

/// A choice question's input: its choices, their base type and the optional `other` field.
public struct ChoiceInput: Sendable, Hashable {
    /// `baseType` (also when it names no JSON type) and `singleChoice` (`true` when absent), as written.
    public var baseTypeName: String?, singleChoice: Bool?
    /// The choices in order (`nil` when missing, which neither engine can decode).
    public var choices: [Choice]?
    /// The "other" text field.
    public var other: InputItem?

    /// The JSON type of choice values: `baseType` when written, else the one the apps infer.
    public var baseType: JSONPrimitiveType? { baseTypeName == nil ? inferredBaseType : baseTypeName.flatMap(JSONPrimitiveType.init(rawValue:)) }

    /// The `baseType` the apps infer when it is missing: the one JSON type of every choice value
    /// (`number` for integers mixed with decimals, `string` without values), or `nil` when they differ.
    public var inferredBaseType: JSONPrimitiveType? {
        let types = Set((choices ?? []).compactMap(\.value).filter { $0 != .null }.map(\.primitiveType))
        if types.isEmpty { return .string }
        if types == [.integer, .number] { return .number }
        return types.count == 1 ? types.first : nil
    }
}
