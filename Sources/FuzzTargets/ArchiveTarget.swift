import AssessmentModel
import AssessmentSchemas
import JSONCore
import ResultArchive

/// The verifier judges any bytes without crashing; an archive is valid exactly when it has no
/// problem, and a batch that sees the same valid run twice marks the second as a duplicate. With an
/// archive map, a file is invalid exactly when it has errors (kept up to the cap) and makes its archive invalid.
enum ArchiveTarget {
    private static let registry = BundledSchemas.registry()
    /// A survey to check results against, so the survey-mismatch checks are reached too.
    private static let survey: JSONValue = [
        "identifier": "fuzz", "type": "assessment",
        "steps": [["identifier": "intro", "type": "instruction"], ["identifier": "q", "type": "simpleQuestion"]],
    ]

    /// Sage-style lookup over a map that names a schema for every level, so mapped verdicts are reached too.
    private static let map: ArchiveMap? = {
        let text = #"""
            {"anyOf": [{"filename": "metadata.json", "isRequired": true, "jsonSchema": "https://assess.invalid/schemas/v1/ArchiveMetadata.json"}],
             "assessments": [{"assessmentIdentifier": "fuzz", "assessmentRevision": 1,
                              "files": [{"filename": "assessmentResult.json", "jsonSchema": "https://assess.invalid/schemas/v1/AssessmentResult.json"}]}]}
            """#
        return try? ArchiveMap(bytes: Array(text.utf8), name: "map.json")
    }()

    // One verifier of each kind for the whole run, as `assess verify` and `ingest` hold one for a batch:
    // their schema caches fill as inputs name schemas and keep every compiled schema, all reachable.
    private static let plain = ArchiveVerifier(registry: registry)
    private static let withSurvey = ArchiveVerifier(registry: registry, survey: survey)
    private static let mapped = map.map { ArchiveVerifier(schemas: SchemaCache(registry: registry), resultRegistry: registry, mapping: MapVerification(map: $0, maxErrors: 3)) }

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        if let mapped {
            let report = mapped.verify(bytes, name: "mapped.zip", record: RecordMetadata(recordId: "r", assessmentId: "fuzz", assessmentRevision: 1))
            try FuzzFailure.check((report.status == .valid) == report.problems.isEmpty, "mapped: status \(report.status) with \(report.problems.count) problems")
            for file in report.files {
                try FuzzFailure.check((file.status == .invalid) == (file.errorCount > 0), "mapped: \(file.filename) is \(file.status) with \(file.errorCount) errors")
                try FuzzFailure.check(file.errors.count <= 3 && file.errors.count <= file.errorCount, "mapped: \(file.errors.count) errors kept of \(file.errorCount), cap 3")
                try FuzzFailure.check(file.status != .invalid || report.status == .invalid, "mapped: invalid \(file.filename) in a valid archive")
            }
        }
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
