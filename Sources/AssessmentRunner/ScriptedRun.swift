import AssessmentModel
import JSONCore

/// Drives a `RunSession` with a script.
public struct ScriptedRun: Sendable {
    /// The run as it ended (or stopped).
    public private(set) var session: RunSession
    /// Why the run stopped early, if it did.
    public private(set) var failure: RunFailure?
    /// The script entry (`/steps/N`) or shorthand answer (`/q1`) the failure concerns, when one does.
    public private(set) var failingEntry: JSONPointer?
    /// Script answers the run never used (shorthand keys naming no question that was shown).
    public private(set) var unusedAnswers: [String] = []

    /// Runs `script` over `survey` to the end, or until the script or an answer fails.
    public init(survey: Node, script: AnswerScript, environment: RunEnvironment) {
        self.init(navigator: Navigator(assessment: survey), script: script, environment: environment)
    }

    /// Runs `script` with a navigator shared between runs of the same survey.
    public init(navigator: Navigator, script: AnswerScript, environment: RunEnvironment) {
        session = RunSession(navigator: navigator, environment: environment)
        if let failure = session.failure {
            fail(.run(failure), nil)
            return
        }
        switch script {
        case .entries(let list): run(list)
        case .shorthand(let answers): run(answers)
        }
    }

    private mutating func run(_ entries: [AnswerScript.Entry]) {
        var next = 0
        while session.status == .inProgress, let step = session.currentStep {
            let action: RunAction
            let entry = JSONPointer(tokens: ["steps", String(next)])
            if next < entries.count, entries[next].identifier == step.identifier {
                action = entries[next].answer.map(RunAction.answer) ?? ScriptedRun.action(named: entries[next].action ?? "goForward")
                next += 1
            } else if step.isQuestion {
                if next < entries.count {
                    fail(.unexpectedStep(entry: next, expected: entries[next].identifier, shown: step.identifier), entry)
                } else {
                    fail(.scriptEnded(question: step.identifier), nil)
                }
                return
            } else {
                action = .goForward
            }
            do {
                try session.perform(action)
            } catch {
                fail(.run(error), action == .goForward && !step.isQuestion ? nil : JSONPointer(tokens: ["steps", String(next - 1)]))
                return
            }
        }
        if next < entries.count {
            fail(.entriesLeft(status: session.status, entry: next, identifier: entries[next].identifier),
                 JSONPointer(tokens: ["steps", String(next)]))
        }
    }

    private mutating func run(_ shorthand: [String: JSONValue]) {
        var answered: Set<String> = []
        while session.status == .inProgress, let step = session.currentStep {
            var action = RunAction.goForward
            if step.isQuestion, let answer = shorthand[step.identifier], !answered.contains(step.identifier) {
                answered.insert(step.identifier)
                action = .answer(answer)
            }
            do {
                try session.perform(action)
            } catch {
                fail(.run(error), action == .goForward ? nil : JSONPointer(tokens: [step.identifier]))
                return
            }
        }
        unusedAnswers = shorthand.keys.filter { !answered.contains($0) }.sorted()
    }

    private mutating func fail(_ reason: RunFailure, _ entry: JSONPointer?) {
        failure = reason
        failingEntry = entry
    }

    /// The action a script entry names (`skip`, `goBackward`, `cancel`; anything else goes forward).
    public static func action(named name: String) -> RunAction {
        switch name {
        case "skip": return .skip
        case "goBackward": return .goBackward
        case "cancel": return .cancel
        default: return .goForward
        }
    }
}
