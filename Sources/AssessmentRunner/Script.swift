import AssessmentModel
import JSONCore

/// An answer script (`navigation.md` §6): entries consumed as questions are shown, or the
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

    /// Reads a script, or says why it has neither form.
    public static func parse(_ value: JSONValue) -> Result<AnswerScript, ScriptError> {
        guard case .object(let object) = value else { return .failure(ScriptError("a script must be a JSON object")) }
        guard object.count == 1, case .array(let steps)? = object["steps"] else {
            return .success(.shorthand(Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })))
        }
        var entries: [Entry] = []
        for (index, step) in steps.enumerated() {
            guard let identifier = step["identifier"]?.stringValue else {
                return .failure(ScriptError("steps[\(index)] has no \"identifier\""))
            }
            let action = step["action"]?.stringValue
            if let action, !["skip", "goForward", "goBackward", "cancel"].contains(action) {
                return .failure(ScriptError("steps[\(index)]: unknown action \"\(action)\" (skip, goForward, goBackward or cancel)"))
            }
            guard step["answer"] != nil || action != nil else {
                return .failure(ScriptError("steps[\(index)] (\(identifier)) needs an \"answer\" or an \"action\""))
            }
            entries.append(Entry(identifier: identifier, answer: step["answer"], action: action))
        }
        return .success(.entries(entries))
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

/// A script that cannot drive the survey.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the script.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Drives a `RunSession` with a script.
public struct ScriptedRun: Sendable {
    /// The run as it ended (or stopped).
    public private(set) var session: RunSession
    /// Why the run stopped early, if it did.
    public private(set) var failure: String?
    /// Script answers the run never used (shorthand keys naming no question that was shown).
    public private(set) var unusedAnswers: [String] = []

    /// Runs `script` over `survey` to the end, or until the script or an answer fails.
    public init(survey: Node, script: AnswerScript, environment: RunEnvironment) {
        self.init(navigator: Navigator(assessment: survey), script: script, environment: environment)
    }

    /// Runs `script` with a navigator shared between runs of the same survey.
    public init(navigator: Navigator, script: AnswerScript, environment: RunEnvironment) {
        session = RunSession(navigator: navigator, environment: environment)
        var entries: ArraySlice<AnswerScript.Entry> = []
        var shorthand: [String: JSONValue] = [:]
        switch script {
        case .entries(let list): entries = list[...]
        case .shorthand(let answers): shorthand = answers
        }
        var answered: Set<String> = []
        while session.status == .inProgress, let step = session.currentStep {
            let action: RunAction
            if case .entries = script {
                if let next = entries.first, next.identifier == step.identifier {
                    entries.removeFirst()
                    action = next.answer.map(RunAction.answer) ?? ScriptedRun.action(named: next.action ?? "goForward")
                } else if step.isQuestion {
                    failure = entries.first.map { "script expected \"\($0.identifier)\" but the survey showed \"\(step.identifier)\"" }
                        ?? "the script ended but the survey showed question \"\(step.identifier)\""
                    return
                } else {
                    action = .goForward
                }
            } else if step.isQuestion, let answer = shorthand[step.identifier], !answered.contains(step.identifier) {
                answered.insert(step.identifier)
                action = .answer(answer)
            } else {
                action = .goForward
            }
            do {
                try session.perform(action)
            } catch {
                failure = error.description
                return
            }
        }
        if let leftover = entries.first {
            failure = "the run ended (\(session.status.rawValue)) but the script still has entries, starting with \"\(leftover.identifier)\""
        }
        unusedAnswers = shorthand.keys.filter { !answered.contains($0) }.sorted()
    }

    static func action(named name: String) -> RunAction {
        switch name {
        case "skip": return .skip
        case "goBackward": return .goBackward
        case "cancel": return .cancel
        default: return .goForward
        }
    }
}
