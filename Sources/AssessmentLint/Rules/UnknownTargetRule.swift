import AssessmentModel
import JSONCore

/// Reports `skipToIdentifier`/`nextStepIdentifier` values that name no sibling step and no
/// reserved keyword: on phones the current section silently ends there.
struct UnknownTargetRule: LintRule {
    let id = LintRuleID.unknownTarget
    let severity = LintSeverity.error
    let summary = "a rule or nextStepIdentifier names no sibling step and no reserved keyword"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        // Where each identifier is first defined, built only once a target is unknown.
        var everywhere: [String: JSONPointer]?
        for visit in survey.visits {
            let container = visit.container
            let named = visit.node.namedTargets
            // A step kept in its own file has its siblings in the survey that includes it.
            guard !named.isEmpty, !container.isFileHolder else { continue }
            // One name set per container, shared: a survey of 10,000 steps that each name a target stays linear.
            let known = survey.stepIdentifiers(in: container)
            for named in named {
                guard case .node(let identifier) = named.target, !known.contains(identifier) else { continue }
                // A keyword in other capitals is platform-keyword-case's (a keyword on Android).
                guard NavigationTarget.keyword(matchingIgnoringCase: identifier) == nil else { continue }
                let siblings = (container.steps ?? []).map(\.identifier)
                let whatHappens = visit.ancestors.count == 1 ? "the survey silently ends there" : "section \"\(container.identifier)\" silently ends there"
                var message = "step \"\(visit.node.identifier)\" jumps to \"\(identifier)\", which is not a step of \"\(container.identifier)\"; on phones \(whatHappens)"
                var notes: [Finding.Note] = []
                var fixes: [FixIt] = []
                if everywhere == nil {
                    everywhere = Dictionary(survey.visits.map { ($0.node.identifier, $0.node.pointer) }, uniquingKeysWith: { first, _ in first })
                }
                if let elsewhere = everywhere?[identifier] {
                    message += " (targets must be siblings; \"\(identifier)\" is in another container)"
                    notes.append(survey.note("\"\(identifier)\" is defined here", at: elsewhere))
                } else if let guess = Suggestion.closest(to: identifier, among: siblings + NavigationTarget.keywords) {
                    message += "; did you mean \"\(guess)\"?"
                    fixes = survey.replacing(named.pointer, with: guess)
                }
                findings.append(survey.finding(self, message, at: named.pointer, notes: notes, fixes: fixes))
            }
        }
        return findings
    }
}
