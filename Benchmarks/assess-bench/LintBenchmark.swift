import AssessmentModel
import AssessmentLint
import Foundation
import JSONCore

/// Lints a generated survey of `steps` steps with `rules` survey rules.
enum LintBenchmark {
    static func run(steps: Int, rules: Int) {
        let bytes = Array(survey(steps: steps, rules: rules).utf8)
        let linter = Linter()
        let clock = ContinuousClock()
        var best = Duration.seconds(1000)
        var findings = 0
        for _ in 0..<5 {
            let start = clock.now
            findings = linter.lint(bytes: bytes, file: "generated.json").findings.count
            best = min(best, clock.now - start)
        }
        let milliseconds = Double(best.components.seconds) * 1000 + Double(best.components.attoseconds) / 1e15
        print(String(format: "assess lint: %d steps, %d rules, %d bytes: %.1f ms (best of 5), %d findings", steps, rules, bytes.count, milliseconds, findings))
    }

    /// Sections of 100 steps; every tenth step is an integer question with a rule skipping two ahead.
    static func survey(steps: Int, rules: Int) -> String {
        var sections: [String] = []
        let perSection = 100
        var ruleCount = 0
        for section in 0..<(steps / perSection) {
            var items: [String] = []
            for index in 0..<perSection {
                let id = "s\(section)q\(index)"
                if index % 10 == 0, ruleCount < rules, index + 2 < perSection {
                    ruleCount += 1
                    items.append(#"{"type": "simpleQuestion", "identifier": "\#(id)", "title": "Question \#(id)", "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 0, "maximumValue": 10}}, "surveyRules": [{"matchingAnswer": 5, "ruleOperator": "gt", "skipToIdentifier": "s\#(section)q\#(index + 2)"}]}"#)
                } else {
                    items.append(#"{"type": "instruction", "identifier": "\#(id)", "title": "Step \#(id)"}"#)
                }
            }
            sections.append(#"{"type": "section", "identifier": "section\#(section)", "steps": [\#(items.joined(separator: ",\n"))]}"#)
        }
        return #"{"type": "assessment", "identifier": "generated", "steps": [\#(sections.joined(separator: ",\n"))]}"#
    }
}
