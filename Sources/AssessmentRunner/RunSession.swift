import AssessmentModel
import FoundationEssentials
import JSONCore

/// What a participant (or script) does on the current step.
public enum RunAction: Sendable, Equatable {
    /// Record an answer and go forward.
    case answer(JSONValue)
    /// Go forward without an answer (clears a previous one).
    case skip
    /// Go forward keeping the current answer, if any.
    case goForward
    /// Return to the step shown before this one's latest forward arrival (nothing on the first step).
    case goBackward
    /// End the run, status `cancelled`.
    case cancel
}

/// Why an action cannot be performed.
public enum RunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The answer does not fit the question.
    case answer(AnswerError)
    /// The action needs a button the step hides.
    case hiddenButton(step: String, button: ButtonType)
    /// An answer was given to a step that is not a question.
    case notAQuestion(step: String)
    /// The run has already ended.
    case runOver
    /// The run showed this many steps without ending.
    case tooManySteps(Int)
    /// Going forward from the step goes round empty sections forever.
    case navigationLoop(step: String)
    /// The run cannot start: these sections jump to each other without ever showing a step.
    case startLoop(sections: [String])
    /// Going forward (or skipping) without an answer from a question whose `optional` is false, where
    /// both engines disable the forward button.
    case requiredAnswer(step: String)

    /// A message naming the step.
    public var description: String {
        switch self {
        case .answer(let error): return error.description
        case .hiddenButton(let step, let button): return "step \"\(step)\" does not show the \(button) button"
        case .notAQuestion(let step): return "step \"\(step)\" is not a question; it cannot take an answer"
        case .runOver: return "the run is already over"
        case .requiredAnswer(let step): return "step \"\(step)\" is a required question (\"optional\": false): the apps do not go forward from it without an answer; answer it in the script"
        case .tooManySteps(let limit): return "the run showed \(limit) steps without ending (an endless loop?)"
        case .navigationLoop(let step): return "going forward from \"\(step)\" loops through sections without ever showing a step"
        case .startLoop(let sections):
            return "the survey never shows a step: its sections loop (\((sections + sections.prefix(1)).map { "\"\($0)\"" }.joined(separator: " → ")))"
        }
    }
}

/// A step as it was shown: where, and which buttons it offered.
public struct ShownStep: Sendable, Equatable {
    /// The step's own identifier.
    public let identifier: String
    /// Enclosing section identifiers and the step's, joined by `/`.
    public let stepPath: String
    /// How navigation arrived here.
    public let direction: Direction
    /// Hidden buttons and titles.
    public let buttons: ButtonState
}

/// One action a run performed, for coverage: where, what (answers as recorded) and which rule fired.
public struct RunMove: Sendable, Equatable {
    /// The step the action was performed on.
    public let location: StepLocation
    /// The action, with the recorded (normalised) answer.
    public let action: RunAction
    /// The rule that chose the next step when the action went forward, if one did.
    public let firedRule: Int?
}

/// One run of a survey: the pure navigator plus answers, history and results.
public struct RunSession: Sendable {
    /// The pure navigation rules over the survey.
    public let navigator: Navigator
    private let environment: RunEnvironment
    private let checker: AnswerChecker
    /// How the run ended, or `inProgress`.
    public private(set) var status: RunStatus = .inProgress
    /// Where the run is, while in progress.
    public private(set) var location: StepLocation?
    /// What the current step shows, worked out once when it is shown.
    private var current: Navigator.StepInfo?
    /// Every step shown, in order.
    public private(set) var shown: [ShownStep] = []
    /// Why the run could not even start (status `failed`), if it could not.
    public private(set) var failure: RunError?
    /// Things that happen on phones silently and deserve a word (targets that are not siblings…).
    public private(set) var warnings: [RunWarning] = []
    /// What happened, in order: the steps shown, what was done on each, the rules that fired, the end.
    public private(set) var events: [RunEvent] = []
    /// Every action performed, in order (what coverage counts).
    public private(set) var moves: [RunMove] = []
    private var lastFiredRule: Int?
    private var answers: [String: JSONValue] = [:]
    private var answerOrder: [(identifier: String, stepPath: String)] = []
    private var listedQuestions: Set<String> = []
    private var arrivals: [StepLocation] = []
    private var history: ResultHistory
    private let startDate: Date
    private var endDate: Date?

    /// The most steps one run may show before it counts as an endless loop.
    public static let stepLimit = 10_000

    /// Starts a run: the first step is shown at once.
    public init(survey: Node, environment: RunEnvironment) {
        self.init(navigator: Navigator(assessment: survey), environment: environment)
    }

    /// Starts a run with a navigator shared between runs of the same survey.
    public init(navigator: Navigator, environment: RunEnvironment) {
        self.navigator = navigator
        self.environment = environment
        startDate = environment.now()
        checker = AnswerChecker(now: startDate, platform: environment.platform)
        history = ResultHistory(identifier: navigator.assessment.identifier, start: startDate)
        var warnings: [RunWarning] = []
        let outcome = navigator.start(warnings: &warnings)
        self.warnings = warnings
        switch outcome {
        case .step(let first):
            show(first, direction: .forward)
        case .finished(let status):
            finish(status)
        case .endlessLoop(let sections):
            failure = .startLoop(sections: sections)
            finish(.failed)
        }
    }

    /// The step being shown.
    public var currentStep: Node? { current?.node }

    /// The buttons of the step being shown.
    public var buttons: ButtonState? { shown.last?.buttons }

    /// The latest answer to the current question (offered again on a revisit).
    public var currentAnswer: JSONValue? { current.flatMap { answers[$0.stepPath] } }

