import AssessmentLint
import ResultArchive

extension LintRegistry {
    /// Every check `assess lint` knows, in the order `--list-rules`, SARIF and `docs/rules.md` show them: the
    /// survey checks, then the archive-map checks that ResultArchive registers.
    static let all: [any LintCheck] = surveyChecks + ArchiveMapLinter.checks
}
