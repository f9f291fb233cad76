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
    /// True only for the holder lint puts around a file's single root step (see `fileHolder(for:)`).
    var isFileHolder = false

    /// Decodes a node (and its children) leniently: members of the wrong type become issues.
    /// Sections nest as deep as the file does, so children are decoded with an explicit stack, not recursion.
    public init(_ object: JSONObject, at pointer: JSONPointer, issues: inout [ModelIssue]) {
        self = Node.decodeTree(object, at: pointer, issues: &issues)
    }

    private static func decodeTree(_ object: JSONObject, at pointer: JSONPointer, issues: inout [ModelIssue]) -> Node {
        /// A container whose children are being decoded; its own trailing issues come after theirs.
        struct Open {
            var node: Node
            let children: [(JSONObject, JSONPointer)]
            var built: [Node] = []
            let trailing: [ModelIssue]
        }
        var stack: [Open] = []
        var pending = ownMembers(object, at: pointer, issues: &issues)
        while true {
            if let children = pending.children, let first = children.first {
                stack.append(Open(node: pending.node, children: children, trailing: pending.trailing))
                pending = ownMembers(first.0, at: first.1, issues: &issues)
                continue
            }
            issues += pending.trailing
            var finished = pending.node
            // Hand the finished node to its container; containers that are now complete finish in turn.
            while true {
                guard var top = stack.popLast() else { return finished }
                top.built.append(finished)
                if top.built.count < top.children.count {
                    let next = top.children[top.built.count]
                    stack.append(top)
                    pending = ownMembers(next.0, at: next.1, issues: &issues)
                    break
                }
                top.node.steps = top.built
                issues += top.trailing
                finished = top.node
            }
        }
    }

    /// Decodes a node's own members: containers get empty `steps` and return their child objects;
    /// `trailing` are the issues the reference order puts after the children's.
    private static func ownMembers(_ object: JSONObject, at pointer: JSONPointer, issues: inout [ModelIssue])
        -> (node: Node, children: [(JSONObject, JSONPointer)]?, trailing: [ModelIssue]) {
        var node = Node(identifier: "", kind: .unknown(""), extra: JSONObject(), pointer: pointer)
        var reader = ObjectReader(object, at: pointer)
        let typeName = reader.string("type")
        if typeName == nil { issues.append(ModelIssue(pointer: pointer, message: "the node has no \"type\"")) }
        node.kind = NodeKind(typeName ?? "")
        node.identifier = reader.string("identifier") ?? ""
        if object["identifier"] == nil { issues.append(ModelIssue(pointer: pointer, message: "the node has no \"identifier\"")) }
        node.title = reader.string("title")
        node.subtitle = reader.string("subtitle")
        node.detail = reader.string("detail")
        node.image = reader.value("image")
        node.comment = reader.string("comment")
        node.nextStepIdentifier = reader.string("nextStepIdentifier").map(NavigationTarget.init)
        node.shouldHideActions = reader.array("shouldHideActions").map { $0.compactMap(\.stringValue).map(ButtonType.init) }
        node.actions = reader.objectValue("actions").map { map in
            map.members.map { member in
                let action = member.value.objectValue ?? JSONObject()
                var actionReader = ObjectReader(action, at: pointer.appending("actions").appending(member.key))
                let parsed = ButtonAction(buttonTitle: actionReader.string("buttonTitle"), type: actionReader.string("type"),
                                          extra: actionReader.extra)
                issues += actionReader.issues
                return (ButtonType(member.key), parsed)
            }
        }
        var children: [(JSONObject, JSONPointer)]?
        // A root of any type (an app's own assessment type) may hold steps.
        if node.kind.isContainer || (pointer == .root && object["steps"] != nil) {
            children = reader.objects("steps") ?? []
            node.steps = []
        }
        if node.kind.isQuestion {
            var question = Question(surveyRules: [])
            question.surveyRules = (reader.objects("surveyRules") ?? []).map { SurveyRule($0.0, at: $0.1, issues: &issues) }
            question.uiHint = reader.string("uiHint")
            question.optional = reader.bool("optional")
            if node.kind == .simpleQuestion, let item = reader.objectValue("inputItem") {
                question.inputItem = InputItem(item, at: pointer.appending("inputItem"), issues: &issues)
            }
            if node.kind == .multipleInputQuestion {
                question.inputItems = reader.objects("inputItems").map { $0.map { InputItem($0.0, at: $0.1, issues: &issues) } }
            }
            if node.kind == .choiceQuestion {
                question.baseTypeName = reader.string("baseType")
                question.singleChoice = reader.bool("singleChoice")
                question.choices = reader.objects("choices").map { $0.map { Choice($0.0, at: $0.1, issues: &issues) } }
                question.baseType = question.baseTypeName == nil ? question.inferredBaseType : question.baseTypeName.flatMap(JSONPrimitiveType.init(rawValue:))
                if let other = reader.objectValue("other") {
                    question.other = InputItem(other, at: pointer.appending("other"), issues: &issues)
                }
            }
            node.question = question
        }
        node.extra = reader.extra
        return (node, children, reader.issues)
    }

    /// A container holding a file's single root step, so lint can walk that step like any other.
    static func fileHolder(for step: Node) -> Node {
        var holder = Node(identifier: "", kind: .unknown(""), extra: JSONObject(), pointer: step.pointer)
        holder.steps = [step]
        holder.isFileHolder = true
        return holder
    }

    private init(identifier: String, kind: NodeKind, extra: JSONObject, pointer: JSONPointer) {
        self.identifier = identifier
        self.kind = kind
        self.extra = extra
        self.pointer = pointer
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
    /// A node with its enclosing containers.
    public struct Visit: Sendable {
        /// The node visited (its ``Node/pointer`` says where it is).
        public let node: Node
        /// The container holding the node, linked to the containers around it (shared by all visits).
        let chain: AncestorChain

        /// The assessment and sections around it, outermost first (built on demand: linear in the depth).
        public var ancestors: [Node] { chain.nodes }

        /// The innermost enclosing container (a section, or the assessment).
        public var container: Node { chain.node }

        /// Whether any enclosing container is a section.
        public var isInSection: Bool { chain.inSection }
    }

    /// Every node below this one, depth first in document order, with its ancestors. Iterative, and
    /// the ancestors are shared links, so a survey nested 10,000 sections deep costs linear time and memory.
    public func descendants() -> [Visit] {
        var visits: [Visit] = []
        guard let children = steps, !children.isEmpty else { return visits }
        // Each open container with the index of its next child to visit.
        var stack: [(chain: AncestorChain, next: Int)] = [(AncestorChain(node: self, parent: nil), 0)]
        while let top = stack.last {
            let siblings = top.chain.node.steps ?? []
            guard top.next < siblings.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let child = siblings[top.next]
            visits.append(Visit(node: child, chain: top.chain))
            if let grandchildren = child.steps, !grandchildren.isEmpty {
                stack.append((AncestorChain(node: child, parent: top.chain), 0))
            }
        }
        return visits
    }

    /// The child step with this identifier.
    public func step(_ identifier: String) -> Node? {
        steps?.first { $0.identifier == identifier }
    }
}

