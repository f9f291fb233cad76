import AssessmentModel
import ECMARegex
import FoundationEssentials
import JSONCore


/// Checks answers against a question (type, choices, bounds, selectors) and normalises them.
public struct AnswerChecker: Sendable {
    /// The current year, for `allowFuture` / `allowPast` on year questions.
    public let currentYear: Int
    /// The run's clock, for `allowFuture` / `allowPast` on date and date-time questions.
    public let now: Date

    /// The engine whose differences the checks follow (`nil`: this tool's default, which keeps seconds).
    public let platform: EnginePlatform?

    /// A checker whose "now" (for future and past bounds) is `now`.
    public init(now: Date, platform: EnginePlatform? = nil) {
        self.now = now
        self.platform = platform
        currentYear = Int(Timestamp.string(now).prefix(4)) ?? 1970
    }

    /// The answer to record for `value`, or why it is not acceptable.
    public func check(_ value: JSONValue, for step: Node) throws(AnswerError) -> JSONValue {
        guard let question = step.question else { throw AnswerError(step: step.identifier, problem: .notAQuestion) }
        if value == .null { return .null }
        if let choices = question.choices {
            return question.isSingleChoice
                ? try single(value, choices, question, step)
                : try multiple(value, choices, question, step)
        }
        if let items = question.inputItems { return try inputs(value, Array(zip(question.inputKeys, items)), step) }
        guard let item = question.inputItem else { return value }
        return try input(value, item, step)
    }

    private func single(_ value: JSONValue, _ choices: [Choice], _ question: Question, _ step: Node) throws(AnswerError) -> JSONValue {
        if let choice = choices.first(where: { $0.value.map { JSONValue.same($0, value) } ?? false }), let chosen = choice.value {
            return chosen
        }
        if let other = question.other { return try input(value, other, step) }
        throw AnswerError(step: step.identifier, problem: .notAChoice(value, choices: Self.values(choices)))
    }

    private func multiple(_ value: JSONValue, _ choices: [Choice], _ question: Question, _ step: Node) throws(AnswerError) -> JSONValue {
        guard case .array(let selected) = value else {
            throw AnswerError(step: step.identifier, problem: .notAnArrayOfChoices(value))
        }
        var chosen: [Int] = []
        var other: JSONValue?
        for element in selected {
            if let index = choices.firstIndex(where: { $0.value.map { JSONValue.same($0, element) } ?? false }) {
                if !chosen.contains(index) { chosen.append(index) }
            } else if let item = question.other, other == nil {
                other = try input(element, item, step)
            } else {
                throw AnswerError(step: step.identifier, problem: .notOneOfTheChoices(element, choices: Self.values(choices)))
            }
        }
        if let exclusive = chosen.first(where: { choices[$0].selectorType == .exclusive }), chosen.count > 1 || other != nil {
            throw AnswerError(step: step.identifier, problem: .exclusiveWithOthers(choice: choices[exclusive].text ?? "?"))
        }
        var selection = ChoiceSelection(choices: choices)
        chosen.forEach { selection.select($0) }
        return selection.answer(other: other)
    }

    /// A multiple-input answer: an object whose members are item keys (identifiers, else indices), each
    /// checked against its item.
    private func inputs(_ value: JSONValue, _ items: [(key: String, item: InputItem)], _ step: Node) throws(AnswerError) -> JSONValue {
        guard case .object(let members) = value else {
            throw AnswerError(step: step.identifier, problem: .notAnObjectOfInputs(value))
        }
        let names = items.map(\.key)
        var checked = JSONObject()
        for member in members {
            guard let item = items.first(where: { $0.key == member.key })?.item else {
                throw AnswerError(step: step.identifier, problem: .unknownInput(member.key, inputs: names))
            }
            checked[member.key] = member.value == .null ? .null : try input(member.value, item, step)
        }
        // Items with "optional": false must be answered (Kotlin QuestionTest's AllAnswersValid tests).
        if let missing = items.first(where: { $0.item.isRequired && (checked[$0.key] ?? .null) == .null }) {
            throw AnswerError(step: step.identifier, problem: .requiredInputMissing(missing.key))
        }
        return .object(checked)
    }

