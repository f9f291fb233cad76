import AssessmentModel
import AssessmentSchemas
import FoundationEssentials
import AssessmentRunner
import JSONCore
import ResultArchive

/// The run the page shows: a ``RunSession`` over the current reading of the survey, plus the script
/// of every action performed (what "Save as script" downloads and what a reload replays).
struct PreviewSession {
    private(set) var survey: PreviewSurvey
    private(set) var run: RunSession?
    /// One entry per action performed, in order, as `assess run --answers` replays them.
    private(set) var entries: [AnswerScript.Entry] = []
    /// The runner's refusal of the latest action, if it refused.
    private(set) var message: String?
    private let environment: @Sendable () -> RunEnvironment

    init(survey: PreviewSurvey, environment: @escaping @Sendable () -> RunEnvironment, replaying script: AnswerScript? = nil) {
        self.survey = survey
        self.environment = environment
        restart(replaying: script.map { PreviewSession.entries(of: $0, survey: survey, environment: environment()) } ?? [])
    }

    /// The entries a script performs on `survey` (either form): its run's moves, up to where it ends or stops
    /// (for a shorthand, up to the first question it does not answer).
    static func entries(of script: AnswerScript, survey: PreviewSurvey, environment: RunEnvironment) -> [AnswerScript.Entry] {
        guard let navigator = survey.navigator else { return [] }
        let run = ScriptedRun(navigator: navigator, script: script, environment: environment)
        var entries: [AnswerScript.Entry] = []
        for move in run.session.moves {
            guard let step = navigator.node(at: move.location) else { break }
            // The preview starts from the script's answers: it stops at the first question a shorthand leaves unanswered.
            if case .shorthand(let answers) = script, step.isQuestion, move.action == .goForward, answers[step.identifier] == nil { break }
            entries.append(PreviewSession.entry(move.action, identifier: step.identifier))
        }
        return entries
    }

    /// The script entry that replays `action` on the step `identifier`.
    static func entry(_ action: RunAction, identifier: String) -> AnswerScript.Entry {
        switch action {
        case .answer(let recorded): return AnswerScript.Entry(identifier: identifier, answer: recorded)
        case .skip: return AnswerScript.Entry(identifier: identifier, action: "skip")
        case .goForward: return AnswerScript.Entry(identifier: identifier, action: "goForward")
        case .goBackward: return AnswerScript.Entry(identifier: identifier, action: "goBackward")
        case .cancel: return AnswerScript.Entry(identifier: identifier, action: "cancel")
        }
    }

    /// Starts again over `survey` (a new reading of the file), replaying the entries that still apply.
    mutating func reload(_ survey: PreviewSurvey) {
        self.survey = survey
        restart(replaying: entries)
    }

    /// Starts a fresh run and replays `script`: each entry is performed while it names the step shown
    /// (steps that are not questions go forward on their own while entries remain); the replay stops
    /// at the first entry that no longer applies, or that the runner refuses.
    mutating func restart(replaying script: [AnswerScript.Entry] = []) {
        message = nil
        guard let navigator = survey.navigator else {
            // A file that does not read (say, caught half-saved) keeps the run's entries for the next reading.
            run = nil
            entries = script
            return
        }
        entries = []
        run = RunSession(navigator: navigator, environment: environment())
        var pending = script[...]
        while let next = pending.first, let step = run?.currentStep, run?.status == .inProgress {
            if next.identifier == step.identifier {
                pending.removeFirst()
                let action = next.answer.map(RunAction.answer) ?? ScriptedRun.action(named: next.action ?? "goForward")
                guard (try? perform(action)) != nil else { break }
            } else if !step.isQuestion {
                guard (try? perform(.goForward)) != nil else { break }
            } else {
                break
            }
        }
        message = nil
    }

    /// Performs an action on the current step; the runner's refusal is kept as ``message`` and thrown.
    mutating func perform(_ action: RunAction) throws(RunError) {
        guard var session = run, let step = session.currentStep else { throw .runOver }
        let performed = session.moves.count
        do {
            try session.perform(action)
        } catch {
            message = error.description
            throw error
        }
        message = nil
        run = session
        // Back on the first step does nothing, and records nothing.
        guard session.moves.count > performed, let move = session.moves.last else { return }
        entries.append(PreviewSession.entry(move.action, identifier: step.identifier))
    }

    /// Whether the run is over (so it has a script to save and a result to download).
    var isOver: Bool { run.map { $0.status != .inProgress } ?? false }

    /// The answer script of the run so far.
    var script: JSONValue { AnswerScript.entries(entries).json }

    /// What `assess run --write-expected` writes for this run (`status`, `path`, `answers`).
    var expected: JSONValue? { run.map { RunReport(session: $0).expectation } }

    /// The assessment result, as `assess run --result` writes it.
    var result: JSONValue? { run.map(\.result) }

    /// The result archive, as `assess run --archive` builds it; `nil` for a run that failed or is not over.
    func archive() throws(ArchiveBuildError) -> [UInt8]? {
        guard let run, isOver, run.status != .failed else { return nil }
        let result = JSONWriter.pretty.bytes(run.result)
        let builder = ArchiveBuilder(timestamp: Timestamp.date(run.result["endDate"]?.stringValue ?? "") ?? environment().now())
        return try builder.build([ArchiveInput(filename: "assessmentResult.json", bytes: result, contentType: "application/json",
                                               jsonSchema: SageSchemas.assessmentResultObjectURI, identifier: run.navigator.assessment.identifier)])
    }
}
