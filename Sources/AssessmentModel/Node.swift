import JSONCore

/// The node types the reference implementation names; the `"type"` key picks one.
public enum NodeKind: Sendable, Hashable, CustomStringConvertible {
    /// A type the format names.
    case assessment, section, overview, instruction, completion, permission, simpleQuestion, choiceQuestion
    /// A question with several input items; its answer is an object keyed by item identifier.
    case multipleInputQuestion
    /// Timed steps: a countdown before an activity, and the activity itself.
    case countdown, active
    /// A step showing a summary of the results (`feedback` in the reference).
    case feedback
    /// A node whose content is another resource file (`resourceName`).
    case transform
    /// An assessment loaded from another resource file (`resourceName`).
    case transformableAssessment
    /// An assessment the app loads from its registry (`assessmentInfo`).
    case assessmentPlaceholder
    /// A type the reference does not name (an app's extension type, or a typo), kept so lint can report it.
    case unknown(String)

    private static let table: [(String, NodeKind)] = [
        ("assessment", .assessment), ("section", .section), ("overview", .overview), ("instruction", .instruction),
        ("completion", .completion), ("permission", .permission), ("simpleQuestion", .simpleQuestion),
        ("choiceQuestion", .choiceQuestion), ("multipleInputQuestion", .multipleInputQuestion), ("countdown", .countdown),
        ("active", .active), ("feedback", .feedback), ("transform", .transform),
        ("transformableAssessment", .transformableAssessment), ("assessmentPlaceholder", .assessmentPlaceholder),
    ]

    /// Every known type name, in the format document's order, then the reference's other types.
    public static let knownTypeNames = table.map(\.0)

    /// Reads a `"type"` value.
    public init(_ type: String) {
        self = NodeKind.table.first { $0.0 == type }?.1 ?? .unknown(type)
    }

    /// True for nodes that hold `steps`: the assessment, sections, and assessments nested as steps.
    public var isContainer: Bool { self == .assessment || self == .section }

    /// True for question steps.
    public var isQuestion: Bool { self == .simpleQuestion || self == .choiceQuestion || self == .multipleInputQuestion }

    /// True for nodes whose content comes from another resource file.
    public var isTransform: Bool { self == .transform || self == .transformableAssessment }

    /// The type name as written.
    public var description: String {
        if case .unknown(let type) = self { return type }
        return NodeKind.table.first { $0.1 == self }?.0 ?? "?"
    }
}

/// A custom title or icon for a button (`actions` values).
public struct ButtonAction: Sendable, Hashable {
    /// The title shown instead of the default.
    public var buttonTitle: String?
    /// The action's own `type` (usually `default`).
    public var type: String?
    /// Other members (e.g. `iconName`), kept for round trips.
    public var extra: JSONObject

    /// An action from its parts.
    public init(buttonTitle: String? = nil, type: String? = nil, extra: JSONObject = JSONObject()) {
        self.buttonTitle = buttonTitle
        self.type = type
        self.extra = extra
    }
}

/// One node of a survey: the assessment, a section or a step, with where it came from.
public struct Node: Sendable, Hashable {
    /// The node's `identifier` (empty when missing, which is reported as an issue).
    public var identifier: String
    /// The node's `type`.
    public var kind: NodeKind
    /// Content shown to the participant.
    public var title: String?
    /// Content shown to the participant.
    public var subtitle: String?
    /// Content shown to the participant.
    public var detail: String?
    /// The image description, as written.
    public var image: JSONValue?
    /// A note for survey authors, never shown.
    public var comment: String?
    /// Where to go after this node instead of the next sibling.
    public var nextStepIdentifier: NavigationTarget?
    /// Buttons hidden on this node and, for containers, on every node inside.
    public var shouldHideActions: [ButtonType]?
    /// Button customizations, in document order.
    public var actions: [(button: ButtonType, action: ButtonAction)]?
    /// Containers (assessment, section): the child steps in order.
    public var steps: [Node]?
    /// Questions: rules, input item or choices.
    public var question: Question?
    /// Members the model does not type (e.g. `versionString`, `estimatedMinutes`, `$schema`), kept for round trips.
    public var extra: JSONObject
    /// The node's JSON Pointer in its document.
    public var pointer: JSONPointer

