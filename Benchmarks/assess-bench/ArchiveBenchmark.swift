import AssessmentModel
import AssessmentSchemas
import Foundation
import JSONCore
import ResultArchive

/// Builds and verifies result archives in memory: 1,000 per round, each a typical survey run.
enum ArchiveBenchmark {
    static func run(count: Int) {
        let result = Array(sampleResult().utf8)
        let builder = ArchiveBuilder(timestamp: Date(timeIntervalSince1970: 1_767_323_045))
        let verifier = ArchiveVerifier(registry: BundledSchemas.registry())
        let clock = ContinuousClock()
        var best = Duration.seconds(1000)
        for _ in 0..<3 {
            let start = clock.now
            for index in 0..<count {
                guard let bytes = try? builder.build([ArchiveInput(filename: "assessmentResult.json", bytes: result)]),
                      verifier.verify(bytes, name: "a\(index).zip").status == .valid else { fatalError("archive \(index) did not verify") }
            }
            best = min(best, clock.now - start)
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        print(String(format: "assess: built and verified %d archives (%d-byte result) in %.3f s (best of 3)", count, result.count, seconds))
    }

    /// An assessment result like a run of the Example Survey writes (about 4 KB).
    static func sampleResult() -> String {
        var steps: [String] = []
        for index in 0..<12 {
            steps.append(#"{"type": "answer", "identifier": "q\#(index)", "answerType": {"type": "integer"}, "value": \#(index), "startDate": "2026-01-02T03:04:05.000+00:00", "endDate": "2026-01-02T03:04:09.000+00:00", "questionText": "Question number \#(index) of the survey"}"#)
        }
        return #"{"type": "assessment", "identifier": "surveyA", "assessmentIdentifier": "surveyA", "versionString": "1.0.0", "taskRunUUID": "6F2A1A52-0000-4000-8000-000000000001", "startDate": "2026-01-02T03:04:05.000+00:00", "endDate": "2026-01-02T03:06:05.000+00:00", "stepHistory": [\#(steps.joined(separator: ", "))], "path": []}"#
    }
}
