import AssessmentModel
import JSONCore

/// An answer script (`docs/navigation.md` §6): entries consumed as questions are shown, or the
/// shorthand object answering each named question the first time it is shown.
public enum AnswerScript: Sendable, Equatable {
    /// One entry of the full form.
    public struct Entry: Sendable, Equatable {
        /// The step the entry must name.
        public let identifier: String
        /// The answer, when the entry answers.
        public let answer: JSONValue?
        /// The action, when the entry acts (`skip`, `goForward`, `goBackward`, `cancel`).
        public let action: String?

        /// An entry naming `identifier` that answers or acts.
        public init(identifier: String, answer: JSONValue? = nil, action: String? = nil) {
            self.identifier = identifier
            self.answer = answer
            self.action = action
        }
    }

    /// `{"steps": [...]}`: one entry per question shown.
    case entries([Entry])
    /// `{"q1": 2, ...}`: answers for the first visit of each named question.
    case shorthand([String: JSONValue])

    /// The actions an entry may name.
    public static let actions = ["skip", "goForward", "goBackward", "cancel"]

    /// Whether `value` reads as an answer script rather than a survey (the operands of `run` swapped):
    /// an object without `"type"` whose `"steps"` are entries naming an `identifier` with an `answer`
    /// or `action`, or a shorthand object without `"type"`, `"identifier"` and `"steps"`.
    public static func isLikelyScript(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value, !object.members.isEmpty, object["type"] == nil else { return false }
        guard let steps = object["steps"] else { return object["identifier"] == nil }
        guard case .array(let entries) = steps, !entries.isEmpty else { return false }
        return entries.allSatisfy { entry in
            entry["type"] == nil && entry["identifier"]?.stringValue != nil && (entry["answer"] != nil || entry["action"] != nil)
        }
    }

    /// Reads a script and, when `survey` is given, checks that it names only the survey's steps and
    /// questions; every mistake is reported, each with the script location it concerns.
    public static func parse(_ value: JSONValue, survey: Node? = nil) -> Result<AnswerScript, ScriptErrors> {
        guard case .object(let object) = value else { return .failure(ScriptErrors([ScriptError(.notAnObject)])) }
        let outline = survey.map(SurveyNames.init)
        guard let steps = object["steps"] else { return readShorthand(object, outline: outline) }
        if object["type"] != nil, object["identifier"] != nil {
            return .failure(ScriptErrors([ScriptError(.survey)]))
        }
        var errors: [ScriptError] = []
        for member in object.members where member.key != "steps" {
            errors.append(ScriptError(.unknownTopLevelKey(member.key), at: JSONPointer.root.appending(member.key), onKey: true))
        }
        guard case .array(let list) = steps else {
            return .failure(ScriptErrors(errors + [ScriptError(.stepsNotAnArray, at: JSONPointer(tokens: ["steps"]))]))
        }
        var entries: [Entry] = []
        for (index, step) in list.enumerated() {
            let pointer = JSONPointer(tokens: ["steps"]).appending(index: index)
            switch entry(step, index: index, pointer: pointer, outline: outline) {
            case .success(let parsed): entries.append(parsed)
            case .failure(let problems): errors += problems.errors
            }
        }
        return errors.isEmpty ? .success(.entries(entries)) : .failure(ScriptErrors(errors))
    }

    private static func entry(_ step: JSONValue, index: Int, pointer: JSONPointer, outline: SurveyNames?) -> Result<Entry, ScriptErrors> {
        guard case .object(let fields) = step else { return .failure(ScriptErrors([ScriptError(.entryNotAnObject(index: index), at: pointer)])) }
        var errors: [ScriptError] = []
        let keys = ["identifier", "answer", "action"]
        for member in fields.members where !keys.contains(member.key) {
            let suggestion = Suggestion.closest(to: member.key, among: keys)
            errors.append(ScriptError(.unknownEntryKey(index: index, key: member.key, suggestion: suggestion), at: pointer.appending(member.key), onKey: true))
        }
        guard let identifier = fields["identifier"]?.stringValue else {
            return .failure(ScriptErrors(errors + [ScriptError(.missingIdentifier(index: index), at: pointer)]))
        }
        if let outline, !outline.steps.contains(identifier) {
            let suggestion = Suggestion.closest(to: identifier, among: outline.stepList)
            errors.append(ScriptError(.unknownStep(index: index, identifier: identifier, suggestion: suggestion), at: pointer.appending("identifier")))
        }
        let action = fields["action"]
        if let action, !(action.stringValue.map(actions.contains) ?? false) {
            errors.append(ScriptError(.unknownAction(index: index, action: action), at: pointer.appending("action")))
        }
        switch (fields["answer"], action) {
        case (nil, nil):
            errors.append(ScriptError(.needsAnswerOrAction(index: index, identifier: identifier), at: pointer))
        case (.some, .some):
            errors.append(ScriptError(.answerAndAction(index: index, identifier: identifier), at: pointer))
        default:
            break
        }
        return errors.isEmpty ? .success(Entry(identifier: identifier, answer: fields["answer"], action: action?.stringValue)) : .failure(ScriptErrors(errors))
    }

