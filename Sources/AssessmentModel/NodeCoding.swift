import JSONCore

/// A node reads `"type"` first, then the header every node has, then its kind's own members (one
/// set of coding keys per kind, named as the engines name them; see ``EngineKeys``), then keeps the
/// members no engine reads in ``Node/extra``. A missing `type` or `identifier` is reported (the node
/// then has an empty one); sections nest as deep as the file does (see `DeepDecoding`).
extension Node: Codable {
    /// The members every node has.
    enum HeaderKey: String, CodingKey, CaseIterable {
        case type, identifier, title, subtitle, detail, image, comment, nextStepIdentifier, shouldHideActions, actions
    }

    /// The assessment's and sections' members.
    enum ContainerKey: String, CodingKey, CaseIterable {
        case versionString, schemaIdentifier, estimatedMinutes, copyright, steps
    }

    /// The members of the other kinds that have any: one key each.
    enum StepKey: String, CodingKey {
        case permissionType, duration, resourceName, assessmentInfo, steps
    }

    /// Decodes the node and its children.
    public init(from decoder: any Decoder) throws {
        var header = try LenientMembers(decoder, HeaderKey.self, part: "a node")
        let pointer = decoder.jsonPointer
        let typeName = header.string(.type)
        if typeName == nil { decoder.report(JSONDecodingError(.missingKey("type"), at: pointer)) }
        let identifier = header.string(.identifier)
        if !header.keyed.contains(.identifier) { decoder.report(JSONDecodingError(.missingKey("identifier"), at: pointer)) }
        self.init(identifier: identifier ?? "", body: .overview, pointer: pointer)
        title = header.string(.title)
        subtitle = header.string(.subtitle)
        detail = header.string(.detail)
        image = header.value(.image)
        comment = header.string(.comment)
        nextStepIdentifier = header.string(.nextStepIdentifier).map(NavigationTarget.init)
        shouldHideActions = header.decode([JSONValue].self, .shouldHideActions, expected: .array)?
            .compactMap(\.stringValue).map(ButtonType.init)
        actions = try Node.actions(&header)
        let kind = NodeKind(typeName ?? "")
        var rejected = header.rejected
        body = try Node.body(of: kind, header, rejected: &rejected)
        extra = LenientMembers<HeaderKey>.extra(of: decoder, known: Node.knownKeys(of: body), rejected: rejected)
    }

    /// `actions`: each member a button and its action (a value that is not an object customizes nothing).
    private static func actions(_ header: inout LenientMembers<HeaderKey>) throws -> [ButtonCustomization]? {
        guard header.keyed.contains(.actions) else { return nil }
        guard let map = try? header.keyed.nestedContainer(keyedBy: MemberKey.self, forKey: .actions) else {
            header.reject(.actions, expected: JSONPrimitiveType.object.withArticle)
            return nil
        }
        let keys = header.decoder.jsonValue == nil ? map.allKeys.sorted { $0.stringValue < $1.stringValue } : map.allKeys
        return keys.map { key in
            ButtonCustomization(button: ButtonType(key.stringValue), action: (try? map.decode(ButtonAction.self, forKey: key)) ?? ButtonAction())
        }
    }

    /// The kind's own members.
    private static func body(of kind: NodeKind, _ header: LenientMembers<HeaderKey>, rejected: inout [String]) throws -> Body {
        switch kind {
        case .assessment: return .assessment(try container(header, rejected: &rejected))
        case .section: return .section(try container(header, rejected: &rejected))
        case .overview: return .overview
        case .instruction: return .instruction
        case .completion: return .completion
        case .feedback: return .feedback
        case .simpleQuestion, .choiceQuestion, .multipleInputQuestion:
            return .question(try Question(kind: kind, header, rejected: &rejected))
        case .unknown(let type):
            // A root of an app's own type may hold steps, as an assessment does.
            var members = try LenientMembers(StepKey.self, of: header)
            let holdsSteps = header.decoder.jsonPointer.isRoot && members.keyed.contains(.steps)
            defer { rejected += members.rejected }
            return .unknown(type: type, container: holdsSteps ? Container(steps: steps(&members, .steps)) : nil)
        default:
            var members = try LenientMembers(StepKey.self, of: header)
            defer { rejected += members.rejected }
            switch kind {
            case .permission: return .permission(permissionType: members.string(.permissionType))
            case .countdown: return .countdown(duration: members.number(.duration))
            case .active: return .active(duration: members.number(.duration))
            case .transform: return .transform(resourceName: members.string(.resourceName))
            case .transformableAssessment: return .transformableAssessment(resourceName: members.string(.resourceName))
            default: return .assessmentPlaceholder(assessmentInfo: members.object(.assessmentInfo))
            }
        }
    }

