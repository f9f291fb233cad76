import JSONCore

extension Node {
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
        var reader = ObjectReader(object, at: pointer)
        let typeName = reader.string("type")
        if typeName == nil { issues.append(ModelIssue(pointer: pointer, message: "the node has no \"type\"")) }
        let identifier = reader.string("identifier") ?? ""
        if object["identifier"] == nil { issues.append(ModelIssue(pointer: pointer, message: "the node has no \"identifier\"")) }
        var node = Node(identifier: identifier, body: .overview, pointer: pointer)
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
                return ButtonCustomization(button: ButtonType(member.key), action: parsed)
            }
        }
        let kind = NodeKind(typeName ?? "")
        var children: [(JSONObject, JSONPointer)]?
        // A root of an app's own type may hold steps, as an assessment does.
        if kind.isContainer || (pointer == .root && !kind.isKnown && object["steps"] != nil) {
            children = reader.objects("steps") ?? []
        }
        node.body = body(of: kind, holdingSteps: children != nil, reader: &reader, issues: &issues)
        node.extra = reader.extra
        return (node, children, reader.issues)
    }

    /// The kind's own members; a container's steps are filled in once its children are decoded.
    private static func body(of kind: NodeKind, holdingSteps: Bool, reader: inout ObjectReader, issues: inout [ModelIssue]) -> Body {
        switch kind {
        case .assessment: return .assessment(container(&reader))
        case .section: return .section(container(&reader))
        case .overview: return .overview
        case .instruction: return .instruction
        case .completion: return .completion
        case .feedback: return .feedback
        case .permission: return .permission(permissionType: reader.string("permissionType"))
        case .countdown: return .countdown(duration: reader.number("duration"))
        case .active: return .active(duration: reader.number("duration"))
        case .simpleQuestion, .choiceQuestion, .multipleInputQuestion:
            return .question(question(of: kind, reader: &reader, issues: &issues))
        case .transform: return .transform(resourceName: reader.string("resourceName"))
        case .transformableAssessment: return .transformableAssessment(resourceName: reader.string("resourceName"))
        case .assessmentPlaceholder: return .assessmentPlaceholder(assessmentInfo: reader.objectValue("assessmentInfo"))
        case .unknown(let type): return .unknown(type: type, container: holdingSteps ? Container(steps: []) : nil)
        }
    }

    private static func container(_ reader: inout ObjectReader) -> Container {
        Container(steps: [], versionString: reader.string("versionString"), schemaIdentifier: reader.string("schemaIdentifier"),
                  estimatedMinutes: reader.number("estimatedMinutes"), copyright: reader.string("copyright"))
    }

    private static func question(of kind: NodeKind, reader: inout ObjectReader, issues: inout [ModelIssue]) -> Question {
        let pointer = reader.pointer
        let rules = (reader.objects("surveyRules") ?? []).map { SurveyRule($0.0, at: $0.1, issues: &issues) }
        let uiHint = reader.string("uiHint")
        let optional = reader.bool("optional")
        let input: Question.Input
        switch kind {
        case .simpleQuestion:
            input = .simple(reader.objectValue("inputItem").map { InputItem($0, at: pointer.appending("inputItem"), issues: &issues) })
        case .multipleInputQuestion:
            input = .multiple(reader.objects("inputItems").map { $0.map { InputItem($0.0, at: $0.1, issues: &issues) } })
        default:
            let baseTypeName = reader.string("baseType")
            let singleChoice = reader.bool("singleChoice")
            let choices = reader.objects("choices").map { $0.map { Choice($0.0, at: $0.1, issues: &issues) } }
            let other = reader.objectValue("other").map { InputItem($0, at: pointer.appending("other"), issues: &issues) }
            input = .choice(ChoiceInput(baseTypeName: baseTypeName, singleChoice: singleChoice, choices: choices, other: other))
        }
        return Question(input: input, surveyRules: rules, uiHint: uiHint, optional: optional)
    }
}
