import Platform
import AssessmentModel
import AssessmentRunner
import JSONCore

/// Reads one typed line of an interactive run as an action: `b`, `s`, `q`, return, a typed answer,
/// or choice numbers (`1 3`, `1,3`, `1 3 other: TEXT`); text that is no choice number becomes the
/// "other" answer only once the participant confirms it.
struct ChoiceInput {
    let io: CommandIO
    let step: Node
    let buttons: ButtonState
    /// Whether the question already has an answer (return keeps it).
    let hasAnswer: Bool

    enum Reading {
        case act(RunAction)
        /// The line was refused (a message said why); ask again.
        case retry
        case inputEnded
    }

    func read(_ input: String) -> Reading {
        switch input {
        case "": return forward()
        case "b":
            // Hidden Back (the first step, a completion step) is refused as the session refuses it, and not recorded.
            // Named by the word the prompt uses for it.
            guard buttons.isVisible(.goBackward) else { return refuse("step \"\(step.identifier)\" does not show the \(buttons.titles[.goBackward] ?? "back") button") }
            return .act(.goBackward)
        case "s": return .act(.skip)
        case "q": return .act(.cancel)
        default: break
        }
        guard let question = step.question else { return refuse("this step takes no answer; press return to go on") }
        if question.inputItems != nil { return .act(.answer((try? JSONDocument(text: input).value) ?? .string(input))) }
        guard let choices = question.choices else { return .act(.answer(Self.typed(input, as: question.inputItem?.type.answerType))) }
        if let marker = Self.range(ofOther: input) {
            guard let other = question.other else { return refuse("this question has no \"other\" answer", listing: choices) }
            let text = input[marker.upperBound...].trimmingWhitespace()
            guard !text.isEmpty else { return refuse("type your own answer after \"other:\"") }
            let numbers = Self.tokens(String(input[..<marker.lowerBound]))
            let typedOther = Self.typed(text, as: other.type.answerType)
            if question.isSingleChoice {
                return numbers.isEmpty ? .act(.answer(typedOther)) : refuse("this question takes one answer: a number or your own answer", listing: choices)
            }
            guard let picked = Self.choiceNumbers(numbers, count: choices.count) else { return refuse("\"\(numbers.joined(separator: " "))\" are not all choice numbers", listing: choices) }
            return .act(.answer(Self.selection(picked, choices, other: typedOther)))
        }
        let tokens = Self.tokens(input)
        if let picked = Self.choiceNumbers(tokens, count: choices.count) {
            guard question.isSingleChoice else { return .act(.answer(Self.selection(picked, choices, other: nil))) }
            guard picked.count == 1 else { return refuse("this question takes one choice; type a single number", listing: choices) }
            return .act(.answer(choices[picked[0]].value ?? .null))
        }
        if question.isSingleChoice, tokens.count > 1, tokens.allSatisfy({ Int($0) != nil }) {
            return refuse("this question takes one choice; type a single number", listing: choices)
        }
        guard let other = question.other else { return refuse("\"\(input)\" is not a choice number", listing: choices) }
        io.writeError("  ? \"\(input)\" is not a choice number. Record it as your own answer? (y/n) ")
        guard let reply = io.readLine() else { return .inputEnded }
        guard ["y", "yes"].contains(reply.trimmingWhitespace().lowercased()) else {
            return refuse("not recorded", listing: choices)
        }
        let typedOther = Self.typed(input, as: other.type.answerType)
        return .act(.answer(question.isSingleChoice ? typedOther : Self.selection([], choices, other: typedOther)))
    }

    /// Return: keeps an answer, goes on from a step that is no question or an optional question,
    /// and otherwise says how to skip.
    private func forward() -> Reading {
        guard let question = step.question, !hasAnswer, question.optional != true else { return .act(.goForward) }
        let skip = buttons.isVisible(.skip) ? "type s to skip it" : "this question cannot be skipped"
        return refuse("this question needs an answer; \(skip)")
    }

    private func refuse(_ message: String, listing choices: [Choice]? = nil) -> Reading {
        io.printError("  ! \(message)")
        if let choices { ChoiceInput.list(choices).forEach(io.printError) }
        return .retry
    }

    /// `  1. Text` for each choice.
    static func list(_ choices: [Choice]) -> [String] {
        choices.enumerated().map { index, choice in "  \(index + 1). \(choice.text ?? choice.value?.description ?? "?")" }
    }

    /// Where `other:` first appears in `input`, in any case.
    private static func range(ofOther input: String) -> Range<String.Index>? {
        input.indices.lazy.compactMap { start in
            input.index(start, offsetBy: 6, limitedBy: input.endIndex).flatMap { end in input[start..<end].lowercased() == "other:" ? start..<end : nil }
        }.first
    }

    private static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Zero-based indices when every token is a choice number from 1 to `count`.
    private static func choiceNumbers(_ tokens: [String], count: Int) -> [Int]? {
        guard !tokens.isEmpty else { return nil }
        let numbers = tokens.compactMap(Int.init).filter { (1...count).contains($0) }
        return numbers.count == tokens.count ? numbers.map { $0 - 1 } : nil
    }

    private static func selection(_ picked: [Int], _ choices: [Choice], other: JSONValue?) -> JSONValue {
        var selection = ChoiceSelection(choices: choices)
        picked.forEach { selection.select($0) }
        return selection.answer(other: other)
    }

    /// Text read as the answer type: numbers and booleans parsed, everything else a string.
    static func typed(_ text: String, as type: JSONPrimitiveType?) -> JSONValue {
        switch type {
        case .integer?, .number?: return JSONNumber(lexeme: text).map(JSONValue.number) ?? .string(text)
        case .boolean?: return text == "true" ? .bool(true) : (text == "false" ? .bool(false) : .string(text))
        default: return .string(text)
        }
    }
}
