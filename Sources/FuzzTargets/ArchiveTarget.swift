import AssessmentModel
import JSONCore
import ResultArchive

/// The verifier judges any bytes without crashing; an archive is valid exactly when it has no
/// problem, and a batch that sees the same valid run twice marks the second as a duplicate.
enum ArchiveTarget {
    private static let registry = BundledSchemas.registry()
    private static let plain = ArchiveVerifier(registry: registry)
    /// A survey to check results against, so the survey-mismatch checks are reached too.
    private static let withSurvey = ArchiveVerifier(registry: registry, survey: [
        "identifier": "fuzz", "type": "assessment",
        "steps": [["identifier": "intro", "type": "instruction"], ["identifier": "q", "type": "simpleQuestion"]],
    ])

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        for verifier in [plain, withSurvey] {
            var batch = BatchVerifier(verifier: verifier)
            let first = batch.verify(bytes, name: "first.zip")
            try FuzzFailure.check((first.status == .valid) == first.problems.isEmpty,
                                  "status \(first.status) with \(first.problems.count) problems")
            try FuzzFailure.check(first.status != .duplicate, "the first archive of a batch is called a duplicate")
            let second = batch.verify(bytes, name: "second.zip")
            let expected: ArchiveReport.Status = first.status == .valid && first.taskRunUUID != nil ? .duplicate : first.status
            try FuzzFailure.check(second.status == expected, "the same archive again is \(second.status), expected \(expected)")
        }
    }
}
