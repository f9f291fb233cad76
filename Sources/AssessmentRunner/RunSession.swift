import AssessmentModel
import Foundation
import JSONCore

/// What a participant (or script) does on the current step.
public enum RunAction: Sendable, Equatable {
    /// Record an answer and go forward.
    case answer(JSONValue)
    /// Go forward without an answer (clears a previous one).
    case skip
    /// Go forward keeping the current answer, if any.
    case goForward
    case goBackward
    case cancel
}

/// Why an action cannot be performed.
public enum RunError: Error, Sendable, Equatable, CustomStringConvertible {
    case answer(AnswerError)
    case hiddenButton(step: String, button: ButtonType)
    case notAQuestion(step: String)
    case runOver
    case tooManySteps(Int)

    public var description: String {
        switch self {
        case .answer(let error): return error.description
        case .hiddenButton(let step, let button): return "step \"\(step)\" does not show the \(button) button"
        case .notAQuestion(let step): return "step \"\(step)\" is not a question; it cannot take an answer"
        case .runOver: return "the run is already over"
        case .tooManySteps(let limit): return "the run showed \(limit) steps without ending (an endless loop?)"
        }
    }
}

/// A step as it was shown: where, and which buttons it offered.
public struct ShownStep: Sendable, Equatable {
    public let identifier: String
    public let stepPath: String
    public let buttons: ButtonState
}

/// One run of a survey: the pure navigator plus answers, history and results.
public struct RunSession: Sendable {
    public let navigator: Navigator
    private let environment: RunEnvironment
    private let checker: AnswerChecker
    private let firstLocation: StepLocation?
    public private(set) var status: RunStatus = .inProgress
    /// Where the run is, while in progress.
    public private(set) var location: StepLocation?
    /// Every step shown, in order.
    public private(set) var shown: [ShownStep] = []
    /// `{identifier, direction}` markers, as results carry them.
    public private(set) var markers: [(identifier: String, direction: String)] = []
    /// Things that happen on phones silently and deserve a word (targets that are not siblings…).
    public private(set) var warnings: [String] = []
    /// A readable account of the run, for `--report text`.
    public private(set) var transcript: [String] = []
    private var answers: [String: JSONValue] = [:]
    private var answerOrder: [(identifier: String, stepPath: String)] = []
    private var arrivals: [StepLocation] = []
    private var history = ResultHistory()
    private let startDate: Date
    private var endDate: Date?

    /// The most steps one run may show before it counts as an endless loop.
    public static let stepLimit = 10_000

    /// Starts a run: the first step is shown at once.
    public init(survey: Node, environment: RunEnvironment) {
        navigator = Navigator(assessment: survey)
        self.environment = environment
        startDate = environment.now()
        checker = AnswerChecker(now: startDate)
        if case .step(let first) = navigator.start() {
            firstLocation = first
            show(first, direction: "forward")
        } else {
            firstLocation = nil
            finish(.completed)
        }
    }

    /// The step being shown.
    public var currentStep: Node? { location.flatMap(navigator.node(at:)) }

    /// The buttons of the step being shown.
    public var buttons: ButtonState? { shown.last?.buttons }

    /// The latest answer to the current question (offered again on a revisit).
    public var currentAnswer: JSONValue? { location.flatMap { answers[navigator.stepPath(of: $0)] } }

    /// Each question's final answer by identifier, in the order first answered or skipped.
    public var finalAnswers: [(identifier: String, value: JSONValue)] {
        answerOrder.map { ($0.identifier, answers[$0.stepPath] ?? .null) }
    }

