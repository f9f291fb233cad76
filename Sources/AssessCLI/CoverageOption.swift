import AssessmentModel
import AssessmentLint
import AssessmentRunner
import FoundationEssentials
import Platform
import JSONCore
import SurveyFlow

/// `assess run --coverage`: collects what every scripted run covered and reports it at the end.
final class CoverageCollector {
    enum Format: String, CaseIterable {
        case text, json, lcov
    }

    private var coverage: Coverage
    private let document: SurveyDocument
    private let file: String
    private let format: Format
    private let minimum: Double?

    private init(coverage: Coverage, document: SurveyDocument, file: String, format: Format, minimum: Double?) {
        self.coverage = coverage
        self.document = document
        self.file = file
        self.format = format
        self.minimum = minimum
    }

    /// A collector when the options ask for coverage, else `nil`.
    /// `root` is the survey as run (its `transform` nodes resolved), when it differs from the document's.
    static func make(_ options: CoverageOptions, document: SurveyDocument, root: Node? = nil, file: String, now: Date) -> CoverageCollector? {
        guard options.requested else { return nil }
        let graph = FlowGraph(survey: root ?? document.assessment, now: now)
        return CoverageCollector(coverage: Coverage(graph: graph), document: document, file: file, format: options.format, minimum: options.minimum)
    }

    /// Counts one run.
    func add(_ session: RunSession) {
        coverage.add(session)
    }

    /// Prints the report; `findings` when below `--min-coverage`.
    func finish(_ io: CommandIO) -> ExitStatus {
        let report = CoverageReport(coverage, document: document, file: file)
        switch format {
        case .text: io.writeOutput(report.text)
        case .json: io.writeOutput(JSONWriter.pretty.string(report.json) + "\n")
        case .lcov: io.writeOutput(report.lcov)
        }
        if let minimum, report.edgePercent < minimum {
            io.printError("error: edge coverage \(String(printf: "%.1f", report.edgePercent))% is below --min-coverage \(String(printf: "%g", minimum))%")
            return .findings
        }
        return .ok
    }
}

/// The options `assess run` adds for coverage: `--coverage`, `--coverage-report`, `--min-coverage`.
struct CoverageOptions: Sendable {
    static let coverage = Option.flag("--coverage", help: "Report which steps, edges, rules, choices and buttons the scripts covered.")
    static let report = Option<CoverageCollector.Format?>.choice("--coverage-report", valueName: "FORMAT", help: "text (default), json or lcov; implies --coverage.")
    static let minimum = Option.parsed(
        "--min-coverage", valueName: "PCT", help: "Exit 1 when fewer than PCT% of the reachable edges were taken; implies --coverage.",
        parse: { text in Double(text.hasSuffix("%") ? String(text.dropLast()) : text).flatMap { (0...100).contains($0) ? $0 : nil } },
        invalid: { "--min-coverage must be a percentage from 0 to 100, found '\($0)'" })
    /// The group, in the order help lists it.
    static let options = [coverage.spec, report.spec, minimum.spec]

    /// Whether coverage is collected (any of the three options given).
    let requested: Bool
    /// The report's format.
    let format: CoverageCollector.Format
    /// The edge percentage below which the run fails.
    let minimum: Double?

    init(_ values: OptionValues) throws(UsageError) {
        let report = try values(Self.report)
        minimum = try values(Self.minimum)
        format = report ?? .text
        requested = try values(Self.coverage) || report != nil || minimum != nil
    }
}
