import AssessmentModel
import JSONCore

/// Something a run did that phones do silently and that deserves a word: data, described by
/// `description` where it is shown (`RunText.swift`).
public enum RunWarning: Sendable, Equatable {
    /// `step` (or a section leaving) jumps to `target`, which is not a sibling inside `container`;
    /// `container` ends there, as on phones.
    case targetNotASibling(step: String, target: String, container: String)
    /// Rule number `rule` (from 0) of `step` matched but names no `skipToIdentifier`: the run exits.
    case ruleWithoutTarget(step: String, rule: Int)
    /// The script answers `question`, which the run never showed.
    case unusedAnswer(question: String)
}

/// One thing that happened in a run, in order: what the readable transcript (`--report text`) is
/// rendered from.
public enum RunEvent: Sendable, Equatable {
    /// The run's `number`th step (from 1) was shown.
    case shown(number: Int, stepPath: String, kind: NodeKind, title: String?)
    /// The step was answered with this (normalised) answer.
    case answered(JSONValue)
    /// The step was skipped.
    case skipped
    /// The question was left with the answer it had (`null` when none).
    case kept(JSONValue)
    /// Back was pressed on the first step: nothing happened.
    case nothingBefore
    /// Back went to the previous step.
    case wentBack
    /// Cancel was pressed.
    case cancelled
    /// Going forward, rule number `index` (from 0) of the question fired.
    case ruleFired(index: Int, operator: RuleOperator, value: JSONValue, target: String?)
    /// Going forward followed the step's `nextStepIdentifier`.
    case nextStep(NavigationTarget)
    /// The run ended with this status.
    case ended(RunStatus)
}

/// Why a run (scripted or interactive) stopped before its end, or failed after it.
public enum RunFailure: Error, Sendable, Equatable {
    /// The session refused an action, or could not start.
    case run(RunError)
    /// Script entry `steps[entry]` names `expected`, but the survey showed `shown`.
    case unexpectedStep(entry: Int, expected: String, shown: String)
    /// The script has no entries left, but the survey showed `question`.
    case scriptEnded(question: String)
    /// The run ended with `status` but the script still has entries from `steps[entry]` (naming `identifier`).
    case entriesLeft(status: RunStatus, entry: Int, identifier: String)
    /// An interactive run's input ended before the survey did.
    case inputEnded
}
