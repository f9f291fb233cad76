import AssessmentModel
import JSONCore

/// Why an answer cannot be recorded for a step: the step and a typed problem, worded at the edge.
public struct AnswerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step's identifier.
    public let step: String
    /// What is wrong with the answer.
    public let problem: AnswerProblem

    /// An error of `step` from its problem.
    public init(step: String, problem: AnswerProblem) {
        self.step = step
        self.problem = problem
    }

    /// What was expected and what was given.
    public var message: String { problem.description }

    /// `step "id": message`.
    public var description: String { "step \"\(step)\": \(message)" }
}

/// Every way an answer can fail its question's checks (type, choices, bounds, patterns, selectors).
public enum AnswerProblem: Sendable, Equatable, CustomStringConvertible {
    case notAQuestion
    /// A single-choice answer that is none of the choice values.
    case notAChoice(JSONValue, choices: [JSONValue])
    case notAnArrayOfChoices(JSONValue)
    /// An element of a multiple-choice answer that is none of the choice values.
    case notOneOfTheChoices(JSONValue, choices: [JSONValue])
    /// An exclusive choice selected together with others.
    case exclusiveWithOthers(choice: String)
    case notAnObjectOfInputs(JSONValue)
    case unknownInput(String, inputs: [String])
    /// A multiple-input item with `"optional": false` left out.
    case requiredInputMissing(String)
    case wrongType(expected: JSONPrimitiveType, input: InputItemType, got: JSONValue)
    /// A string past the item's `characterLimit`.
    case tooLong(String, limit: Int)
    case patternMismatch(String, pattern: String, invalidMessage: String?)
    /// A string too long to decide against the `regExValidator` pattern within its budget.
    case patternUndecided(length: Int, pattern: String)
    case belowMinimum(JSONNumber, minimum: JSONNumber)
    case aboveMaximum(JSONNumber, maximum: JSONNumber)
    case yearBeforeMinimum(JSONNumber, minimum: JSONNumber)
    case yearAfterMaximum(JSONNumber, maximum: JSONNumber)
    case yearInFuture(JSONNumber)
    case yearInPast(JSONNumber)
    case notATime(String)
    case timeBeforeEarliest(String, earliest: String)
    case timeAfterLatest(String, latest: String)
    case timeInFuture(String)
    case timeInPast(String)

    /// The answer problem as a sentence naming the step.
    public var description: String {
        func list(_ values: [JSONValue]) -> String { "(" + values.map(\.description).joined(separator: ", ") + ")" }
        switch self {
        case .notAQuestion: return "is not a question"
        case .notAChoice(let value, let choices): return "expected one of the choices \(list(choices)) but got \(value)"
        case .notAnArrayOfChoices(let value): return "multiple choice: expected an array of choice values but got \(value)"
        case .notOneOfTheChoices(let element, let choices): return "\(element) is not one of the choices \(list(choices))"
        case .exclusiveWithOthers(let choice): return "choice \"\(choice)\" has selectorType exclusive and cannot be selected with other answers"
        case .notAnObjectOfInputs(let value): return "multiple inputs: expected an object keyed by input identifier but got \(value)"
        case .unknownInput(let key, let inputs): return "\"\(key)\" is not one of the inputs (\(inputs.joined(separator: ", ")))"
        case .requiredInputMissing(let key): return "input \"\(key)\" is required (\"optional\": false) but the answer leaves it out"
        case .wrongType(let expected, let input, let value):
            return "expected \(expected.withArticle) (\(input) input) but got \(value.primitiveType.withArticle) \(value)"
        case .tooLong(let text, let limit): return "\"\(text)\" is \(text.count) characters long; at most \(limit) allowed"
        case .patternMismatch(let text, let pattern, let invalidMessage):
            return "\"\(text)\" does not match the regExValidator pattern \(pattern)" + (invalidMessage.map { "; the app says \"\($0)\"" } ?? "")
        case .patternUndecided(let length, let pattern):
            return "an answer of \(length) characters is too long to check against the regExValidator pattern \(pattern)"
        case .belowMinimum(let number, let minimum): return "\(number) is below the minimum \(minimum)"
        case .aboveMaximum(let number, let maximum): return "\(number) is above the maximum \(maximum)"
        case .yearBeforeMinimum(let number, let minimum): return "year \(number) is before the minimum year \(minimum)"
        case .yearAfterMaximum(let number, let maximum): return "year \(number) is after the maximum year \(maximum)"
        case .yearInFuture(let number): return "year \(number) is in the future, which this question does not allow"
        case .yearInPast(let number): return "year \(number) is in the past, which this question does not allow"
        case .notATime(let text): return "expected a time like 08:30 or 08:30:15 (HH:mm[:ss]) but got \"\(text)\""
        case .timeBeforeEarliest(let text, let earliest): return "\(text) is before the earliest time \(earliest)"
        case .timeAfterLatest(let text, let latest): return "\(text) is after the latest time \(latest)"
        case .timeInFuture(let text): return "\(text) is later than now, which this question does not allow"
        case .timeInPast(let text): return "\(text) is earlier than now, which this question does not allow"
        }
    }
}