/// A container and the containers around it, innermost first: a persistent list whose links are
/// shared by every node inside, so ancestors are never copied per level. Only `deinit` changes
/// `parent`, when no one else can see the link, hence unchecked.
final class AncestorChain: @unchecked Sendable {
    /// The container.
    let node: Node
    /// The container around it; `nil` for the outermost.
    private(set) var parent: AncestorChain?
    /// Whether this container or one around it is a section.
    let inSection: Bool
    /// How many containers the chain holds.
    let depth: Int

    init(node: Node, parent: AncestorChain?) {
        self.node = node
        self.parent = parent
        depth = (parent?.depth ?? 0) + 1
        // An assessment nested as a step behaves as a section.
        inSection = node.kind == .section || (parent != nil && node.kind.isContainer) || (parent?.inSection ?? false)
    }

    /// The containers from the outermost to this one.
    var nodes: [Node] {
        var nodes: [Node] = []
        var link: AncestorChain? = self
        while let current = link {
            nodes.append(current.node)
            link = current.parent
        }
        return nodes.reversed()
    }

    // Freed link by link, not recursively, however long the chain.
    deinit {
        var next = parent
        parent = nil
        while isKnownUniquelyReferenced(&next), let link = next {
            next = link.parent
            link.parent = nil
        }
    }
}
