import AssessmentLint
import AssessmentModel
import AssessmentSchemas
import Foundation
import JSONCore

/// Whether lint grows linearly with the survey: whole-lint times of a flat chain at several sizes, and each
/// rule timed alone on a flat chain and on deeply nested sections at a small and a large size (a rule that
/// rebuilds a per-container index for every step shows up as a ratio far above the size ratio). Times are
/// the thread's CPU time, so a machine busy with other work slows them little.
enum LintScalingBenchmark {
    static func run(sizes: [Int]) {
        let linter = Linter()
        var times: [(Int, Double)] = []
        for steps in sizes {
            let bytes = Array(chain(steps: steps).utf8)
            var findings = 0
            let time = best(of: 3) { findings = linter.lint(bytes: bytes, file: "chain.json").findings.count }
            times.append((steps, time))
            print(String(format: "assess lint, chain of %5d steps (%7d bytes, skip rule every other step): %8.1f ms CPU (best of 3), %d findings",
                         steps, bytes.count, time, findings))
        }
        if let first = times.first, let last = times.last, first.0 < last.0 {
            let ratio = last.1 / first.1
            let bound = 10.0 * Double(last.0) / Double(first.0) / 8
            print(String(format: "  %d steps / %d steps: %.1f× the time (at most %.0f× asked)", last.0, first.0, ratio, bound))
        }
        guard let small = sizes.first, let large = sizes.last, small < large else { return }
        perRule("flat chain", small: small, large: large) { chain(steps: $0) }
        perRule("nested sections", small: small / 4, large: large / 4) { NestedBenchmark.survey(depth: $0) }
    }

    /// Every check timed alone (the shared context's construction first) at two sizes.
    private static func perRule(_ shape: String, small: Int, large: Int, survey: (Int) -> String) {
        guard let smallDocument = try? SurveyDocument(bytes: Array(survey(small).utf8)),
              let largeDocument = try? SurveyDocument(bytes: Array(survey(large).utf8)) else {
            FileHandle.standardError.write(Data("the generated \(shape) survey does not parse\n".utf8))
            exit(3)
        }
        print("each rule alone on \(shape), \(small) and \(large) (best of 3, ms CPU; ratio, size ratio \(large / small)):")
        let contexts = (LintContext(document: smallDocument), LintContext(document: largeDocument))
        var checks: [(String, (LintContext) -> Void)] = [
            ("lint context (index, reachability)", { _ = LintContext(document: $0.document) }),
        ]
        checks += LintRegistry.builtInChecks.compactMap { $0 as? any LintRule }.map { rule in (rule.id.rawValue, { _ = rule.check($0) }) }
        checks.append(("schema", { _ = Linter.schemaFindings($0, uri: BundledSchemas.assessmentObjectURI, in: BundledSchemas.registry()) }))
        checks += LintRegistry.logicRules.map { rule in (rule.id.rawValue, { _ = rule.check($0) }) }
        for (name, check) in checks {
            let smallTime = best(of: 3) { check(contexts.0) }
            let largeTime = best(of: 3) { check(contexts.1) }
            print("  " + name.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: "%8.2f %9.2f  %5.1f×", smallTime, largeTime, largeTime / max(smallTime, 0.001)))
        }
    }

    /// A flat survey: `steps` steps at the root, every other one an integer question skipping two ahead.
    static func chain(steps: Int) -> String {
        let items = (0..<steps).map { index in
            if index % 2 == 0, index + 2 < steps {
                return #"{"type": "simpleQuestion", "identifier": "q\#(index)", "title": "Question \#(index)", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 5, "ruleOperator": "gt", "skipToIdentifier": "q\#(index + 2)"}]}"#
            }
            return #"{"type": "instruction", "identifier": "q\#(index)", "title": "Step \#(index)"}"#
        }
        return #"{"type": "assessment", "identifier": "chain", "steps": [\#n\#(items.joined(separator: ",\n"))\#n]}"#
    }

    /// The least CPU time of `rounds` runs of `body` on this thread, in milliseconds.
    static func best(of rounds: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = threadCPUMilliseconds()
            body()
            best = min(best, threadCPUMilliseconds() - start)
        }
        return best
    }

    /// The CPU time this thread has used, in milliseconds.
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
