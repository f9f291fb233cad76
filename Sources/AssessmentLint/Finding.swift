import AssessmentModel
import JSONCore

/// How serious a finding is.
public enum LintSeverity: String, Sendable, Comparable, CaseIterable {
    /// Information that never fails a file, not even with `--strict` (e.g. which schema was used).
    case note
    /// A problem that fails a file only with `--strict`.
    case warning
    /// A problem that fails the file.
    case error

    /// Notes first, errors last.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// A replacement of one span of the file's text.
public struct TextEdit: Sendable, Hashable {
    /// The span replaced (empty to insert).
    public let range: SourceRange
    /// The text put in its place.
    public let replacement: String

    /// An edit from its parts.
    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A fix an editor can apply: what it does, and the edits that do it.
public struct FixIt: Sendable, Hashable {
    /// What the fix does, e.g. `replace with "simpleQ4"`.
    public let title: String
    /// The edits, none overlapping.
    public let edits: [TextEdit]

    /// A fix from its parts.
    public init(title: String, edits: [TextEdit]) {
        self.title = title
        self.edits = edits
    }
}

/// One problem lint found, located in the file.
public struct Finding: Sendable, Hashable {
    /// A related place, e.g. the first of two duplicates.
    public struct Note: Sendable, Hashable {
        /// What the related place is, e.g. `first defined here`.
        public let message: String
        /// The span of the related value.
        public let range: SourceRange

        /// A note from its parts.
        public init(message: String, range: SourceRange) {
            self.message = message
            self.range = range
        }

        /// Where the related value starts (1-based line and column).
        public var position: SourcePosition { range.start }
    }

    /// The rule that found it.
    public let rule: LintRuleID
    /// How serious it is (usually its rule's severity).
    public let severity: LintSeverity
    /// What is wrong, in one sentence, with the places where a front end names its way to fix it.
    public let text: HintedText
    /// The JSON Pointer of the offending value.
    public let pointer: JSONPointer
    /// The span of the offending value (or member name).
    public let range: SourceRange
    /// Related places lint's text output prints as `note:` lines.
    public let notes: [Note]
    /// More related places, for editors only (lint's outputs stay as they were): e.g. the other steps of a loop.
    public let related: [Note]
    /// Edits that fix it ("did you mean" suggestions), best first.
    public let fixes: [FixIt]

    /// A finding from its parts.
    public init(rule: LintRuleID, severity: LintSeverity, text: HintedText, pointer: JSONPointer, range: SourceRange,
                notes: [Note] = [], related: [Note] = [], fixes: [FixIt] = []) {
        self.rule = rule
        self.severity = severity
        self.text = text
        self.pointer = pointer
        self.range = range
        self.notes = notes
        self.related = related
        self.fixes = fixes
    }

    /// A finding whose message names no remedy.
    public init(rule: LintRuleID, severity: LintSeverity, message: String, pointer: JSONPointer, range: SourceRange,
                notes: [Note] = [], related: [Note] = [], fixes: [FixIt] = []) {
        self.init(rule: rule, severity: severity, text: HintedText(message), pointer: pointer, range: range,
                  notes: notes, related: related, fixes: fixes)
    }

    /// What is wrong, in one sentence, in the library's words (`text` names no front end's option).
    public var message: String { text.description }

    /// The stable kebab-case id of the rule that found it.
    public var ruleID: String { rule.rawValue }

    /// Where it starts (1-based line and column).
    public var position: SourcePosition { range.start }
}

/// A check with a stable id, listed by `--list-rules`.
public protocol LintCheck: Sendable {
    /// Stable id (used by `--exclude` and in every finding).
    var id: LintRuleID { get }
    /// The severity of its findings.
    var severity: LintSeverity { get }
    /// One line saying what it reports.
    var summary: String { get }
    /// The summary with the places where a front end names its way to apply a remedy (by default `summary`).
    var summaryText: HintedText { get }
}

extension LintCheck {
    /// The summary, naming no remedy.
    public var summaryText: HintedText { HintedText(summary) }
}

/// A survey logic check: runs on a decoded survey.
public protocol LintRule: LintCheck {
    /// The findings for one survey.
    func check(_ survey: LintContext) -> [Finding]
}