    /// Decodes a node (and its children) leniently: members of the wrong type become issues.
    public init(_ object: JSONObject, at pointer: JSONPointer, issues: inout [ModelIssue]) {
        var reader = ObjectReader(object, at: pointer)
        let typeName = reader.string("type")
        if typeName == nil { issues.append(ModelIssue(pointer: pointer, message: "the node has no \"type\"")) }
        kind = NodeKind(typeName ?? "")
        identifier = reader.string("identifier") ?? ""
        if object["identifier"] == nil { issues.append(ModelIssue(pointer: pointer, message: "the node has no \"identifier\"")) }
        title = reader.string("title")
        subtitle = reader.string("subtitle")
        detail = reader.string("detail")
        image = reader.value("image")
        comment = reader.string("comment")
        nextStepIdentifier = reader.string("nextStepIdentifier").map(NavigationTarget.init)
        shouldHideActions = reader.array("shouldHideActions").map { $0.compactMap(\.stringValue).map(ButtonType.init) }
        actions = reader.objectValue("actions").map { map in
            map.members.map { member in
                let action = member.value.objectValue ?? JSONObject()
                var actionReader = ObjectReader(action, at: pointer.appending("actions").appending(member.key))
                let parsed = ButtonAction(buttonTitle: actionReader.string("buttonTitle"), type: actionReader.string("type"),
                                          extra: actionReader.extra)
                issues += actionReader.issues
                return (ButtonType(member.key), parsed)
            }
        }
        // A root of any type (an app's own assessment type) may hold steps.
        if kind.isContainer || (pointer == .root && object["steps"] != nil) {
            steps = reader.objects("steps").map { children in
                children.map { Node($0.0, at: $0.1, issues: &issues) }
            } ?? []
        }
        if kind.isQuestion {
            var question = Question(surveyRules: [])
            question.surveyRules = (reader.objects("surveyRules") ?? []).map { SurveyRule($0.0, at: $0.1, issues: &issues) }
            question.uiHint = reader.string("uiHint")
            question.optional = reader.bool("optional")
            if kind == .simpleQuestion, let item = reader.objectValue("inputItem") {
                question.inputItem = InputItem(item, at: pointer.appending("inputItem"), issues: &issues)
            }
            if kind == .multipleInputQuestion {
                question.inputItems = reader.objects("inputItems").map { $0.map { InputItem($0.0, at: $0.1, issues: &issues) } }
            }
            if kind == .choiceQuestion {
                question.baseTypeName = reader.string("baseType")
                question.singleChoice = reader.bool("singleChoice")
                question.choices = reader.objects("choices").map { $0.map { Choice($0.0, at: $0.1, issues: &issues) } }
                question.baseType = question.baseTypeName == nil ? question.inferredBaseType : question.baseTypeName.flatMap(JSONPrimitiveType.init(rawValue:))
                if let other = reader.objectValue("other") {
                    question.other = InputItem(other, at: pointer.appending("other"), issues: &issues)
                }
            }
            self.question = question
        }
        extra = reader.extra
        self.pointer = pointer
        issues += reader.issues
    }

    /// The node as JSON: known keys in a fixed order, then the preserved unknown ones.
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
            for (button, action) in actions {
                var actionWriter = ObjectWriter()
                actionWriter.set("buttonTitle", action.buttonTitle)
                actionWriter.set("type", action.type)
                actionWriter.append(action.extra)
                map[button.description] = .object(actionWriter.object)
            }
            writer.set("actions", .object(map))
        }
        if let question {
            if !question.surveyRules.isEmpty { writer.set("surveyRules", .array(question.surveyRules.map(\.json))) }
            writer.set("uiHint", question.uiHint)
            writer.set("optional", question.optional)
            writer.set("inputItem", question.inputItem?.json)
            writer.set("inputItems", question.inputItems.map { .array($0.map(\.json)) })
            writer.set("baseType", question.baseTypeName)
            writer.set("singleChoice", question.singleChoice)
            writer.set("choices", question.choices.map { .array($0.map(\.json)) })
            writer.set("other", question.other?.json)
        }
        writer.set("steps", steps.map { .array($0.map(\.json)) })
        writer.append(extra)
        return .object(writer.object)
    }

    /// Equal JSON at the same place.
    public static func == (lhs: Node, rhs: Node) -> Bool { lhs.json == rhs.json && lhs.pointer == rhs.pointer }

    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// True for question steps.
    public var isQuestion: Bool { kind.isQuestion }

    /// The title a button shows on this node, if `actions` sets one.
    public func buttonTitle(_ button: ButtonType) -> String? {
        actions?.first { $0.button == button }?.action.buttonTitle
    }
}

extension Node {
    /// A node with its enclosing containers (outermost first).
    public struct Visit: Sendable {
        /// The node visited (its ``Node/pointer`` says where it is).
        public let node: Node
        /// The assessment and sections around it, outermost first.
        public let ancestors: [Node]
    }

    /// Every node below this one, depth first in document order, with its ancestors.
    public func descendants() -> [Visit] {
        var visits: [Visit] = []
        func walk(_ node: Node, _ ancestors: [Node]) {
            guard let children = node.steps, !children.isEmpty else { return }
            let chain = ancestors + [node]
            for child in children {
                visits.append(Visit(node: child, ancestors: chain))
                if child.steps != nil { walk(child, chain) }
            }
        }
        walk(self, [])
        return visits
    }

    /// The child step with this identifier.
    public func step(_ identifier: String) -> Node? {
        steps?.first { $0.identifier == identifier }
    }
}
