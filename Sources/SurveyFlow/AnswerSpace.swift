import AssessmentModel
import AssessmentRunner
import FoundationEssentials
import Glibc
import JSONCore

/// The answers of one question, split by which rule fires first (or none): one witness per outcome.
///
/// Candidates come from the question itself (choices, each rule's `matchingAnswer` and values just
/// around it at the question's rounding, bounds, samples of the input type); each is checked by the
/// runner's ``AnswerChecker`` (types, choices, bounds, selectors) and sorted by the runner's
/// ``AnswerComparison``, so a witness always behaves in a run as it does here.
public struct AnswerSpace: Sendable {
    /// Where an answer leads.
    public enum Outcome: Sendable, Hashable {
        /// The rule at this index is the first to match.
        case rule(Int)
        /// No rule matches.
        case fallback
    }

    let step: Node
    let question: Question
    let canSkip: Bool
    let checker: AnswerChecker

    /// The answer space of `question` (the question part of `step`); `canSkip` when the skip button shows.
    public init(step: Node, question: Question, canSkip: Bool, checker: AnswerChecker) {
        self.step = step
        self.question = question
        self.canSkip = canSkip
        self.checker = checker
    }

    /// The first witness found for each outcome some answer reaches; a skip only when no answer reaches that outcome.
    public func witnesses() -> [Outcome: Witness] {
        var found: [Outcome: Witness] = [:]
        let rules = question.surveyRules
        func outcome(_ value: JSONValue) -> Outcome {
            rules.firstIndex { AnswerComparison.matches($0, answer: value, question: question) }.map(Outcome.rule) ?? .fallback
        }
        var tried: Set<JSONValue> = []
        for candidate in candidates() where tried.insert(candidate).inserted {
            guard candidate != .null, let recorded = try? checker.check(candidate, for: step) else { continue }
            let key = outcome(recorded)
            if found[key] == nil { found[key] = .answer(recorded) }
            if found.count == rules.count + 1 { break }
        }
        if canSkip {
            let key = outcome(.null)
            if found[key] == nil { found[key] = .skip }
        }
        return found
    }

    /// Candidate answers in a fixed order.
    func candidates() -> [JSONValue] {
        let matching = question.surveyRules.compactMap(\.matchingAnswer)
        if let choices = question.choices {
            let values = choices.compactMap(\.value).filter { $0 != .null }
            let others = question.other.map { scalars(for: $0.type, around: matching) } ?? []
            if question.isSingleChoice { return values + matching + others }
            let defaults = choices.filter { $0.selectorType == .default }.compactMap(\.value)
            var arrays: [JSONValue] = values.map { .array([$0]) } + [.array([])] + matching.filter { $0.arrayValue != nil }
            arrays.append(.array(defaults))
            for index in values.indices.dropLast() { arrays.append(.array([values[index], values[index + 1]])) }
            arrays += others.prefix(4).map { .array([$0]) }
            return arrays
        }
        return matching + scalars(for: question.inputItem?.type ?? .string, around: matching)
    }

    /// Values of an input type near each `matchingAnswer` and the item's bounds, then plain samples.
    private func scalars(for type: InputItemType, around matching: [JSONValue]) -> [JSONValue] {
        switch type.answerType {
        case .integer?, .number?:
            let places = AnswerComparison.decimalPlaces(for: question)
            let unit = pow(10, -Double(min(places, 15)))
            var numbers: [Double] = []
            for value in matching.compactMap(\.numberValue).map(\.doubleValue) {
                numbers += [value, value - 1, value + 1, value - unit, value + unit, value - 0.5, value + 0.5]
            }
            let item = question.inputItem ?? question.other
            let options = item?.formatOptions
            let bounds = [options?.minimumValue?.numberValue, options?.maximumValue?.numberValue, options?.minimumYear, options?.maximumYear]
                .compactMap { $0?.doubleValue }
            for bound in bounds { numbers += [bound, bound + 1, bound - 1] }
            if bounds.count >= 2 { numbers.append(((bounds[0] + bounds[1]) / 2).rounded()) }
            let year = Double(checker.currentYear)
            numbers += type == .year ? [year - 30, year, year - 1, year + 1] : [0, 1, -1, 10, 100]
            return numbers.compactMap(AnswerSpace.number)
        case .boolean?:
            return [true, false]
        case .string?:
            var strings: [String] = []
            for text in matching.compactMap(\.stringValue) { strings += [text + "a", text.isEmpty ? "a" : ""] }
            switch type {
            case .time: strings += ["08:00", "22:30"]
            default: strings += ["answer", "zzzz", "", "0"]
            }
            return strings.map(JSONValue.string)
        default:
            return [1, "answer", true]
        }
    }

    /// A JSON number, written as an integer when it is one.
    static func number(_ value: Double) -> JSONValue? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return .number(JSONNumber(Int(value))) }
        return JSONNumber(value).map(JSONValue.number)
    }
}
