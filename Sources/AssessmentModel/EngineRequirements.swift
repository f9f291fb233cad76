import JSONCore

/// A member without which neither phone engine can decode a node: Kotlin's serializers and Swift's
/// decoders both throw, so the app cannot load the survey at all (AssessmentModelKMM
/// `SimpleQuestionObject.inputItem`, `ChoiceQuestionObject.choices`, `MultipleInputQuestionObject.inputItems`
/// have no default).
public struct MissingEngineMember: Sendable, Hashable, CustomStringConvertible {
    /// The node's identifier (empty when it has none).
    public let identifier: String
    /// The node's type.
    public let kind: NodeKind
    /// The member it lacks.
    public let member: String
    /// Where the node is.
    public let pointer: JSONPointer

    /// The step, its kind and the member the engines need, for users.
    public var description: String {
        "step \"\(identifier)\" is a \(kind) without \"\(member)\"; neither phone engine can decode it"
    }
}

extension Node {
    /// Every node of this tree (this one included) that lacks a member both engines require, in document order.
    public func missingEngineMembers() -> [MissingEngineMember] {
        ([self] + descendants().map(\.node)).compactMap { node in
            guard case .question(let question) = node.body else { return nil }
            let member: String
            switch question.input {
            case .simple(nil): member = "inputItem"
            case .multiple(nil): member = "inputItems"
            case .choice(let choice) where choice.choices == nil: member = "choices"
            default: return nil
            }
            return MissingEngineMember(identifier: node.identifier, kind: node.kind, member: member, pointer: node.pointer)
        }
    }
}
