import AssessmentModel

/// Reports a question's `uiHint` that is a likely misspelling of a hint the apps know (they show
/// their default control for a hint they do not know, silently), and a hint the format lists for
/// another kind of question. Hints far from every known one are taken as an app's own and pass.
struct UIHintRule: LintRule {
    let id = LintRuleID.uiHint
    let severity = LintSeverity.warning
    let summary = "a question's uiHint looks like a misspelt hint, or is one the format lists for another kind of question"

    /// The hints the format document lists, by the questions it lists them for.
    static let choiceHints = ["checkbox", "radioButton"]
    static let numberHints = ["textfield", "slider", "likert", "picker"]
    static let textHints = ["textfield", "multipleLine"]
    /// Other hints the reference and the published schemas name (`FormUIHint`), and the apps use.
    static let otherHints = ["checkmark", "radio", "list", "combobox", "disclosureArrow", "popover", "link", "section", "button", "toggle"]
    /// Every hint above.
    static let knownHints = choiceHints + numberHints + textHints + otherHints

    init() {}

    func check(_ survey: LintContext) -> [Finding] {
        survey.visits.compactMap { visit in
            guard let question = visit.node.question, let hint = question.uiHint else { return nil }
            let pointer = visit.node.pointer.appending("uiHint")
            guard let name = Self.knownHints.first(where: { $0.lowercased() == hint.lowercased() }) else {
                guard let suggestion = Suggestion.closest(to: hint, among: Self.knownHints) else { return nil }
                return survey.finding(self, "uiHint \"\(hint)\" of \"\(visit.node.identifier)\" is not a hint the apps know, so they show their default control; did you mean \"\(suggestion)\"?",
                                      at: pointer, fixes: survey.replacing(pointer, with: suggestion))
            }
            guard let (listed, kind) = Self.expected(for: visit.node.kind, question), !listed.contains(name),
                  let intended = Self.intendedKind(of: name) else { return nil }
            return survey.finding(self, "uiHint \"\(hint)\" is listed for \(intended), but \"\(visit.node.identifier)\" is \(kind) (its hints: \(listed.joined(separator: ", ")))",
                                  at: pointer)
        }
    }

    /// The hints the format lists for this question, and what to call it.
    private static func expected(for kind: NodeKind, _ question: Question) -> (hints: [String], kind: String)? {
        guard let hints = listedHints(for: kind, input: question.inputItem?.type) else { return nil }
        return (hints, kind == .choiceQuestion ? "a choice question" : hints == numberHints ? "a number question" : "a text question")
    }

    /// The hints the format lists for a kind of question (with its input's type), when it lists some.
    static func listedHints(for kind: NodeKind, input: InputItemType?) -> [String]? {
        if kind == .choiceQuestion { return choiceHints }
        guard kind == .simpleQuestion, let input else { return nil }
        switch input {
        case .integer, .number, .year: return numberHints
        case .string: return textHints
        default: return nil
        }
    }

    /// The kind of question a listed hint is for, when it is listed for one kind only.
    private static func intendedKind(of hint: String) -> String? {
        if choiceHints.contains(hint) { return "choice questions" }
        if hint == "multipleLine" { return "text questions" }
        if numberHints.contains(hint), hint != "textfield" { return "number questions" }
        return nil
    }
}
