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
        guard case .object(let object) = value else { return .failure(ScriptErrors([ScriptError("a script must be a JSON object", at: .root)])) }
        let outline = survey.map(SurveyNames.init)
        guard let steps = object["steps"] else { return readShorthand(object, outline: outline) }
        if object["type"] != nil, object["identifier"] != nil {
            return .failure(ScriptErrors([ScriptError("this is a survey (it has \"type\", \"identifier\" and \"steps\"), not an answer script; give it as the SURVEY operand", at: .root)]))
        }
        var errors: [ScriptError] = []
        for member in object.members where member.key != "steps" {
            errors.append(ScriptError("unknown top-level key \"\(member.key)\"; a script in full form has only \"steps\"", at: JSONPointer.root.appending(member.key), onKey: true))
        }
        guard case .array(let list) = steps else {
            return .failure(ScriptErrors(errors + [ScriptError("\"steps\" must be an array of entries", at: JSONPointer(tokens: ["steps"]))]))
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
        guard case .object(let fields) = step else { return .failure(ScriptErrors([ScriptError("steps[\(index)] must be an object", at: pointer)])) }
        var errors: [ScriptError] = []
        let keys = ["identifier", "answer", "action"]
        for member in fields.members where !keys.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, among: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
            errors.append(ScriptError("steps[\(index)]: unknown key \"\(member.key)\"\(hint)", at: pointer.appending(member.key), onKey: true))
        }
        guard let identifier = fields["identifier"]?.stringValue else {
            return .failure(ScriptErrors(errors + [ScriptError("steps[\(index)] has no \"identifier\"", at: pointer)]))
        }
        if let outline, !outline.steps.contains(identifier) {
            let hint = Suggestion.closest(to: identifier, among: outline.stepList).map { "; did you mean \"\($0)\"?" } ?? ""
            errors.append(ScriptError("steps[\(index)]: \"\(identifier)\" is not a step of the survey\(hint)", at: pointer.appending("identifier")))
        }
        let action = fields["action"]
        if let action, !(action.stringValue.map(actions.contains) ?? false) {
            errors.append(ScriptError("steps[\(index)]: unknown action \(action) (skip, goForward, goBackward or cancel)", at: pointer.appending("action")))
        }
        switch (fields["answer"], action) {
        case (nil, nil):
            errors.append(ScriptError("steps[\(index)] (\(identifier)) needs an \"answer\" or an \"action\"", at: pointer))
        case (.some, .some):
            errors.append(ScriptError("steps[\(index)] (\(identifier)) has both an \"answer\" and an \"action\"; give one", at: pointer))
        default:
            break
        }
        return errors.isEmpty ? .success(Entry(identifier: identifier, answer: fields["answer"], action: action?.stringValue)) : .failure(ScriptErrors(errors))
    }

    private static func readShorthand(_ object: JSONObject, outline: SurveyNames?) -> Result<AnswerScript, ScriptErrors> {
        var errors: [ScriptError] = []
        if let outline {
            for member in object.members where !outline.questions.contains(member.key) {
                let what = outline.steps.contains(member.key) ? "is a step of the survey but not a question" : "names no question of the survey"
                let hint = Suggestion.closest(to: member.key, among: outline.questionList).map { "; did you mean \"\($0)\"?" } ?? ""
                errors.append(ScriptError("\"\(member.key)\" \(what)\(hint)", at: JSONPointer.root.appending(member.key), onKey: true))
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
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the script.
    public let message: String
    /// The script value (or member name, with `onKey`) the mistake is at.
    public let pointer: JSONPointer
    /// Whether the mistake is the member name at `pointer` rather than its value.
    public let onKey: Bool

    /// An error saying `message` about the value (or member name) at `pointer`.
    public init(_ message: String, at pointer: JSONPointer = .root, onKey: Bool = false) {
        self.message = message
        self.pointer = pointer
        self.onKey = onKey
    }

    /// The message.
    public var description: String { message }
}

/// Every mistake found in a script, in document order.
public struct ScriptErrors: Error, Sendable, Equatable, CustomStringConvertible {
    /// The mistakes (at least one).
    public let errors: [ScriptError]
    /// The mistakes found.
    public init(_ errors: [ScriptError]) { self.errors = errors }
    /// Each mistake's message, one per line.
    public var description: String { errors.map(\.message).joined(separator: "\n") }
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