    /// Every question shown, in order of first showing, with its final answer (`null` when it has none).
    public var finalAnswers: [(identifier: String, stepPath: String, value: JSONValue)] {
        answerOrder.map { ($0.identifier, $0.stepPath, answers[$0.stepPath] ?? .null) }
    }

    /// Performs an action on the current step.
    public mutating func perform(_ action: RunAction) throws(RunError) {
        guard status == .inProgress, let location, let current, let buttons else { throw .runOver }
        let step = current.node, stepPath = current.stepPath
        var performed = action
        lastFiredRule = nil
        switch action {
        case .answer(let value):
            guard step.isQuestion else { throw .notAQuestion(step: step.identifier) }
            let recorded: JSONValue
            do {
                recorded = try checker.check(value, for: step)
            } catch {
                throw .answer(error)
            }
            record(recorded, at: stepPath)
            performed = .answer(recorded)
            events.append(.answered(recorded))
            try goForward(from: location, answer: recorded)
        case .skip:
            guard buttons.isVisible(.skip) else { throw .hiddenButton(step: step.identifier, button: .skip) }
            guard step.question?.optional != false else { throw .requiredAnswer(step: step.identifier) }
            if step.isQuestion { record(.null, at: stepPath) }
            events.append(.skipped)
            try goForward(from: location, answer: .null)
        case .goForward:
            guard buttons.isVisible(.goForward) else { throw .hiddenButton(step: step.identifier, button: .goForward) }
            if step.question?.optional == false, (answers[stepPath] ?? .null) == .null { throw .requiredAnswer(step: step.identifier) }
            if step.isQuestion, answers[stepPath] == nil { record(.null, at: stepPath) }
            if step.isQuestion { events.append(.kept(answers[stepPath] ?? .null)) }
            try goForward(from: location, answer: answers[stepPath] ?? .null)
        case .goBackward:
            guard let previous = arrivals.last else {
                events.append(.nothingBefore)
                return
            }
            guard buttons.isVisible(.goBackward) else { throw .hiddenButton(step: step.identifier, button: .goBackward) }
            arrivals.removeLast()
            events.append(.wentBack)
            history.close(at: environment.now())
            show(previous, direction: .backward)
        case .cancel:
            guard buttons.isVisible(.cancel) else { throw .hiddenButton(step: step.identifier, button: .cancel) }
            events.append(.cancelled)
            finish(.cancelled)
        }
        moves.append(RunMove(location: location, action: performed, firedRule: lastFiredRule))
    }

    private mutating func record(_ value: JSONValue, at stepPath: String) {
        answers[stepPath] = value
        history.setAnswer(value)
    }

    private mutating func goForward(from location: StepLocation, answer: JSONValue) throws(RunError) {
        let (outcome, rule) = navigator.forward(from: location, answer: answer, warnings: &warnings)
        lastFiredRule = rule
        history.close(at: environment.now())
        if let step = currentStep {
            if let rule, let fired = step.question?.surveyRules[rule] {
                events.append(.ruleFired(index: rule, operator: fired.ruleOperator, value: fired.comparedValue, target: fired.skipToIdentifier))
            } else if let next = step.nextStepIdentifier {
                events.append(.nextStep(next))
            }
        }
        switch outcome {
        case .step(let next):
            guard shown.count < RunSession.stepLimit else {
                // A run stopped by the cap failed: it has no result worth keeping.
                failure = .tooManySteps(RunSession.stepLimit)
                finish(.failed)
                throw .tooManySteps(RunSession.stepLimit)
            }
            if next.lexicographicallyPrecedes(location) {
                // A jump to an earlier step is a backward arrival, as both reference engines record it
                // (docs/navigation.md §4): Back from there goes where Back went on that step's first forward arrival.
                if let first = arrivals.firstIndex(of: next) { arrivals.removeSubrange(first...) } else { arrivals.append(location) }
                show(next, direction: .backward)
            } else {
                arrivals.append(location)
                show(next, direction: .forward)
            }
        case .finished(let status):
            finish(status)
        case .endlessLoop:
            throw .navigationLoop(step: currentStep?.identifier ?? "?")
        }
    }

    private mutating func show(_ location: StepLocation, direction: Direction) {
        self.location = location
        current = navigator.info(at: location)
        guard let info = current else { return }
        let step = info.node
        shown.append(ShownStep(identifier: step.identifier, stepPath: info.stepPath, direction: direction, buttons: info.buttons))
        if step.isQuestion, listedQuestions.insert(info.stepPath).inserted { answerOrder.append((step.identifier, info.stepPath)) }
        events.append(.shown(number: shown.count, stepPath: info.stepPath, kind: step.kind, title: step.title))
        history.open(step, sections: info.sectionNodes, direction: direction, answer: answers[info.stepPath], at: environment.now())
    }

    private mutating func finish(_ status: RunStatus) {
        self.status = status
        location = nil
        current = nil
        endDate = environment.now()
        history.finish(at: endDate ?? startDate)
        events.append(.ended(status))
    }

    /// The assessment result, as written to `assessmentResult.json`.
    public var result: JSONValue {
        var object = JSONObject([
            .init(key: "type", value: "assessment"),
            .init(key: "identifier", value: .string(navigator.assessment.identifier)),
            .init(key: "assessmentIdentifier", value: .string(navigator.assessment.identifier)),
        ])
        if let version = navigator.assessment.container?.versionString { object["versionString"] = .string(version) }
        object["taskRunUUID"] = .string(environment.taskRunUUID)
        object["startDate"] = .string(Timestamp.string(startDate))
        if let endDate { object["endDate"] = .string(Timestamp.string(endDate)) }
        object["stepHistory"] = history.stepHistory
        object["path"] = history.path
        return .object(object)
    }
}
