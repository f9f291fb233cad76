import AssessmentModel
import AssessmentRunner
import Foundation
import JSONCore

/// Scripted runs of the Example Survey, each to its result JSON.
enum RunBenchmark {
    static func run(surveyPath: String, count: Int) {
        guard let data = FileManager.default.contents(atPath: surveyPath), let survey = try? SurveyDocument(bytes: Array(data)) else {
            fatalError("cannot read \(surveyPath)")
        }
        let scripts: [AnswerScript] = [
            .shorthand(["choiceQ1": 3, "simpleQ3": 4, "followupQ": true, "multipleChoice": ["red", "blue"], "favoriteFood": "pizza"]),
            .shorthand(["choiceQ1": 2, "simpleQ2": 1980, "followupQ": true, "favoriteFood": "sushi"]),
            .shorthand(["choiceQ1": 1, "simpleQ1": "cake", "followupQ": true, "multipleChoice": ["green"], "favoriteFood": "pizza"]),
        ]
        let environment = RunEnvironment.fixed(at: Date(timeIntervalSince1970: 1_767_323_045), seed: 1)
        let navigator = Navigator(assessment: survey.assessment)
        let clock = ContinuousClock()
        var best = Duration.seconds(1000)
        var bytes = 0
        for _ in 0..<3 {
            let start = clock.now
            for index in 0..<count {
                let run = ScriptedRun(navigator: navigator, script: scripts[index % scripts.count], environment: environment)
                guard run.failure == nil else { fatalError("run \(index) failed: \(run.failure?.description ?? "")") }
                bytes += JSONWriter.compact.bytes(run.session.result).count
            }
            best = min(best, clock.now - start)
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        print(String(format: "assess run: %d scripted runs of the Example Survey, results serialized, in %.3f s (best of 3)", count, seconds))
    }
}
