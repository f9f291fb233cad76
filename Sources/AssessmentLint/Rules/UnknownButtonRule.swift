import AssessmentModel
import JSONCore

/// Reports button names in `shouldHideActions` or `actions` that the format does not define.
struct UnknownButtonRule: LintRule {
    let id = LintRuleID.unknownButton
    let severity = LintSeverity.warning
    let summary = "a button name in shouldHideActions or actions is not one the format defines"

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let known = ButtonType.knownNames
        for node in [survey.assessment] + survey.visits.map(\.node) {
            for (index, button) in (node.shouldHideActions ?? []).enumerated() where !button.isKnown {
                let pointer = node.pointer.appending("shouldHideActions").appending(index: index)
                findings.append(finding(survey, button, known, at: pointer, onKey: false))
            }
            for button in (node.actions ?? []).map(\.button) where !button.isKnown {
                findings.append(finding(survey, button, known, at: node.pointer.appending("actions").appending(button.description), onKey: true))
            }
        }
        return findings
    }

    /// The finding for one unknown name, at the value (in `shouldHideActions`) or at the member name (in `actions`).
    private func finding(_ survey: LintContext, _ button: ButtonType, _ known: [String], at pointer: JSONPointer, onKey: Bool) -> Finding {
        let guess = Suggestion.closest(to: button.description, among: known)
        let hint = guess.map { "did you mean \"\($0)\"? " } ?? ""
        return survey.finding(self, "unknown button \"\(button)\"; \(hint)phones ignore it (known buttons: \(known.joined(separator: ", ")))",
                              at: pointer, onKey: onKey, fixes: guess.map { survey.replacing(pointer, onKey: onKey, with: $0) } ?? [])
    }
}
