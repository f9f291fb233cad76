import JSONCore

/// Reports steps that share an identifier with a sibling (error: navigation cannot tell them
/// apart) or with any other node of the survey (warning: results become ambiguous).
public struct DuplicateIdentifierRule: LintRule {
    public let id = "duplicate-identifier"
    public let severity = LintSeverity.error
    public let summary = "two steps share an identifier (error among siblings, warning elsewhere in the survey)"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        var firstAnywhere: [String: JSONPointer] = [:]
        for container in survey.containers {
            var firstAmongSiblings: [String: Node] = [:]
            for step in container.steps ?? [] where !step.identifier.isEmpty {
                if let first = firstAmongSiblings[step.identifier] {
                    findings.append(survey.finding(
                        self, "identifier \"\(step.identifier)\" is used twice in \"\(container.identifier)\"; navigation to it is ambiguous",
                        at: step.pointer.appending("identifier"),
                        notes: [survey.note("first used here", at: first.pointer.appending("identifier"))]))
                } else {
                    firstAmongSiblings[step.identifier] = step
                }
            }
        }
        for visit in survey.visits where !visit.node.identifier.isEmpty {
            let step = visit.node
            if let first = firstAnywhere[step.identifier] {
                let siblings = first.parent == step.pointer.parent
                if !siblings {
                    findings.append(survey.finding(
                        self, "identifier \"\(step.identifier)\" is also used in another part of the survey; results will be ambiguous",
                        at: step.pointer.appending("identifier"), severity: .warning,
                        notes: [survey.note("first used here", at: first.appending("identifier"))]))
                }
            } else {
                firstAnywhere[step.identifier] = step.pointer
            }
        }
        return findings
    }
}

/// Reports node types the format does not define, listing the known ones.
public struct UnknownNodeTypeRule: LintRule {
    public let id = "unknown-node-type"
    public let severity = LintSeverity.error
    public let summary = "a step's \"type\" is not one the format defines"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        survey.visits.compactMap { visit in
            guard case .unknown(let type) = visit.node.kind, !type.isEmpty else { return nil }
            let known = NodeKind.knownTypeNames.filter { $0 != "assessment" }
            let hint = Suggestion.closest(to: type, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            return survey.finding(self, "step \"\(visit.node.identifier)\" has unknown type \"\(type)\"\(hint) (known types: \(known.joined(separator: ", ")))",
                                  at: visit.node.pointer.appending("type"))
        }
    }
}

/// Reports button names in `shouldHideActions` or `actions` that the format does not define.
public struct UnknownButtonRule: LintRule {
    public let id = "unknown-button"
    public let severity = LintSeverity.warning
    public let summary = "a button name in shouldHideActions or actions is not one the format defines"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let known = ButtonType.known.map(\.description)
        for node in [survey.assessment] + survey.visits.map(\.node) {
            for (index, button) in (node.shouldHideActions ?? []).enumerated() where !button.isKnown {
                findings.append(survey.finding(self, message(button, known), at: node.pointer.appending("shouldHideActions").appending(index: index)))
            }
            for (button, _) in node.actions ?? [] where !button.isKnown {
                let pointer = node.pointer.appending("actions").appending(button.description)
                findings.append(Finding(ruleID: id, severity: severity, message: message(button, known), pointer: pointer,
                                        position: survey.document.keyPosition(of: pointer)))
            }
        }
        return findings
    }

    private func message(_ button: ButtonType, _ known: [String]) -> String {
        let hint = Suggestion.closest(to: button.description, among: known).map { "did you mean \"\($0)\"? " } ?? ""
        return "unknown button \"\(button)\"; \(hint)phones ignore it (known buttons: \(known.joined(separator: ", ")))"
    }
}
