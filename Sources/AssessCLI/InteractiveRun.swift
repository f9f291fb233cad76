import Platform
import AssessmentModel
import AssessmentRunner
import JSONCore

/// Plays a survey in the terminal: shows each step, reads answers with the same checks as scripts.
/// Steps and prompts go to standard error, so standard output carries only the report (`--format`).
struct InteractiveRun {
    let survey: Node
    let environment: RunEnvironment
    let io: CommandIO

    /// How the session went: the session as it stands, and whether input ended before the survey.
    struct Outcome {
        let session: RunSession
        let inputEnded: Bool
    }

    func play(recorder: ScriptRecorder?) -> Outcome {
        var session = RunSession(survey: survey, environment: environment)
        if let recorder, let onInterrupt = io.onInterrupt {
            onInterrupt { [io] in
                switch recorder.save() {
                case .success(let count): io.printError("\ninterrupted: saved the \(count) answers and actions so far to \(recorder.path); replay them with --answers")
                case .failure(let error): io.printError("\ninterrupted: error: \(error)")
                }
            }
        }
        var given: [String: String] = [:]
        var openSections: [StepLocation] = []
        // After a refused line only the prompt comes again: the refusal already listed what to choose from.
        var refused = false
        while session.status == .inProgress, let location = session.location, let step = session.currentStep, let buttons = session.buttons {
            let stepPath = session.navigator.stepPath(of: location)
            if refused {
                prompt(step, buttons: buttons)
            } else {
                openSections = announceSections(of: location, after: openSections, navigator: session.navigator)
                show(step, buttons: buttons, previous: session.currentAnswer.flatMap { $0 == .null ? nil : given[stepPath] ?? $0.description })
            }
            refused = false
            guard let line = io.readLine() else { return ended(session) }
            let reading = ChoiceInput(io: io, step: step, buttons: buttons, hasAnswer: (session.currentAnswer ?? .null) != .null)
            let action: RunAction
            switch reading.read(line.trimmingWhitespace()) {
            case .retry:
                refused = true
                continue
            case .inputEnded: return ended(session)
            case .act(let chosen): action = chosen
            }
            do {
                try session.perform(action)
                // Replay what was recorded (an answer as normalised by the checks: 1975.0 is 1975).
                recorder?.append(AnswerScript.Entry(identifier: step.identifier, action: session.moves.last?.action ?? action))
                if case .answer = action { given[stepPath] = line.trimmingWhitespace() }
            } catch {
                io.printError("  ! \(error)")
            }
        }
        io.printError("Run \(session.status.rawValue).")
        return Outcome(session: session, inputEnded: false)
    }

    /// Input ended at a prompt: the line the prompt left open is ended, so what follows starts a line of its own.
    private func ended(_ session: RunSession) -> Outcome {
        io.writeError("\n")
        return Outcome(session: session, inputEnded: true)
    }

    /// Prints the title of every section entered since the previous step; returns the sections now open.
    private func announceSections(of location: StepLocation, after previous: [StepLocation], navigator: Navigator) -> [StepLocation] {
        let open = (1..<max(1, location.count)).map { Array(location.prefix($0)) }
        for section in open where !previous.contains(section) {
            guard let node = navigator.node(at: section) else { continue }
            io.printError("")
            io.printError("== \(node.title ?? node.identifier) ==")
            if let detail = node.detail { io.printError(detail) }
        }
        return open
    }

    private func show(_ step: Node, buttons: ButtonState, previous: String?) {
        io.printError("")
        io.printError("[\(step.identifier)] \(step.title ?? step.identifier)")
        if let detail = step.detail { io.printError(detail) }
        if let question = step.question {
            if let choices = question.choices {
                ChoiceInput.list(choices).forEach(io.printError)
                if question.isSingleChoice {
                    io.printError(question.other == nil ? "Choose a number." : "Choose a number, or type your own answer.")
                } else {
                    io.printError("Choose numbers separated by spaces or commas (e.g. 1 3).")
                    if question.other != nil { io.printError("Or type your own answer, alone or after the numbers: 1 3 other: TEXT") }
                }
            } else if let items = question.inputItems {
                for (key, item) in zip(question.inputKeys, items) {
                    io.printError("  \(key) (\(item.type)): \(item.label ?? item.fieldLabel ?? item.placeholder ?? "")")
                }
                io.printError("Type a JSON object of the inputs you answer, e.g. {\"\(question.inputKeys.first ?? "0")\": …}.")
            } else if let item = question.inputItem {
                var hint = item.type == .time ? "Type a time like 08:30" : "Type \(item.type.answerType?.withArticle ?? "an answer")"
                if let placeholder = item.placeholder { hint += " (\(placeholder))" }
                let options = item.formatOptions
                if let minimum = options?.minimumValue?.numberValue ?? options?.minimumYear { hint += ", at least \(minimum)" }
                if let maximum = options?.maximumValue?.numberValue ?? options?.maximumYear { hint += ", at most \(maximum)" }
                io.printError(hint + ".")
            }
            if let previous { io.printError("Previous answer: \(previous) (press return to keep it)") }
        }
        prompt(step, buttons: buttons)
    }

    /// The buttons a participant can use, then `> `.
    private func prompt(_ step: Node, buttons: ButtonState) {
        var commands = ["return = \(buttons.titles[.goForward] ?? "next")"]
        if buttons.isVisible(.goBackward) { commands.append("b = \(buttons.titles[.goBackward] ?? "back")") }
        if step.isQuestion, buttons.isVisible(.skip) { commands.append("s = \(buttons.titles[.skip] ?? "skip")") }
        if buttons.isVisible(.cancel) { commands.append("q = \(buttons.titles[.cancel] ?? "cancel")") }
        io.writeError(commands.joined(separator: ", ") + "\n> ")
    }
}

extension AnswerScript.Entry {
    /// The entry that replays `action` on the step named `identifier`.
    init(identifier: String, action: RunAction) {
        switch action {
        case .answer(let value): self.init(identifier: identifier, answer: value)
        case .skip: self.init(identifier: identifier, action: "skip")
        case .goForward: self.init(identifier: identifier, action: "goForward")
        case .goBackward: self.init(identifier: identifier, action: "goBackward")
        case .cancel: self.init(identifier: identifier, action: "cancel")
        }
    }
}
