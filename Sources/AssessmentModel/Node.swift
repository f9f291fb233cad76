import JSONCore

/// A custom title or icon for a button (`actions` values).
public struct ButtonAction: Sendable, Hashable {
    /// The title shown instead of the default, and the action's own `type` (usually `default`).
    public var buttonTitle, type: String?
    /// Other members (e.g. `iconName`), kept for round trips.
    public var extra = JSONObject()
}

/// One entry of a node's `actions`: the button it customizes and how.
public struct ButtonCustomization: Sendable, Hashable {
    /// The button (the `actions` key).
    public var button: ButtonType
    /// Its title and other members (the `actions` value).
    public var action: ButtonAction
}

/// One node of a survey: the assessment, a section or a step. Every node has the same header
/// (identifier, display texts, navigation); what only one kind has lives in its ``Body``, so a
/// `switch` over ``body`` is exhaustive and a kind's members exist only on that kind.
public struct Node: Sendable, Hashable {
    /// The node's `identifier` (empty when missing, which is reported as an issue).
    public var identifier: String
    /// Content shown to the participant (`title`, `subtitle`, `detail`), and a note for survey authors, never shown (`comment`).
    public var title, subtitle, detail, comment: String?
    /// The image description, as written.
    public var image: JSONValue?
    /// Where to go after this node instead of the next sibling.
    public var nextStepIdentifier: NavigationTarget?
    /// Buttons hidden on this node and, for containers, on every node inside.
    public var shouldHideActions: [ButtonType]?
    /// Button customizations, in document order.
    public var actions: [ButtonCustomization]?
    /// What the node is, with the members of its kind.
    public var body: Body
    /// Members no engine reads (e.g. `$schema`, an app's own keys), kept for exact round trips.
    public var extra = JSONObject()
    /// The node's JSON Pointer in its document.
    public var pointer: JSONPointer
    /// True only for the holder lint puts around a file's single root step (see `fileHolder(for:)`).
    package var isFileHolder = false

    /// What a node is: one case per node type of the format, with the members only that type has. The
    /// large payloads are boxed, so copying a node (lint and the runner pass nodes around) stays cheap.
    public enum Body: Sendable, Hashable {
        /// The survey itself (or an assessment nested as a step, which runs like a section), and a group of steps.
        indirect case assessment(Container), section(Container)
        /// Content steps without members of their own.
        case overview, instruction, completion, feedback
        /// A step asking for a device permission.
        case permission(permissionType: String?)
        /// A countdown before an activity, and a timed activity, in seconds.
        case countdown(duration: JSONNumber?), active(duration: JSONNumber?)
        /// A question: simple, choice or multiple-input, by its ``Question/input``.
        indirect case question(Question)
        /// A node whose content is the node of the resource file `resourceName`, and an assessment loaded from one.
        case transform(resourceName: String?), transformableAssessment(resourceName: String?)
        /// An assessment the app loads from its registry.
        case assessmentPlaceholder(assessmentInfo: JSONObject?)
        /// A type the format does not name (an app's own type, or a typo); a root of such a type may hold steps.
        case unknown(type: String, container: Container?)
    }

    /// What the assessment and sections hold.
    public struct Container: Sendable, Hashable {
        /// The child steps, in order.
        public var steps: [Node]
        /// The assessment's `versionString`, `schemaIdentifier`, `copyright` and `estimatedMinutes` (as written).
        public var versionString, schemaIdentifier, copyright: String?, estimatedMinutes: JSONNumber?
    }

    /// A node of `body` without other members; decoding fills them in.
    public init(identifier: String, body: Body, pointer: JSONPointer = .root) {
        self.identifier = identifier
        self.body = body
        self.pointer = pointer
    }

    /// The node's `type`.
    public var kind: NodeKind {
        switch body {
        case .assessment: return .assessment
        case .section: return .section
        case .overview: return .overview
        case .instruction: return .instruction
        case .completion: return .completion
        case .feedback: return .feedback
        case .permission: return .permission
        case .countdown: return .countdown
        case .active: return .active
        case .question(let question):
            switch question.input {
            case .simple: return .simpleQuestion
            case .choice: return .choiceQuestion
            case .multiple: return .multipleInputQuestion
            }
        case .transform: return .transform
        case .transformableAssessment: return .transformableAssessment
        case .assessmentPlaceholder: return .assessmentPlaceholder
        case .unknown(let type, _): return .unknown(type)
        }
    }

    /// The container part of the assessment, a section, or a root of an app's own type that holds steps.
    public var container: Container? {
        switch body {
        case .assessment(let container), .section(let container), .unknown(_, let container?): container
        default: nil
        }
    }

    /// Containers: the child steps in order; `nil` for other nodes. Setting it replaces a container's
    /// steps and leaves other nodes as they are.
    public var steps: [Node]? {
        get { container?.steps }
        set {
            guard let newValue, var container else { return }
            container.steps = newValue
            switch body {
            case .assessment: body = .assessment(container)
            case .section: body = .section(container)
            case .unknown(let type, _): body = .unknown(type: type, container: container)
            default: break
            }
        }
    }

    /// Questions: rules and input; `nil` for other nodes.
    public var question: Question? { if case .question(let question) = body { question } else { nil } }
    /// True for question steps.
    public var isQuestion: Bool { kind.isQuestion }

    /// A container holding a file's single root step, so lint can walk that step like any other.
    package static func fileHolder(for step: Node) -> Node {
        var holder = Node(identifier: "", body: .unknown(type: "", container: Container(steps: [step])), pointer: step.pointer)
        holder.isFileHolder = true
        return holder
    }
}