    /// Performs an action on the current step.
    public mutating func perform(_ action: RunAction) throws(RunError) {
        guard status == .inProgress, let location, let step = currentStep, let buttons else { throw .runOver }
        let stepPath = navigator.stepPath(of: location)
        switch action {
        case .answer(let value):
            guard step.isQuestion else { throw .notAQuestion(step: step.identifier) }
            let recorded: JSONValue
            do {
                recorded = try checker.check(value, for: step)
            } catch {
                throw .answer(error)
            }
            record(recorded, for: step, at: stepPath)
            transcript.append("    answer: \(recorded)")
            try goForward(from: location, answer: recorded)
        case .skip:
            guard buttons.isVisible(.skip) else { throw .hiddenButton(step: step.identifier, button: .skip) }
            if step.isQuestion { record(.null, for: step, at: stepPath) }
            transcript.append("    skipped")
            try goForward(from: location, answer: .null)
        case .goForward:
            guard buttons.isVisible(.goForward) else { throw .hiddenButton(step: step.identifier, button: .goForward) }
            if step.isQuestion, answers[stepPath] == nil { record(.null, for: step, at: stepPath) }
            try goForward(from: location, answer: answers[stepPath] ?? .null)
        case .goBackward:
            guard buttons.isVisible(.goBackward) else { throw .hiddenButton(step: step.identifier, button: .goBackward) }
            guard let previous = arrivals.popLast() else { return }
            transcript.append("    back")
            history.close(at: environment.now())
            show(previous, direction: "backward")
        case .cancel:
            guard buttons.isVisible(.cancel) else { throw .hiddenButton(step: step.identifier, button: .cancel) }
            transcript.append("    cancelled")
            finish(.cancelled)
        }
    }

    private mutating func record(_ value: JSONValue, for step: Node, at stepPath: String) {
        if answers[stepPath] == nil { answerOrder.append((step.identifier, stepPath)) }
        answers[stepPath] = value
        history.setAnswer(value)
    }

    private mutating func goForward(from location: StepLocation, answer: JSONValue) throws(RunError) {
        let (outcome, rule) = navigator.forward(from: location, answer: answer, warnings: &warnings)
        history.close(at: environment.now())
        if let rule, let step = currentStep {
            let target = step.question?.surveyRules[rule].skipToIdentifier ?? "exit"
            transcript.append("    rule \(rule) fired (\(step.question?.surveyRules[rule].ruleOperator.description ?? "eq") \(step.question?.surveyRules[rule].comparedValue.description ?? "null")) → \(target)")
        }
        switch outcome {
        case .step(let next):
            guard shown.count < RunSession.stepLimit else { throw .tooManySteps(RunSession.stepLimit) }
            arrivals.append(location)
            show(next, direction: "forward")
        case .finished(let status):
            finish(status)
        }
    }

    private mutating func show(_ location: StepLocation, direction: String) {
        self.location = location
        guard let step = navigator.node(at: location) else { return }
        let stepPath = navigator.stepPath(of: location)
        let buttons = ButtonState(for: location, navigator: navigator, isFirstStep: location == firstLocation)
        shown.append(ShownStep(identifier: step.identifier, stepPath: stepPath, buttons: buttons))
        markers.append((step.identifier, direction))
        transcript.append("\(shown.count). \(stepPath) (\(step.kind))\(step.title.map { ": \($0)" } ?? "")")
        let sections = navigator.ancestors(of: location).dropFirst().map(\.identifier)
        history.open(step, sections: sections, answer: answers[stepPath], at: environment.now())
    }

    private mutating func finish(_ status: RunStatus) {
        self.status = status
        location = nil
        endDate = environment.now()
        transcript.append("run \(status.rawValue)")
    }

    /// The assessment result, as written to `assessmentResult.json`.
    public var result: JSONValue {
        var object = JSONObject([
            .init(key: "type", value: "assessment"),
            .init(key: "identifier", value: .string(navigator.assessment.identifier)),
            .init(key: "assessmentIdentifier", value: .string(navigator.assessment.identifier)),
        ])
        if let version = navigator.assessment.extra["versionString"] { object["versionString"] = version }
        object["taskRunUUID"] = .string(environment.taskRunUUID)
        object["startDate"] = .string(Timestamp.string(startDate))
        if let endDate { object["endDate"] = .string(Timestamp.string(endDate)) }
        object["stepHistory"] = .array(history.json)
        object["path"] = .array(markers.map { ["identifier": .string($0.identifier), "direction": .string($0.direction)] })
        return .object(object)
    }
}
