import AssessVersion
import AssessmentModel
import AssessmentLint
import JSONCore

/// Renders lint reports as text, JSON, GitHub workflow commands or SARIF 2.1.0.
struct LintRenderer {
    let printer: DiagnosticPrinter

    /// Prints the reports in `format`; on a terminal, a `clean` text run says so (piped, standard output stays empty).
    func render(_ reports: [LintReport], format: LintCommand.Format, clean: Bool, io: CommandIO) {
        switch format {
        case .text:
            reports.flatMap(text).forEach(io.print)
            if io.outputIsTerminal, clean, !reports.isEmpty, reports.allSatisfy(\.findings.isEmpty) {
                io.print("\(reports.count) file\(reports.count == 1 ? "" : "s") checked: no findings")
            }
        case .json: io.writeOutput(JSONWriter.pretty.string(json(reports)))
        case .github: reports.flatMap(github).forEach(io.print)
        case .sarif: io.writeOutput(JSONWriter.pretty.string(sarif(reports)))
        }
    }

    func text(_ report: LintReport) -> [String] {
        report.findings.flatMap { finding in
            [printer.line(file: report.file, position: finding.position, severity: Severity(finding.severity),
                          message: "\(FlagHints.message(finding)) [\(finding.ruleID)]")]
                + finding.notes.map { printer.line(file: report.file, position: $0.position, severity: .note, message: $0.message) }
        }
    }

    func json(_ reports: [LintReport]) -> JSONValue {
        let files: [JSONValue] = reports.map { report in
            ["file": .string(report.file), "findings": .array(report.findings.map { finding in
                [
                    "rule": .string(finding.ruleID), "severity": .string(finding.severity.rawValue), "message": .string(FlagHints.message(finding)),
                    "line": number(finding.position.line), "column": number(finding.position.column),
                    "pointer": .string(finding.pointer.description),
                    "notes": .array(finding.notes.map { ["message": .string($0.message), "line": number($0.position.line), "column": number($0.position.column)] }),
                ]
            })]
        }
        let all = reports.flatMap(\.findings)
        return ["files": .array(files), "errors": number(all.filter { $0.severity == .error }.count),
                "warnings": number(all.filter { $0.severity == .warning }.count)]
    }

    func github(_ report: LintReport) -> [String] {
        report.findings.map { finding in
            "::\(finding.severity == .note ? "notice" : finding.severity.rawValue) file=\(report.file),line=\(finding.position.line),col=\(finding.position.column),title=\(finding.ruleID)::\(escape(FlagHints.message(finding)))"
        }
    }

    private func escape(_ text: String) -> String {
        text.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    func sarif(_ reports: [LintReport]) -> JSONValue {
        let rules: [JSONValue] = LintRegistry.all.map { rule in
            ["id": .string(rule.id.rawValue), "shortDescription": ["text": .string(FlagHints.summary(rule))],
             "defaultConfiguration": ["level": .string(rule.severity == .error ? "error" : "warning")]]
        }
        let results: [JSONValue] = reports.flatMap { report in
            report.findings.map { finding -> JSONValue in
                ["ruleId": .string(finding.ruleID), "level": .string(finding.severity.rawValue),
                 "message": ["text": .string(FlagHints.message(finding))],
                 "locations": [["physicalLocation": [
                    "artifactLocation": ["uri": .string(report.file)],
                    "region": ["startLine": number(finding.position.line), "startColumn": number(finding.position.column)],
                 ]]]]
            }
        }
        return [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [["tool": ["driver": ["name": "assess", "version": .string(AssessVersion.current),
                                          "rules": .array(rules)]],
                      "results": .array(results)]],
        ]
    }

    private func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
}
