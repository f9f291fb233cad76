import AssessmentModel
import AssessmentLint
import AssessmentRunner
import Foundation
import JSONCore

/// Lint and a scripted run of a survey of `depth` nested sections (one section per level, a question
/// at the bottom, questions with rules and button changes at ten levels on the way down).
enum NestedBenchmark {
    static func run(depth: Int, writingTo directory: String?) {
        let text = survey(depth: depth)
        let answers = script(depth: depth)
        if let directory {
            let base = URL(fileURLWithPath: directory)
            try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            let surveyURL = base.appendingPathComponent("nested-\(depth).json")
            let scriptURL = base.appendingPathComponent("nested-\(depth).answers.json")
            do {
                try Data(text.utf8).write(to: surveyURL)
                try Data(JSONWriter.compact.bytes(answers)).write(to: scriptURL)
            } catch {
                FileHandle.standardError.write(Data("cannot write to \(directory): \(error)\n".utf8))
                exit(3)
            }
            print("wrote \(surveyURL.path) and \(scriptURL.path)")
        }
        let bytes = Array(text.utf8)
        let clock = ContinuousClock()
        let lintStart = clock.now
        let report = Linter().lint(bytes: bytes, file: "nested.json")
        let lintTime = clock.now - lintStart
        let runStart = clock.now
        guard let document = try? SurveyDocument(bytes: bytes), case .success(let parsed) = AnswerScript.parse(answers) else {
            FileHandle.standardError.write(Data("the generated survey or script cannot be read\n".utf8))
            exit(3)
        }
        let environment = RunEnvironment.fixed(at: Date(timeIntervalSince1970: 1_767_323_045), seed: 1)
        let run = ScriptedRun(survey: document.assessment, script: parsed, environment: environment)
        let resultBytes = JSONWriter.compact.bytes(run.session.result).count
        let runTime = clock.now - runStart
        print(String(format: "nested %d: %d bytes; lint %.1f ms (%d findings); run %.1f ms (%d steps shown, %@, result %d bytes)",
                     depth, bytes.count, milliseconds(lintTime), report.findings.count, milliseconds(runTime), run.session.shown.count,
                     run.failure?.description ?? run.session.status.rawValue, resultBytes))
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// The levels (1-based section depths) that hold a question before their inner section.
    static func questionLevels(depth: Int) -> [Int] {
        let stride = max(1, depth / 10)
        return Array(Swift.stride(from: stride, to: depth, by: stride))
    }

    /// One node per line, no indentation, so the file grows linearly with the depth.
    static func survey(depth: Int) -> String {
        let questions = Set(questionLevels(depth: depth))
        var lines = [#"{"type": "assessment", "identifier": "nested", "shouldHideActions": ["pause"], "steps": ["#,
                     #"{"type": "instruction", "identifier": "intro", "title": "A deep survey"},"#]
        for level in 1...max(1, depth) {
            var opening = #"{"type": "section", "identifier": "s\#(level)""#
            if questions.contains(level) {
                opening += #", "actions": {"goForward": {"buttonTitle": "Deeper \#(level)"}}, "steps": ["#
                lines.append(opening)
                lines.append(#"{"type": "simpleQuestion", "identifier": "q\#(level)", "title": "Go deeper than \#(level)?", "inputItem": {"type": "integer"}, "surveyRules": [{"matchingAnswer": 5, "ruleOperator": "gt", "skipToIdentifier": "after\#(level)"}]},"#)
            } else {
                lines.append(opening + #", "steps": ["#)
            }
        }
        lines.append(#"{"type": "choiceQuestion", "identifier": "bottom", "title": "The bottom", "baseType": "integer", "choices": [{"value": 1, "text": "Yes"}, {"value": 0, "text": "No"}]}"#)
        for level in stride(from: max(1, depth), through: 1, by: -1) {
            if questions.contains(level) {
                lines.append(#", {"type": "instruction", "identifier": "after\#(level)", "title": "Back at level \#(level)"}]}"#)
            } else {
                lines.append("]}")
            }
        }
        lines.append(#", {"type": "completion", "identifier": "done", "title": "Done"}]}"#)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A shorthand script: every question on the way down says "deeper" (3), the bottom answers 1.
    static func script(depth: Int) -> JSONValue {
        var object = JSONObject()
        for level in questionLevels(depth: depth) { object["q\(level)"] = 3 }
        object["bottom"] = 1
        return .object(object)
    }
}
