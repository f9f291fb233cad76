/// Reports node types neither the format nor the app (`--allow-type`, `assess.json`) defines, at the
/// root too, listing the known ones.
public struct UnknownNodeTypeRule: LintRule {
    public let id = LintRuleID.unknownNodeType
    public let severity = LintSeverity.error
    public let summary = "a node's \"type\" is not one the format defines (allow an app's own types with --allow-type)"

    public init() {}

    public func check(_ survey: LintContext) -> [Finding] {
        let nodes = (survey.assessment.steps == nil ? [] : [survey.assessment]) + survey.visits.map(\.node)
        return nodes.compactMap { node in
            guard case .unknown(let type) = node.kind, !type.isEmpty, !survey.allowedTypes.contains(type) else { return nil }
            let known = NodeKind.knownTypeNames
            let guess = Suggestion.closest(to: type, among: known + survey.allowedTypes.sorted())
            let hint = guess.map { "; did you mean \"\($0)\"?" } ?? ""
            let what = node.pointer == .root ? "the root" : "step \"\(node.identifier)\""
            return survey.finding(self, "\(what) has unknown type \"\(type)\"\(hint) (known types: \(known.joined(separator: ", ")); an app's own type can be allowed with --allow-type \(type))",
                                  at: node.pointer.appending("type"), fixes: guess.map { survey.replacing(node.pointer.appending("type"), with: $0) } ?? [])
        }
    }
}
