import AssessmentModel
import JSONCore

/// Every navigation target a node names: its rules' `skipToIdentifier` and its `nextStepIdentifier`.
public struct NamedTarget: Sendable {
    /// Where it goes.
    public let target: NavigationTarget
    /// Where it is written.
    public let pointer: JSONPointer
}

extension Node {
    /// The targets this node names, in evaluation order (rules first).
    public var namedTargets: [NamedTarget] {
        var targets: [NamedTarget] = []
        for rule in question?.surveyRules ?? [] {
            if let target = rule.target { targets.append(NamedTarget(target: target, pointer: rule.pointer.appending("skipToIdentifier"))) }
        }
        if let next = nextStepIdentifier { targets.append(NamedTarget(target: next, pointer: pointer.appending("nextStepIdentifier"))) }
        return targets
    }
}
