import AssessmentModel
import AssessmentRunner
import FoundationEssentials
import JSONCore

/// `survey NUL script`: a scripted run over any survey ends (completed, exited, cancelled or
/// failed with a message), its JSON report survives writing and parsing, and a second run with the
/// same clock and seed reports byte for byte the same.
enum RunnerTarget {
    private static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let (surveyBytes, scriptBytes) = FuzzInput.split(bytes)
        guard let survey = try? SurveyDocument(bytes: surveyBytes),
              let scriptValue = try? JSONDocument(bytes: scriptBytes).value,
              case .success(let script) = AnswerScript.parse(scriptValue) else { return }
        let first = report(survey.assessment, script)
        try FuzzFailure.check(first.session.status != .inProgress || first.failure != nil,
                              "the run stopped in progress without saying why")
        let written = JSONWriter.compact.bytes(first.json)
        do {
            try FuzzFailure.check(try JSONDocument(bytes: written).value == first.json, "the report changes when written and parsed again")
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure("the written report does not parse: \(error)")
        }
        let second = report(survey.assessment, script)
        try FuzzFailure.check(JSONWriter.compact.bytes(second.json) == written && second.text == first.text,
                              "two runs with the same clock and seed report differently")
    }

    private static func report(_ survey: Node, _ script: AnswerScript) -> RunReport {
        RunReport(ScriptedRun(survey: survey, script: script, environment: .fixed(at: start, seed: 1)))
    }
}
