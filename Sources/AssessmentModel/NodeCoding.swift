import JSONCore

/// A node reads `"type"` first, then the header every node has, then its kind's own members (keys named as the
/// engines name them; see ``EngineKeys``), and keeps the others in ``Node/extra``. A missing `type` or `identifier`
/// is reported (the node then has an empty one).
extension Node: Codable {
    /// The members every node has.
    enum HeaderKey: String, CodingKey, CaseIterable {
        case type, identifier, title, subtitle, detail, image, comment, nextStepIdentifier, shouldHideActions, actions
    }

    /// The assessment's and sections' members.
    enum ContainerKey: String, CodingKey, CaseIterable { case versionString, schemaIdentifier, estimatedMinutes, copyright, steps }
    /// The members of the other kinds that have any: one key each.
    enum StepKey: String, CodingKey { case permissionType, duration, resourceName, assessmentInfo, steps }

    /// The header members but `type`, `identifier` and `actions`.
    private static let headerFields: [Field<Node, HeaderKey>] = [
        .string(.title, \.title), .string(.subtitle, \.subtitle), .string(.detail, \.detail), .value(.image, \.image),
        .string(.comment, \.comment), .name(.nextStepIdentifier, \.nextStepIdentifier, NavigationTarget.init),
        .member(.shouldHideActions, \.shouldHideActions, get: { $0.payload($1, .array, \.arrayValue)?.compactMap(\.stringValue).map(ButtonType.init) },
                put: { $0.map(\.description) }),
    ]

    /// The container members but `steps`.
    private static let containerFields: [Field<Container, ContainerKey>] = [
        .string(.versionString, \.versionString), .string(.schemaIdentifier, \.schemaIdentifier),
        .number(.estimatedMinutes, \.estimatedMinutes), .string(.copyright, \.copyright),
    ]

    /// Decodes the node and its children.
    public init(from decoder: any Decoder) throws {
        guard var members = try LenientMembers(decoder, part: "a node") else {
            self = try JSONValueDecoder().decode(Node.self, from: JSONValue(from: decoder), at: decoder.jsonPointer)
            return
        }
        let pointer = decoder.jsonPointer
        let typeName = members.string(HeaderKey.type)
        if typeName == nil { decoder.report(JSONDecodingError(.missingKey("type"), at: pointer)) }
        let identifier = members.string(HeaderKey.identifier)
        if !members.contains(HeaderKey.identifier) { decoder.report(JSONDecodingError(.missingKey("identifier"), at: pointer)) }
        self = try members.read(Node.headerFields, into: Node(identifier: identifier ?? "", body: .overview, pointer: pointer))
        actions = Node.actions(&members)
        body = try Node.body(of: NodeKind(typeName ?? ""), &members)
        extra = members.extra()
    }

    /// `actions`: each member a button and its action (a value that is not an object customizes nothing).
    private static func actions(_ members: inout LenientMembers) -> [ButtonCustomization]? {
        let key = JSONCodingKey(HeaderKey.actions)
        guard let map = members.take(key, .object, { _, keyed in try keyed.nestedContainer(keyedBy: JSONCodingKey.self, forKey: key) }) else { return nil }
        return map.allKeys.map { key in
            ButtonCustomization(button: ButtonType(key.stringValue), action: (try? map.decode(ButtonAction.self, forKey: key)) ?? ButtonAction())
        }
    }

    /// The kind's own members.
    private static func body(of kind: NodeKind, _ members: inout LenientMembers) throws -> Body {
        switch kind {
        case .assessment: return .assessment(try container(&members))
        case .section: return .section(try container(&members))
        case .overview: return .overview
        case .instruction: return .instruction
        case .completion: return .completion
        case .feedback: return .feedback
        case .simpleQuestion, .choiceQuestion, .multipleInputQuestion: return .question(try Question(kind: kind, &members))
        case .permission: return .permission(permissionType: members.string(StepKey.permissionType))
        case .countdown: return .countdown(duration: members.number(StepKey.duration))
        case .active: return .active(duration: members.number(StepKey.duration))
        case .transform: return .transform(resourceName: members.string(StepKey.resourceName))
        case .transformableAssessment: return .transformableAssessment(resourceName: members.string(StepKey.resourceName))
        case .assessmentPlaceholder: return .assessmentPlaceholder(assessmentInfo: members.payload(StepKey.assessmentInfo, .object, \.objectValue))
        case .unknown(let type):
            // A root of an app's own type may hold steps, as an assessment does.
            let holdsSteps = members.decoder.jsonPointer.isRoot && members.contains(StepKey.steps)
            return .unknown(type: type, container: holdsSteps ? Container(steps: steps(&members)) : nil)
        }
    }

    private static func container(_ members: inout LenientMembers) throws -> Container {
        try members.read(containerFields, into: Container(steps: steps(&members)))
    }

    /// The child steps. Sections nest as deep as the file does (``SurveyDocument/maxDepth``), and an ordinary thread's
    /// 8 MB stack does not hold 10,000 levels of `init(from:)`: decoding moves to a large-stack thread once, at the
    /// node 128 pointer tokens deep (or 129), and every deeper level stays there.
    private static func steps(_ members: inout LenientMembers) -> [Node] {
        guard (128...129).contains(members.decoder.jsonPointer.tokenCount) else { return members.parts(Node.self, StepKey.steps) ?? [] }
        return LargeStackThread.run { members.parts(Node.self, StepKey.steps) } ?? []
    }

    /// Writes the header, then the kind's members, then ``extra``.
    public func encode(to encoder: any Encoder) throws {
        // A `type` or `identifier` of the wrong type is in `extra` and written from there.
        try encoder.encode(extra["type"] == nil ? kind.description : nil, forKey: HeaderKey.type)
        try encoder.encode(extra["identifier"] == nil ? identifier : nil, forKey: HeaderKey.identifier)
        try encoder.encode(Node.headerFields, of: self)
        if let actions {
            var header = encoder.container(keyedBy: HeaderKey.self)
            var map = header.nestedContainer(keyedBy: JSONCodingKey.self, forKey: .actions)
            for entry in actions { try map.encode(entry.action, forKey: JSONCodingKey(stringValue: entry.button.description)) }
        }
        switch body {
        case .assessment(let container), .section(let container), .unknown(_, let container?):
            try encoder.encode(Node.containerFields, of: container)
            try encoder.encode(container.steps, forKey: StepKey.steps)
        case .overview, .instruction, .completion, .feedback, .unknown: break
        case .permission(let type): try encoder.encode(type, forKey: StepKey.permissionType)
        case .countdown(let duration), .active(let duration): try encoder.encode(duration, forKey: StepKey.duration)
        case .question(let question): try question.encode(to: encoder)
        case .transform(let name), .transformableAssessment(let name): try encoder.encode(name, forKey: StepKey.resourceName)
        case .assessmentPlaceholder(let info): try encoder.encode(info, forKey: StepKey.assessmentInfo)
        }
        for member in extra { try encoder.encode(member.value, forKey: JSONCodingKey(stringValue: member.key)) }
    }
}

extension ButtonAction: ObjectPart {
    enum CodingKeys: String, CodingKey, CaseIterable { case buttonTitle, type }
    static let partName = "a button action"
    static let fields: [Field<ButtonAction, CodingKeys>] = [.string(.buttonTitle, \.buttonTitle), .string(.type, \.type)]
    init(at pointer: JSONPointer) { self.init() }
}
