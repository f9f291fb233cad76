import AssessmentModel
import AssessmentRunner
import JSONCore

/// What the page draws for the step being shown: its texts, its controls and its buttons, worked
/// out here so the page only renders (it never decides what a step shows or where it leads).
struct StepView {
    /// The buttons the page draws, in phone order.
    static let buttons: [(ButtonType, String)] = [(.goBackward, "Back"), (.skip, "Skip"), (.goForward, "Next"), (.cancel, "Exit")]

    let node: Node
    let stepPath: String
    let buttons: ButtonState
    let answer: JSONValue?

    var json: JSONValue {
        var object = JSONObject([
            .init(key: "identifier", value: .string(node.identifier)), .init(key: "stepPath", value: .string(stepPath)),
            .init(key: "kind", value: .string(node.kind.description)),
        ])
        for (key, text) in [("title", node.title), ("subtitle", node.subtitle), ("detail", node.detail)] {
            if let text { object[key] = .string(text) }
        }
        if let image = node.image { object["image"] = .string(StepView.imageName(image)) }
        if node.kind == .countdown || node.kind == .active {
            object["duration"] = node.extra["duration"] ?? (node.kind == .countdown ? .number(JSONNumber(5)) : .null)
        }
        if let question = node.question { object["question"] = questionJSON(question) }
        object["buttons"] = .array(StepView.buttons.map { button, fallback in
            var entry = JSONObject([.init(key: "type", value: .string(button.description)),
                                    .init(key: "visible", value: .bool(buttons.isVisible(button)))])
            entry["title"] = buttons.titles[button].map(JSONValue.string) ?? .null
            entry["label"] = .string(buttons.titles[button] ?? fallback)
            return .object(entry)
        })
        return .object(object)
    }

    /// A short name for an image placeholder (`imageName`, a `url`'s last part, or "image").
    static func imageName(_ image: JSONValue) -> String {
        if let name = image["imageName"]?.stringValue ?? image["imageNames"]?.arrayValue?.first?.stringValue { return name }
        if let url = image["url"]?.stringValue { return String(url.split(separator: "/").last ?? "image") }
        return image.stringValue ?? "image"
    }

    private func questionJSON(_ question: Question) -> JSONValue {
        var object = JSONObject([.init(key: "optional", value: .bool(question.optional != false))])
        if let hint = question.uiHint { object["uiHint"] = .string(hint) }
        if let answer { object["answer"] = .string(JSONWriter.compact.string(answer)) }
        if let choices = question.choices {
            object["multiple"] = .bool(!question.isSingleChoice)
            let selected = StepView.selectedIndices(answer, choices: choices)
            object["choices"] = .array(choices.enumerated().map { index, choice in
                var entry = JSONObject([.init(key: "index", value: .number(JSONNumber(index))),
                                        .init(key: "text", value: .string(choice.text ?? choice.value.map { JSONWriter.compact.string($0) } ?? "?")),
                                        .init(key: "value", value: .string(choice.value.map { JSONWriter.compact.string($0) } ?? "null")),
                                        .init(key: "selected", value: .bool(selected.contains(index)))])
                if choice.selectorType == .exclusive { entry["exclusive"] = true }
                if choice.selectorType == .all { entry["all"] = true }
                return .object(entry)
            })
            if let other = question.other { object["other"] = StepView.input(other, key: "other", uiHint: nil, value: otherText(choices)) }
        } else if let items = question.inputItems {
            object["inputs"] = .array(zip(question.inputKeys, items).map { key, item in
                StepView.input(item, key: key, uiHint: nil, value: answer?[key].flatMap(StepView.text))
            })
        } else {
            let item = question.inputItem ?? InputItem.plain(question.choiceInput?.baseType)
            object["inputs"] = [StepView.input(item, key: "answer", uiHint: question.uiHint, value: answer.flatMap(StepView.text))]
        }
        return .object(object)
    }

    /// The control of one input item: its type, the HTML control it is drawn as, its label and bounds.
    static func input(_ item: InputItem, key: String, uiHint: String?, value: String?) -> JSONValue {
        let options = item.formatOptions ?? FormatOptions()
        var object = JSONObject([.init(key: "key", value: .string(key)), .init(key: "type", value: .string(item.type.description)),
                                 .init(key: "control", value: .string(control(item, uiHint: uiHint)))])
        for (name, text) in [("label", item.fieldLabel ?? item.label), ("placeholder", item.placeholder), ("value", value),
                             ("minimumLabel", options.minimumLabel), ("maximumLabel", options.maximumLabel)] {
            if let text { object[name] = .string(text) }
        }
        let minimum = options.minimumValue?.numberValue ?? options.minimumYear?.intValue.map { JSONNumber($0) }
        let maximum = options.maximumValue?.numberValue ?? options.maximumYear?.intValue.map { JSONNumber($0) }
        if let minimum { object["min"] = .number(minimum) }
        if let maximum { object["max"] = .number(maximum) }
        if let step = options.stepInterval { object["step"] = .number(step) }
        if item.type == .time {
            if let earliest = options.minimumValue?.stringValue { object["min"] = .string(earliest) }
            if let latest = options.maximumValue?.stringValue { object["max"] = .string(latest) }
        }
        if item.isRequired { object["required"] = true }
        return .object(object)
    }

    /// The HTML control for an input: `slider` and `likert` hints on numbers draw a range or a row of
    /// radio buttons; `multipleLine` a text area; times and checkboxes their own controls; numbers a number field.
    static func control(_ item: InputItem, uiHint: String?) -> String {
        let hint = uiHint?.lowercased()
        let numeric = [.integer, .number, .year, .duration].contains(item.type)
        if numeric, hint == "slider" { return "slider" }
        if numeric, hint == "likert" { return "likert" }
        switch item.type {
        case .checkbox: return "checkbox"
        case .time: return "time"
        case .integer, .number, .year, .duration: return "number"
        case .string, .unknown: return hint == "multipleline" ? "textarea" : "text"
        }
    }

    /// An answer value as the text typed into its field (strings as they are, other values as JSON).
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: return JSONWriter.compact.string(value)
        }
    }

    /// The choices the current answer selects.
    static func selectedIndices(_ answer: JSONValue?, choices: [Choice]) -> Set<Int> {
        guard let answer else { return [] }
        let values = answer.arrayValue ?? [answer]
        return Set(choices.indices.filter { index in values.contains { value in choices[index].value == value } })
    }

    private func otherText(_ choices: [Choice]) -> String? {
        guard let answer else { return nil }
        let values = answer.arrayValue ?? [answer]
        return values.first { value in !choices.contains { $0.value == value } }.flatMap(StepView.text)
    }
}

extension InputItem {
    /// A plain text input of a question without `inputItem`, answering its `baseType` (a string when none).
    static func plain(_ baseType: JSONPrimitiveType?) -> InputItem {
        let type: String
        switch baseType {
        case .integer: type = "integer"
        case .number: type = "number"
        default: type = "string"
        }
        return InputItem(type: InputItemType(type))
    }
}
