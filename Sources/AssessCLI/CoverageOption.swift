import AssessmentModel
import AssessmentLint
import AssessmentRunner
import Foundation
import JSONCore
import SurveyFlow

/// `assess run --coverage`: collects what every scripted run covered and reports it at the end.
final class CoverageCollector {
    enum Format: String, CaseIterable {
        case text, json, lcov
    }

    /// The options `assess run` adds for coverage.
    static let options: [OptionSpec] = [
        .flag("--coverage", help: "Report which steps, edges, rules, choices and buttons the scripts covered."),
        .value("--coverage-report", valueName: "FORMAT", help: "text (default), json or lcov; implies --coverage."),
        .value("--min-coverage", valueName: "PCT", help: "Exit 1 when fewer than PCT% of the reachable edges were taken; implies --coverage."),
    ]

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

    /// A collector when the arguments ask for coverage, else `nil`.
    /// `root` is the survey as run (its `transform` nodes resolved), when it differs from the document's.
    static func make(_ arguments: ParsedArguments, document: SurveyDocument, root: Node? = nil, file: String, now: Date) throws(UsageError) -> CoverageCollector? {
        let format = try arguments.choice("--coverage-report", default: Format.text)
        var minimum: Double?
        if let text = arguments.value("--min-coverage") {
            guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), value >= 0, value <= 100 else {
                throw UsageError("--min-coverage must be a percentage from 0 to 100, found '\(text)'")
            }
            minimum = value
        }
        guard arguments.flag("--coverage") || arguments.value("--coverage-report") != nil || minimum != nil else { return nil }
        let graph = FlowGraph(survey: root ?? document.assessment, now: now)
        return CoverageCollector(coverage: Coverage(graph: graph), document: document, file: file, format: format, minimum: minimum)
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
            io.printError("error: edge coverage \(String(format: "%.1f", report.edgePercent))% is below --min-coverage \(String(format: "%g", minimum))%")
            return .findings
        }
        return .ok
    }
}
