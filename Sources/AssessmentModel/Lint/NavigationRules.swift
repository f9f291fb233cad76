import JSONCore

/// Every navigation target a node names: its rules' `skipToIdentifier` and its `nextStepIdentifier`.
struct NamedTarget {
    let target: NavigationTarget
    let pointer: JSONPointer
}

extension Node {
    /// The targets this node names, in evaluation order (rules first).
    var namedTargets: [NamedTarget] {
        var targets: [NamedTarget] = []
        for rule in question?.surveyRules ?? [] {
            if let target = rule.target { targets.append(NamedTarget(target: target, pointer: rule.pointer.appending("skipToIdentifier"))) }
        }
        if let next = nextStepIdentifier { targets.append(NamedTarget(target: next, pointer: pointer.appending("nextStepIdentifier"))) }
        return targets
    }
}

/// Reports `skipToIdentifier`/`nextStepIdentifier` values that name no sibling step and no
/// reserved keyword: on phones the current section silently ends there.
public struct UnknownTargetRule: LintRule {
    public let id = "unknown-target"
    public let severity = LintSeverity.error
    public let summary = "a rule or nextStepIdentifier names no sibling step and no reserved keyword"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let everywhere = Dictionary(survey.visits.map { ($0.node.identifier, $0.node) }, uniquingKeysWith: { first, _ in first })
        for visit in survey.visits {
            let container = visit.container
            let named = visit.node.namedTargets
            // A step kept in its own file has its siblings in the survey that includes it.
            guard !named.isEmpty, !container.isFileHolder else { continue }
            let siblings = (container.steps ?? []).map(\.identifier)
            for named in named {
                guard case .node(let identifier) = named.target, !siblings.contains(identifier) else { continue }
                let whatHappens = visit.ancestors.count == 1 ? "the survey silently ends there" : "section \"\(container.identifier)\" silently ends there"
                var message = "step \"\(visit.node.identifier)\" jumps to \"\(identifier)\", which is not a step of \"\(container.identifier)\"; on phones \(whatHappens)"
                var notes: [Finding.Note] = []
                if let elsewhere = everywhere[identifier] {
                    message += " (targets must be siblings; \"\(identifier)\" is in another container)"
                    notes.append(survey.note("\"\(identifier)\" is defined here", at: elsewhere.pointer))
                } else if let guess = Suggestion.closest(to: identifier, among: siblings + NavigationTarget.keywords) {
                    message += "; did you mean \"\(guess)\"?"
                }
                findings.append(survey.finding(self, message, at: named.pointer, notes: notes))
            }
        }
        return findings
    }
}

/// Reports survey rules without `skipToIdentifier` (the reference silently exits the survey).
public struct RuleWithoutTargetRule: LintRule {
    public let id = "rule-without-target"
    public let severity = LintSeverity.error
    public let summary = "a survey rule has no skipToIdentifier"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.flatMap { visit in
            (visit.node.question?.surveyRules ?? []).filter { $0.skipToIdentifier == nil }.map { rule in
                survey.finding(self, "a rule of \"\(visit.node.identifier)\" has no \"skipToIdentifier\"; phones would end the survey when it matches",
                               at: rule.pointer)
            }
        }
    }
}

/// Reports `nextSection` used outside a section (it ends the whole survey there) and
/// `beginning` (it starts the survey over: a loop).
public struct ReservedTargetRule: LintRule {
    public let id = "reserved-target"
    public let severity = LintSeverity.warning
    public let summary = "nextSection outside a section, or beginning (a loop)"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for visit in survey.visits {
            // A step kept in its own file may be included in a section: nextSection is not judged there.
            let inSection = visit.isInSection || visit.container.isFileHolder
            for named in visit.node.namedTargets {
                switch named.target {
                case .nextSection where !inSection:
                    findings.append(survey.finding(self, "\"nextSection\" in \"\(visit.node.identifier)\" is not inside a section, so it ends the survey; use \"exit\" if that is intended",
                                                   at: named.pointer))
                case .beginning:
                    findings.append(survey.finding(self, "\"beginning\" in \"\(visit.node.identifier)\" starts the survey over: participants loop back to the first step",
                                                   at: named.pointer))
                default:
                    break
                }
            }
        }
        return findings
    }
}
