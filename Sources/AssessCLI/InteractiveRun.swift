import AssessmentModel
import AssessmentRunner
import JSONCore
import ZipArchive
import Foundation

/// Plays a survey in the terminal: shows each step, reads answers with the same checks as scripts.
struct InteractiveRun {
    let survey: Node
    let environment: RunEnvironment
    let io: CommandIO

    func play(recordTo recordPath: String?, outputs: (RunSession) -> ExitStatus) -> ExitStatus {
        var session = RunSession(survey: survey, environment: environment)
        var recorded: [AnswerScript.Entry] = []
        while session.status == .inProgress, let step = session.currentStep, let buttons = session.buttons {
            show(step, buttons: buttons, previous: session.currentAnswer)
            guard let line = io.readLine() else {
                io.printError("error: input ended before the survey did")
                return .findings
            }
            let input = line.trimmingCharacters(in: .whitespaces)
            guard let (action, entry) = parse(input, step: step, buttons: buttons) else { continue }
            do {
                try session.perform(action)
                recorded.append(entry)
            } catch {
                io.print("  ! \(error)")
            }
        }
        io.print("Run \(session.status.rawValue).")
        if let recordPath {
            let script = AnswerScript.entries(recorded).json
            do {
                try AtomicFile.write(JSONWriter.pretty.bytes(script), to: recordPath, overwrite: true)
            } catch {
                io.printError("\(recordPath): error: \(error)")
                return .inputError
            }
        }
        return outputs(session)
    }

    private func show(_ step: Node, buttons: ButtonState, previous: JSONValue?) {
        io.print("")
        io.print("[\(step.identifier)] \(step.title ?? step.identifier)")
        if let detail = step.detail { io.print(detail) }
        if let question = step.question {
            if let choices = question.choices {
                for (index, choice) in choices.enumerated() {
                    io.print("  \(index + 1). \(choice.text ?? choice.value?.description ?? "?")")
                }
                io.print(question.isSingleChoice ? "Choose a number." : "Choose numbers separated by commas (in the order you would tap them).")
                if question.other != nil { io.print("Or type another answer.") }
            } else if let items = question.inputItems {
                for item in items {
                    io.print("  \(item.identifier ?? "?") (\(item.type)): \(item.label ?? item.fieldLabel ?? item.placeholder ?? "")")
                }
                io.print("Type a JSON object of the inputs you answer, e.g. {\"\(items.first?.identifier ?? "id")\": …}.")
            } else if let item = question.inputItem {
                var hint = item.type == .time ? "Type a time like 08:30" : "Type \(item.type.answerType?.withArticle ?? "an answer")"
                if let placeholder = item.placeholder { hint += " (\(placeholder))" }
                if let minimum = item.bound("minimumValue") ?? item.bound("minimumYear") { hint += ", at least \(minimum)" }
                if let maximum = item.bound("maximumValue") ?? item.bound("maximumYear") { hint += ", at most \(maximum)" }
                io.print(hint + ".")
            }
            if let previous, previous != .null { io.print("Previous answer: \(previous) (press return to keep it)") }
        }
        var commands = ["return = \(buttons.titles[.goForward] ?? "next")"]
        if buttons.isVisible(.goBackward) { commands.append("b = \(buttons.titles[.goBackward] ?? "back")") }
        if step.isQuestion, buttons.isVisible(.skip) { commands.append("s = \(buttons.titles[.skip] ?? "skip")") }
        if buttons.isVisible(.cancel) { commands.append("q = \(buttons.titles[.cancel] ?? "cancel")") }
        io.writeOutput(commands.joined(separator: ", ") + "\n> ")
    }

    /// The action for a typed line, with the script entry that replays it; `nil` (after a message) to ask again.
    private func parse(_ input: String, step: Node, buttons: ButtonState) -> (RunAction, AnswerScript.Entry)? {
        switch input {
        case "": return (.goForward, .init(identifier: step.identifier, action: "goForward"))
        case "b": return (.goBackward, .init(identifier: step.identifier, action: "goBackward"))
        case "s": return (.skip, .init(identifier: step.identifier, action: "skip"))
        case "q": return (.cancel, .init(identifier: step.identifier, action: "cancel"))
        default: break
        }
        guard let question = step.question else {
            io.print("  ! this step takes no answer; press return to go on")
            return nil
        }
        let value: JSONValue
        if let choices = question.choices {
            let numbers = input.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            if !numbers.isEmpty, numbers.allSatisfy({ $0.map { (1...choices.count).contains($0) } ?? false }) {
                let picked = numbers.compactMap { $0 }.map { $0 - 1 }
                guard !question.isSingleChoice else { return answering(step, choices[picked[0]].value ?? .null) }
                var selection = ChoiceSelection(choices: choices)
                picked.forEach { selection.select($0) }
                value = selection.answer()
            } else if let other = question.other {
                let typedOther = typed(input, as: other.type.answerType)
                value = question.isSingleChoice ? typedOther : [typedOther]
            } else {
                io.print("  ! type a choice number between 1 and \(choices.count)")
                return nil
            }
        } else if question.inputItems != nil {
            value = (try? JSONDocument(text: input).value) ?? .string(input)
        } else {
            value = typed(input, as: question.inputItem?.type.answerType)
        }
        return answering(step, value)
    }

    private func answering(_ step: Node, _ value: JSONValue) -> (RunAction, AnswerScript.Entry) {
        (.answer(value), .init(identifier: step.identifier, answer: value))
    }

    /// Text read as the answer type: numbers and booleans parsed, everything else a string.
    private func typed(_ text: String, as type: JSONPrimitiveType?) -> JSONValue {
        switch type {
        case .integer?, .number?: return JSONNumber(lexeme: text).map(JSONValue.number) ?? .string(text)
        case .boolean?: return text == "true" ? .bool(true) : (text == "false" ? .bool(false) : .string(text))
        default: return .string(text)
        }
    }
}
