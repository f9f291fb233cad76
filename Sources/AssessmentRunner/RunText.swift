import AssessmentModel
import JSONCore

// The runner's words: every sentence a run's warnings, events and failures are shown with, produced
// from their typed values here and nowhere else.

extension RunWarning: CustomStringConvertible {
    /// The warning as `--report text` and `--report json` show it.
    public var description: String {
        switch self {
        case .targetNotASibling(let step, let target, let container):
            return "\"\(step)\" jumps to \"\(target)\", which is not a step of \"\(container)\"; \"\(container)\" ends there, as on phones"
        case .ruleWithoutTarget(let step, let rule):
            return "rule \(rule) of \"\(step)\" matched but has no skipToIdentifier; the run exits as phones do"
        case .unusedAnswer(let question):
            return "the script answers \"\(question)\", but the run never showed that question"
        }
    }
}

extension RunEvent: CustomStringConvertible {
    /// The event's line of the transcript (steps flush left, what happened on them indented).
    public var description: String {
        switch self {
        case .shown(let number, let stepPath, let kind, let title):
            return "\(number). \(stepPath) (\(kind))\(title.map { ": \($0)" } ?? "")"
        case .answered(let value): return "    answer: \(value)"
        case .skipped: return "    skipped"
        case .kept(let value): return "    kept: \(value)"
        case .nothingBefore: return "    back: nothing before this step"
        case .wentBack: return "    back"
        case .cancelled: return "    cancelled"
        case .ruleFired(let index, let ruleOperator, let value, let target):
            return "    rule \(index) fired (\(ruleOperator) \(value)) → \(target ?? "exit")"
        case .nextStep(let target): return "    nextStepIdentifier → \(target)"
        case .ended(let status): return "run \(status.rawValue)"
        }
    }
}

extension RunFailure: CustomStringConvertible {
    /// Why the run failed, naming the step or script entry.
    public var description: String {
        switch self {
        case .run(let error): return error.description
        case .unexpectedStep(let entry, let expected, let shown):
            return "script entry steps[\(entry)] expected \"\(expected)\" but the survey showed \"\(shown)\""
        case .scriptEnded(let question): return "the script ended but the survey showed question \"\(question)\""
        case .entriesLeft(let status, let entry, let identifier):
            return "the run ended (\(status.rawValue)) but the script still has entries, starting with steps[\(entry)] \"\(identifier)\""
        case .inputEnded: return "input ended before the survey did"
        }
    }
}

extension RunReport {
    /// The readable transcript: each step, the answer, the rule that fired; the last line says how
    /// the run ended (`run completed`, …, or `run failed: why`).
    public var text: String {
        var lines = session.events.map(\.description)
        // A run that ended (its last line says how) can still fail afterwards, on left-over script entries.
        let ending = session.status == .inProgress ? nil : lines.popLast()
        lines += warnings.map { "warning: \($0)" }
        lines.append(failure.map { RunReport.failedLine($0.description) } ?? ending ?? RunEvent.ended(session.status).description)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The last transcript line of a failed run.
    public static func failedLine(_ error: String) -> String { "run failed: \(error)" }
}

extension ScriptError: CustomStringConvertible {
    /// The message, without the place (`pointer` gives it).
    public var description: String { problem.description }
}

extension ScriptError.Problem: CustomStringConvertible {
    /// What is wrong, naming the entry (`steps[N]`) or the shorthand answer, with the suggestion if any.
    public var description: String {
        func hint(_ suggestion: String?) -> String { suggestion.map { "; did you mean \"\($0)\"?" } ?? "" }
        switch self {
        case .notAnObject: return "a script must be a JSON object"
        case .survey: return "this is a survey (it has \"type\", \"identifier\" and \"steps\"), not an answer script; give it as the SURVEY operand"
        case .unknownTopLevelKey(let key): return "unknown top-level key \"\(key)\"; a script in full form has only \"steps\""
        case .stepsNotAnArray: return "\"steps\" must be an array of entries"
        case .entryNotAnObject(let index): return "steps[\(index)] must be an object"
        case .unknownEntryKey(let index, let key, let suggestion):
            return "steps[\(index)]: unknown key \"\(key)\"\(suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")"
        case .missingIdentifier(let index): return "steps[\(index)] has no \"identifier\""
        case .unknownStep(let index, let identifier, let suggestion):
            return "steps[\(index)]: \"\(identifier)\" is not a step of the survey\(hint(suggestion))"
        case .unknownAction(let index, let action): return "steps[\(index)]: unknown action \(action) (skip, goForward, goBackward or cancel)"
        case .needsAnswerOrAction(let index, let identifier): return "steps[\(index)] (\(identifier)) needs an \"answer\" or an \"action\""
        case .answerAndAction(let index, let identifier): return "steps[\(index)] (\(identifier)) has both an \"answer\" and an \"action\"; give one"
        case .notAQuestion(let name, let suggestion): return "\"\(name)\" is a step of the survey but not a question\(hint(suggestion))"
        case .unknownQuestion(let name, let suggestion): return "\"\(name)\" names no question of the survey\(hint(suggestion))"
        }
    }
}
