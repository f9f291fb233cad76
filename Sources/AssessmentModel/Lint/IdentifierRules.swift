import JSONCore

/// Reports steps that share an identifier with a sibling: navigation cannot tell them apart.
/// (Steps of different sections may share one: results are kept per section, as the reference does.)
public struct DuplicateIdentifierRule: LintRule {
    public let id = "duplicate-identifier"
    public let severity = LintSeverity.error
    public let summary = "two steps of one container share an identifier"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
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
        return findings
    }
}

/// Reports node types neither the format nor the app (`--allow-type`, `assess.json`) defines, at the
/// root too, listing the known ones.
public struct UnknownNodeTypeRule: LintRule {
    public let id = "unknown-node-type"
    public let severity = LintSeverity.error
    public let summary = "a node's \"type\" is not one the format defines (allow an app's own types with --allow-type)"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        let nodes = (survey.assessment.steps == nil ? [] : [survey.assessment]) + survey.visits.map(\.node)
        return nodes.compactMap { node in
            guard case .unknown(let type) = node.kind, !type.isEmpty, !survey.allowedTypes.contains(type) else { return nil }
            let known = NodeKind.knownTypeNames
            let what = node.pointer == .root ? "the root" : "step \"\(node.identifier)\""
            // A near miss of a known type comes first; one that differs only in case (type names are case-sensitive) is surely a typo.
            let meant = Suggestion.closest(to: type, among: known + survey.allowedTypes.sorted())
            if let meant, meant.lowercased() == type.lowercased() {
                return survey.finding(self, "\(what) has unknown type \"\(type)\"; did you mean \"\(meant)\"? (type names are case-sensitive)", at: node.pointer.appending("type"))
            }
            let hint = meant.map { "; did you mean \"\($0)\"?" } ?? ""
            let allow = meant == nil ? "an app's own type can be allowed with --allow-type \(type)" : "if it is an app's own type, allow it with --allow-type \(type)"
            return survey.finding(self, "\(what) has unknown type \"\(type)\"\(hint) (known types: \(known.joined(separator: ", ")); \(allow))",
                                  at: node.pointer.appending("type"))
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
