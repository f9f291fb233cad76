import AssessmentModel
import AssessmentRunner
import JSONCore

/// What the page sends when a button is pressed: the button and the form as the participant left it.
/// The form is turned into the answer the runner checks; the page never builds answers itself.
struct FormAnswer {
    /// Why a posted form cannot be read (a broken request, not a refused answer).
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The action the runner performs for `body` on `step`.
    ///
    /// `body` is `{"button": "goForward"|"goBackward"|"skip"|"cancel", "stepPath": "...", "form": {...}}`; the form
    /// of a choice question is `{"choices": [index, ...], "other": "text"}`, of other questions
    /// `{"fields": {"key": "text", ...}}` (checkboxes `"true"`/`"false"`). Going forward with an empty form keeps
    /// the current answer (the runner refuses that on a required question); otherwise it answers.
    static func action(_ body: JSONValue, step: Node) throws(Malformed) -> RunAction {
        guard let button = body["button"]?.stringValue else { throw Malformed(description: "the request names no button") }
        switch button {
        case "goBackward": return .goBackward
        case "skip": return .skip
        case "cancel": return .cancel
        case "goForward": break
        default: throw Malformed(description: "unknown button \"\(button)\"")
        }
        guard let question = step.question, let form = body["form"] else { return .goForward }
        let answer = try self.answer(form, question: question)
        return answer.map(RunAction.answer) ?? .goForward
    }

    /// The answer a form gives, or `nil` when it gives none.
    static func answer(_ form: JSONValue, question: Question) throws(Malformed) -> JSONValue? {
        if let choices = question.choices {
            let indices = form["choices"]?.arrayValue ?? []
            var values: [JSONValue] = []
            for index in indices {
                guard let position = index.numberValue?.intValue, choices.indices.contains(position) else {
                    throw Malformed(description: "choice \(index) is not one of the question's \(choices.count) choices")
                }
                values.append(choices[position].value ?? .null)
            }
            if let text = form["other"]?.stringValue, !text.isEmpty {
                values.append(typed(text, as: question.other?.type ?? .string))
            }
            if question.isSingleChoice { return values.first }
            // A multiple-choice form answers its selection, even an empty one (as a script's `[]` does).
            return form["choices"] == nil && values.isEmpty ? nil : .array(values)
        }
        let fields = form["fields"]?.objectValue ?? JSONObject()
        if let items = question.inputItems {
            var object = JSONObject()
            for (key, item) in zip(question.inputKeys, items) {
                guard let text = fields[key]?.stringValue, !text.isEmpty else { continue }
                object[key] = typed(text, as: item.type)
            }
            return object.members.isEmpty ? nil : .object(object)
        }
        guard let text = fields["answer"]?.stringValue, !text.isEmpty else { return nil }
        let type = question.inputItem?.type ?? (question.choiceInput?.baseType.map(inputType(for:)) ?? .string)
        return typed(text, as: type)
    }

    /// Text typed into a field as the answer value: text for text and time fields, otherwise the JSON
    /// value the text spells (a number, `true`…) when it spells one, else the text (which the runner then refuses with its message).
    static func typed(_ text: String, as type: InputItemType) -> JSONValue {
        switch type {
        case .string, .time: return .string(text)
        default:
            guard let value = try? JSONDocument(bytes: Array(text.utf8)).value else { return .string(text) }
            switch value {
            case .number, .bool: return value
            default: return .string(text)
            }
        }
    }

    private static func inputType(for base: JSONPrimitiveType) -> InputItemType {
        switch base {
        case .integer: return .integer
        case .number: return .number
        case .boolean: return .checkbox
        default: return .string
        }
    }
}