    private func input(_ value: JSONValue, _ item: InputItem, _ step: Node) throws(AnswerError) -> JSONValue {
        guard let expected = item.type.answerType else { return value }
        guard value.primitiveType.satisfies(expected) else {
            throw AnswerError(step: step.identifier, problem: .wrongType(expected: expected, input: item.type, got: value))
        }
        if case .string(let text) = value, item.type == .time {
            try checkTime(text, item, step)
            return value
        }
        if case .string(let text) = value, let limit = item.characterLimit?.intValue, text.count > limit {
            throw AnswerError(step: step.identifier, problem: .tooLong(text, limit: limit))
        }
        if case .string(let text) = value, item.type == .string, let validator = item.regExValidator,
           case .success(let regex) = validator.wholeAnswerRegex() {
            switch regex.search(text) {
            case .match: break
            case .noMatch:
                throw AnswerError(step: step.identifier, problem: .patternMismatch(text, pattern: validator.pattern, invalidMessage: validator.invalidMessage))
            case .budgetExhausted:
                throw AnswerError(step: step.identifier, problem: .patternUndecided(length: text.count, pattern: validator.pattern))
            }
        }
        guard case .number(let number) = value else { return value }
        let options = item.formatOptions
        if let minimum = options?.minimumValue?.numberValue, number < minimum {
            throw AnswerError(step: step.identifier, problem: .belowMinimum(number, minimum: minimum))
        }
        if let maximum = options?.maximumValue?.numberValue, number > maximum {
            throw AnswerError(step: step.identifier, problem: .aboveMaximum(number, maximum: maximum))
        }
        if item.type == .year {
            if let minimum = options?.minimumYear, number < minimum {
                throw AnswerError(step: step.identifier, problem: .yearBeforeMinimum(number, minimum: minimum))
            }
            if let maximum = options?.maximumYear, number > maximum {
                throw AnswerError(step: step.identifier, problem: .yearAfterMaximum(number, maximum: maximum))
            }
            if options?.allowFuture == false, number > JSONNumber(currentYear) {
                throw AnswerError(step: step.identifier, problem: .yearInFuture(number))
            }
            if options?.allowPast == false, number < JSONNumber(currentYear) {
                throw AnswerError(step: step.identifier, problem: .yearInPast(number))
            }
        }
        // An integer answer written with a fraction or exponent (`1975.0`) is recorded as the integer.
        if expected == .integer, let integer = number.intValue { return .number(JSONNumber(integer)) }
        return value
    }

    /// Times must read `HH:mm[:ss[.SSS]]` and respect `minimumValue`/`maximumValue` and `allowFuture`/`allowPast`
    /// (against the run's clock, in UTC).
    private func checkTime(_ text: String, _ item: InputItem, _ step: Node) throws(AnswerError) {
        guard let seconds = TimeOfDay.seconds(text) else {
            throw AnswerError(step: step.identifier, problem: .notATime(text))
        }
        let options = item.formatOptions
        // The Swift engine (iOS) compares times to the minute, dropping both sides' seconds; Kotlin keeps them.
        let compared: (Double) -> Double = platform == .ios ? { ($0 / 60).rounded(.down) } : { $0 }
        if let minimum = options?.minimumValue?.stringValue, let bound = TimeOfDay.seconds(minimum), compared(seconds) < compared(bound) {
            throw AnswerError(step: step.identifier, problem: .timeBeforeEarliest(text, earliest: minimum))
        }
        if let maximum = options?.maximumValue?.stringValue, let bound = TimeOfDay.seconds(maximum), compared(seconds) > compared(bound) {
            throw AnswerError(step: step.identifier, problem: .timeAfterLatest(text, latest: maximum))
        }
        let current = TimeOfDay.seconds(String(Timestamp.string(now).dropFirst(11).prefix(12))) ?? 0
        if options?.allowFuture == false, seconds > current {
            throw AnswerError(step: step.identifier, problem: .timeInFuture(text))
        }
        if options?.allowPast == false, seconds < current {
            throw AnswerError(step: step.identifier, problem: .timeInPast(text))
        }
    }

    private static func values(_ choices: [Choice]) -> [JSONValue] { choices.compactMap(\.value) }
}

extension JSONValue {
    /// JSON equality that also requires the same kind (`true` is not `1`).
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        a == b && a.primitiveType.satisfies(b.primitiveType) || (a == b && b.primitiveType.satisfies(a.primitiveType))
    }
}