    private static func container(_ header: LenientMembers<HeaderKey>, rejected: inout [String]) throws -> Container {
        var members = try LenientMembers(ContainerKey.self, of: header)
        defer { rejected += members.rejected }
        return Container(steps: steps(&members, .steps), versionString: members.string(.versionString),
                         schemaIdentifier: members.string(.schemaIdentifier), estimatedMinutes: members.number(.estimatedMinutes),
                         copyright: members.string(.copyright))
    }

    /// The child steps; the first levels past `DeepDecoding.hopDepth` move to a large stack.
    private static func steps<Key: CodingKey>(_ members: inout LenientMembers<Key>, _ key: Key) -> [Node] {
        DeepDecoding.run(at: members.decoder.jsonPointer) { members.parts(Node.self, key) } ?? []
    }

    private static let headerKeys = Set(HeaderKey.allCases.map(\.rawValue))
    private static let containerKeys = headerKeys.union(ContainerKey.allCases.map(\.rawValue))

    /// The members the model types for a node of this body.
    private static func knownKeys(of body: Body) -> Set<String> {
        switch body {
        case .assessment, .section, .unknown(_, _?): return containerKeys
        case .question(let question): return Question.knownKeys(question.kind)
        case .permission: return headerKeys.union([StepKey.permissionType.rawValue])
        case .countdown, .active: return headerKeys.union([StepKey.duration.rawValue])
        case .transform, .transformableAssessment: return headerKeys.union([StepKey.resourceName.rawValue])
        case .assessmentPlaceholder: return headerKeys.union([StepKey.assessmentInfo.rawValue])
        case .overview, .instruction, .completion, .feedback, .unknown: return headerKeys
        }
    }

    /// Writes the header, then the kind's members, then `steps`, then ``extra``.
    public func encode(to encoder: any Encoder) throws {
        var header = encoder.container(keyedBy: HeaderKey.self)
        // A `type` or `identifier` of the wrong type is in `extra` and written from there.
        if extra["type"] == nil { try header.encode(kind.description, forKey: .type) }
        if extra["identifier"] == nil { try header.encode(identifier, forKey: .identifier) }
        try header.encodeIfPresent(title, forKey: .title)
        try header.encodeIfPresent(subtitle, forKey: .subtitle)
        try header.encodeIfPresent(detail, forKey: .detail)
        try header.encodeIfPresent(image, forKey: .image)
        try header.encodeIfPresent(comment, forKey: .comment)
        try header.encodeIfPresent(nextStepIdentifier?.description, forKey: .nextStepIdentifier)
        try header.encodeIfPresent(shouldHideActions?.map(\.description), forKey: .shouldHideActions)
        if let actions {
            var map = header.nestedContainer(keyedBy: MemberKey.self, forKey: .actions)
            for entry in actions { try map.encode(entry.action, forKey: MemberKey(entry.button.description)) }
        }
        try encodeBody(to: encoder)
        try encoder.encode(extra: extra)
    }

    private func encodeBody(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: StepKey.self)
        switch body {
        case .assessment(let container), .section(let container):
            var keyed = encoder.container(keyedBy: ContainerKey.self)
            try keyed.encodeIfPresent(container.versionString, forKey: .versionString)
            try keyed.encodeIfPresent(container.schemaIdentifier, forKey: .schemaIdentifier)
            try keyed.encodeIfPresent(container.estimatedMinutes, forKey: .estimatedMinutes)
            try keyed.encodeIfPresent(container.copyright, forKey: .copyright)
            try keyed.encode(container.steps, forKey: .steps)
        case .unknown(_, let container?): try members.encode(container.steps, forKey: .steps)
        case .overview, .instruction, .completion, .feedback, .unknown: break
        case .permission(let type): try members.encodeIfPresent(type, forKey: .permissionType)
        case .countdown(let duration), .active(let duration): try members.encodeIfPresent(duration, forKey: .duration)
        case .question(let question): try question.encode(to: encoder)
        case .transform(let name), .transformableAssessment(let name): try members.encodeIfPresent(name, forKey: .resourceName)
        case .assessmentPlaceholder(let info): try members.encodeIfPresent(info, forKey: .assessmentInfo)
        }
    }
}

extension ButtonAction: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case buttonTitle, type
    }

    /// Decodes an `actions` value; throws when it is not an object.
    public init(from decoder: any Decoder) throws {
        var members = try LenientMembers(decoder, CodingKeys.self, part: "a button action")
        self.init(buttonTitle: members.string(.buttonTitle), type: members.string(.type))
        extra = members.extra(known: ButtonAction.known)
    }

    private static let known = Set(CodingKeys.allCases.map(\.rawValue))

    /// Writes `buttonTitle`, `type`, then ``extra``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(buttonTitle, forKey: .buttonTitle)
        try container.encodeIfPresent(type, forKey: .type)
        try encoder.encode(extra: extra)
    }
}
