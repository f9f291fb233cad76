import AssessmentModel

/// Reports node types neither the format nor the app (`Remedy.allowType`) defines, at the root too,
/// listing the known ones.
struct UnknownNodeTypeRule: LintRule {
    let id = LintRuleID.unknownNodeType
    let severity = LintSeverity.error
    let summaryText: HintedText = "a node's \"type\" is not one the format defines (allow an app's own types with \(remedy: .allowType(nil)))"
    var summary: String { summaryText.description }

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        let nodes = (survey.assessment.steps == nil ? [] : [survey.assessment]) + survey.visits.map(\.node)
        return nodes.compactMap { node in
            // SageResearch's types are reported once per file by `SageResearchFormatRule`, not as app types to allow.
            guard case .unknown(let type) = node.kind, !type.isEmpty, !survey.allowedTypes.contains(type),
                  !SageResearchFormatRule.isSageResearch(node) else { return nil }
            let known = NodeKind.knownNames
            let guess = Suggestion.closest(to: type, among: known + survey.allowedTypes.sorted())
            let what = node.pointer == .root ? "the root" : "step \"\(node.identifier)\""
            let fixes = guess.map { survey.replacing(node.pointer.appending("type"), with: $0) } ?? []
            // A near miss of a known type comes first; one that differs only in case (type names are case-sensitive) is surely a typo.
            if let guess, guess.lowercased() == type.lowercased() {
                return survey.finding(self, "\(what) has unknown type \"\(type)\"; did you mean \"\(guess)\"? (type names are case-sensitive)",
                                      at: node.pointer.appending("type"), fixes: fixes)
            }
            let hint = guess.map { "; did you mean \"\($0)\"?" } ?? ""
            let allow: HintedText = guess == nil ? "an app's own type can be allowed with \(remedy: .allowType(type))"
                : "if it is an app's own type, allow it with \(remedy: .allowType(type))"
            let text: HintedText = "\(what) has unknown type \"\(type)\"\(hint) (known types: \(known.joined(separator: ", ")); \(allow))"
            return survey.finding(self, text, at: node.pointer.appending("type"), fixes: fixes)
        }
    }
}
