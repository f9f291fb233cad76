import AssessmentLint
import ResultArchive

extension LintRegistry {
    /// Every check `assess lint` knows, in the order `--list-rules`, SARIF and `docs/rules.md` show them: the
    /// survey checks, then the archive-map checks that ResultArchive registers.
    static let all: [any LintCheck] = surveyChecks + ArchiveMapLinter.checks

    /// `docs/rules.md` for `checks`: a heading per rule (its id, the anchor `LintRuleID.documentationPath`
    /// names), severity and summary, with each remedy named by its option.
    static func rulesPage(_ checks: [any LintCheck]) -> String {
        var lines = ["# Lint rules", "", "Generated from the rule registry (`LintRegistry`); `assess lint --list-rules` prints the same list.", ""]
        for check in checks {
            lines += ["## \(check.id)", "", "*\(check.severity.rawValue)*: \(FlagHints.summary(check)).", ""]
        }
        return lines.joined(separator: "\n")
    }
}
