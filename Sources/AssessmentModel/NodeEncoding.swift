import JSONCore

extension Node {
    /// The node as JSON: the header's members, then its kind's, then `steps`, then the preserved unknown ones.
    public var json: JSONValue {
        var writer = ObjectWriter()
        writer.set("type", kind.description)
        writer.set("identifier", identifier)
        writer.set("title", title)
        writer.set("subtitle", subtitle)
        writer.set("detail", detail)
        writer.set("image", image)
        writer.set("comment", comment)
        writer.set("nextStepIdentifier", nextStepIdentifier?.description)
        writer.set("shouldHideActions", shouldHideActions.map { .array($0.map { .string($0.description) }) })
        if let actions {
            var map = JSONObject()
            for entry in actions {
                var actionWriter = ObjectWriter()
                actionWriter.set("buttonTitle", entry.action.buttonTitle)
                actionWriter.set("type", entry.action.type)
                actionWriter.append(entry.action.extra)
                map[entry.button.description] = .object(actionWriter.object)
            }
            writer.set("actions", .object(map))
        }
        writeBody(into: &writer)
        writer.append(extra)
        return .object(writer.object)
    }

    private func writeBody(into writer: inout ObjectWriter) {
        switch body {
        case .assessment(let container), .section(let container):
            writer.set("versionString", container.versionString)
            writer.set("schemaIdentifier", container.schemaIdentifier)
            writer.set("estimatedMinutes", container.estimatedMinutes)
            writer.set("copyright", container.copyright)
            writer.set("steps", .array(container.steps.map(\.json)))
        case .unknown(_, let container?):
            writer.set("steps", .array(container.steps.map(\.json)))
        case .overview, .instruction, .completion, .feedback, .unknown:
            break
        case .permission(let type):
            writer.set("permissionType", type)
        case .countdown(let duration), .active(let duration):
            writer.set("duration", duration)
        case .question(let question):
            if !question.surveyRules.isEmpty { writer.set("surveyRules", .array(question.surveyRules.map(\.json))) }
            writer.set("uiHint", question.uiHint)
            writer.set("optional", question.optional)
            switch question.input {
            case .simple(let item):
                writer.set("inputItem", item?.json)
            case .multiple(let items):
                writer.set("inputItems", items.map { .array($0.map(\.json)) })
            case .choice(let choice):
                writer.set("baseType", choice.baseTypeName)
                writer.set("singleChoice", choice.singleChoice)
                writer.set("choices", choice.choices.map { .array($0.map(\.json)) })
                writer.set("other", choice.other?.json)
            }
        case .transform(let name), .transformableAssessment(let name):
            writer.set("resourceName", name)
        case .assessmentPlaceholder(let info):
            writer.set("assessmentInfo", info.map(JSONValue.object))
        }
    }
}