    private static func readShorthand(_ object: JSONObject, outline: SurveyNames?) -> Result<AnswerScript, ScriptErrors> {
        var errors: [ScriptError] = []
        if let outline {
            for member in object.members where !outline.questions.contains(member.key) {
                let suggestion = Suggestion.closest(to: member.key, among: outline.questionList)
                let problem: ScriptError.Problem = outline.steps.contains(member.key)
                    ? .notAQuestion(member.key, suggestion: suggestion) : .unknownQuestion(member.key, suggestion: suggestion)
                errors.append(ScriptError(problem, at: JSONPointer.root.appending(member.key), onKey: true))
            }
        }
        guard errors.isEmpty else { return .failure(ScriptErrors(errors)) }
        return .success(.shorthand(Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })))
    }

    /// The script as JSON (full form), e.g. for `--record`.
    public var json: JSONValue {
        switch self {
        case .shorthand(let answers):
            return .object(JSONObject(answers.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: $0.value) }))
        case .entries(let entries):
            return ["steps": .array(entries.map { entry in
                var object = JSONObject([.init(key: "identifier", value: .string(entry.identifier))])
                if let answer = entry.answer { object["answer"] = answer }
                if let action = entry.action { object["action"] = .string(action) }
                return .object(object)
            })]
        }
    }
}

/// A mistake in a script, with where it is.
public struct ScriptError: Error, Sendable, Equatable {
    /// What can be wrong with a script; `index` is the entry's place in `steps` (from 0), a
    /// `suggestion` the closest name the survey (or the entry format) has.
    public enum Problem: Sendable, Equatable {
        /// The script is not a JSON object.
        case notAnObject
        /// The script is a survey (it has `type`, `identifier` and `steps`): the operands are swapped.
        case survey
        /// A full-form script has a member other than `steps`.
        case unknownTopLevelKey(String)
        /// `steps` is not an array.
        case stepsNotAnArray
        /// An entry is not an object.
        case entryNotAnObject(index: Int)
        /// An entry has a member other than `identifier`, `answer` and `action`.
        case unknownEntryKey(index: Int, key: String, suggestion: String?)
        /// An entry names no step.
        case missingIdentifier(index: Int)
        /// An entry names a step the survey does not have.
        case unknownStep(index: Int, identifier: String, suggestion: String?)
        /// An entry's action is not one of `AnswerScript.actions`.
        case unknownAction(index: Int, action: JSONValue)
        /// An entry neither answers nor acts.
        case needsAnswerOrAction(index: Int, identifier: String)
        /// An entry both answers and acts.
        case answerAndAction(index: Int, identifier: String)
        /// A shorthand answer names a step of the survey that is not a question.
        case notAQuestion(String, suggestion: String?)
        /// A shorthand answer names nothing in the survey.
        case unknownQuestion(String, suggestion: String?)
    }

    /// What is wrong with the script.
    public let problem: Problem
    /// The script value (or member name, with `onKey`) the mistake is at.
    public let pointer: JSONPointer
    /// Whether the mistake is the member name at `pointer` rather than its value.
    public let onKey: Bool

    /// The mistake `problem` about the value (or member name) at `pointer`.
    public init(_ problem: Problem, at pointer: JSONPointer = .root, onKey: Bool = false) {
        self.problem = problem
        self.pointer = pointer
        self.onKey = onKey
    }
}

/// Every mistake found in a script, in document order.
public struct ScriptErrors: Error, Sendable, Equatable, CustomStringConvertible {
    /// The mistakes (at least one).
    public let errors: [ScriptError]
    /// The mistakes found.
    public init(_ errors: [ScriptError]) { self.errors = errors }
    /// Each mistake's message, one per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// The step and question identifiers of a survey, for checking scripts.
struct SurveyNames {
    var steps: Set<String> = []
    var questions: Set<String> = []
    var stepList: [String] = []
    var questionList: [String] = []

    init(_ survey: Node) {
        collect(survey.steps ?? [])
    }

    private mutating func collect(_ nodes: [Node]) {
        for node in nodes {
            if node.kind.isContainer {
                collect(node.steps ?? [])
                continue
            }
            if steps.insert(node.identifier).inserted { stepList.append(node.identifier) }
            if node.isQuestion, questions.insert(node.identifier).inserted { questionList.append(node.identifier) }
        }
    }
}
