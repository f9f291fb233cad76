import XCTest
import JSONCore
import AssessmentLint

/// A fixture whose expected places are marked in the text itself with 1️⃣ … 9️⃣ and 🔟: the markers are taken
/// out and the UTF-8 offset of each in what remains is kept, so a test says where a finding lands by pointing
/// at it instead of counting lines and columns.
struct MarkedText {
    /// The characters that mark a place.
    static let markerCharacters: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    /// The text without its markers.
    let text: String
    /// Each marker's UTF-8 offset in `text`.
    let markers: [String: Int]

    /// Takes the markers out of `marked` (each may appear once).
    init(_ marked: String) {
        var text = ""
        var markers: [String: Int] = [:]
        for character in marked {
            if Self.markerCharacters.contains(character) {
                precondition(markers[String(character)] == nil, "marker \(character) appears twice")
                markers[String(character)] = text.utf8.count
            } else {
                text.append(character)
            }
        }
        self.text = text
        self.markers = markers
    }

    /// The name of the marker at `offset`, else its line:column in `text`.
    func place(_ position: SourcePosition) -> String {
        markers.first { $0.value == position.offset }?.key ?? "\(position.line):\(position.column)"
    }
}

/// A finding a test expects: its rule, the marker where it starts and, when given, its severity, words of its
/// message and the markers where its notes start.
struct FindingSpec {
    let marker: String
    let rule: LintRuleID
    let severity: LintSeverity?
    let message: String?
    let notes: [String]?

    init(_ marker: String, _ rule: LintRuleID, severity: LintSeverity? = nil, message: String? = nil, notes: [String]? = nil) {
        self.marker = marker
        self.rule = rule
        self.severity = severity
        self.message = message
        self.notes = notes
    }
}

/// How the findings of a lint differ from the expected ones; empty when they match. Only findings of the
/// rules the specs name (or of `rules`, when given) count; when that set is empty, every finding counts.
func lintMismatches(_ findings: [Finding], in marked: MarkedText, expected: [FindingSpec], rules: Set<LintRuleID>? = nil) -> [String] {
    let counted = rules ?? Set(expected.map(\.rule))
    var left = findings.filter { counted.isEmpty || counted.contains($0.rule) }
    var problems: [String] = []
    for spec in expected {
        guard let offset = marked.markers[spec.marker] else {
            problems.append("no marker \(spec.marker) in the fixture")
            continue
        }
        guard let index = left.firstIndex(where: { $0.rule == spec.rule && $0.position.offset == offset }) else {
            problems.append("no \(spec.rule) finding at \(spec.marker)")
            continue
        }
        let finding = left.remove(at: index)
        if let severity = spec.severity, finding.severity != severity {
            problems.append("\(spec.rule) at \(spec.marker) has severity \(finding.severity.rawValue), not \(severity.rawValue)")
        }
        if let words = spec.message, !finding.message.contains(words) {
            problems.append("\(spec.rule) at \(spec.marker) says \"\(finding.message)\", without \"\(words)\"")
        }
        if let notes = spec.notes, finding.notes.map({ marked.place($0.position) }) != notes {
            problems.append("\(spec.rule) at \(spec.marker) has notes at \(finding.notes.map { marked.place($0.position) }), not \(notes)")
        }
    }
    problems += left.map { "unexpected \($0.rule) at \(marked.place($0.position)): \($0.message)" }
    return problems
}

/// Lints the marked survey text and fails, at the caller's `file` and `line`, for each way its findings differ
/// from `expected` (see `lintMismatches`); returns the findings for further checks.
@discardableResult
func assertLint(_ markedText: String, _ expected: [FindingSpec], rules: Set<LintRuleID>? = nil, linter: Linter = Linter(),
                file: StaticString = #filePath, line: UInt = #line) -> [Finding] {
    let marked = MarkedText(markedText)
    let findings = linter.lint(bytes: Array(marked.text.utf8), file: "t.json").findings
    for problem in lintMismatches(findings, in: marked, expected: expected, rules: rules) {
        XCTFail(problem, file: file, line: line)
    }
    return findings
}

/// A survey named "survey" around `steps` (one per line or several on one), with `root` members before them.
func survey(_ steps: String, root: String = "") -> String {
    "{\"type\": \"assessment\", \"identifier\": \"survey\", \(root)\"steps\": [\n\(steps)\n]}"
}
