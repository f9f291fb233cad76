import AssessmentModel
import JSONCore

/// The run report of `docs/navigation.md` §6, and comparisons with expected outcomes.
public struct RunReport: Sendable {
    /// The run as it ended (or stopped).
    public let session: RunSession
    /// Why the run stopped early, if it did.
    public let failure: RunFailure?
    /// The session's warnings, then the script's (answers it never used).
    public let warnings: [RunWarning]

    /// The report of a scripted run.
    public init(_ run: ScriptedRun) {
        self.init(session: run.session, failure: run.failure,
                  warnings: run.session.warnings + run.unusedAnswers.map(RunWarning.unusedAnswer))
    }

    /// The report of any session (an interactive one, say), with its failure (else the session's own) and warnings.
    public init(session: RunSession, failure: RunFailure? = nil, warnings: [RunWarning]? = nil) {
        self.session = session
        self.failure = failure ?? session.failure.map(RunFailure.run)
        self.warnings = warnings ?? session.warnings
    }

    /// The report (status `failed`) for a script that could not be run at all.
    public static func failedJSON(_ error: String) -> JSONValue {
        .object(JSONObject([
            .init(key: "status", value: "failed"), .init(key: "path", value: []), .init(key: "steps", value: []),
            .init(key: "answers", value: .object(JSONObject())), .init(key: "warnings", value: []), .init(key: "error", value: .string(error)),
        ]))
    }

    /// `status`, `path`, `steps`, `answers` (keyed by `stepPath`), `warnings`, `result` (and `error` when the run failed).
    public var json: JSONValue {
        let steps: [JSONValue] = session.shown.map { step in
            let titles = JSONObject(step.buttons.titles.sorted { $0.key < $1.key }.map { .init(key: $0.key.description, value: .string($0.value)) })
            return [
                "identifier": .string(step.identifier), "stepPath": .string(step.stepPath),
                "hiddenActions": .array(step.buttons.hidden.map { .string($0.description) }), "buttonTitles": .object(titles),
            ]
        }
        var object = JSONObject([
            .init(key: "status", value: .string(failure == nil ? session.status.rawValue : "failed")),
            .init(key: "path", value: .array(session.shown.map { .string($0.identifier) })),
            .init(key: "steps", value: .array(steps)),
            .init(key: "answers", value: .object(JSONObject(session.finalAnswers.map { .init(key: $0.stepPath, value: $0.value) }))),
            .init(key: "warnings", value: .array(warnings.map { .string($0.description) })),
        ])
        if let failure { object["error"] = .string(failure.description) }
        object["result"] = session.result
        return .object(object)
    }

    /// The parts of the report an expected file holds (`status`, `path`, `answers`): what
    /// `assess run --write-expected` writes and ``differences(from:)`` compares.
    public var expectation: JSONValue {
        let report = json
        return .object(JSONObject(RunReport.comparedKeys.map { .init(key: $0, value: report[$0] ?? .null) }))
    }

    /// The members an expected outcome may give, in the order they are compared.
    public static let comparedKeys = ["status", "path", "answers"]

    /// Differences from an expected outcome (`path`, `answers`, `status`; each optional), one line each.
    public func differences(from expected: JSONValue) -> [String] {
        var lines: [String] = []
        let actual = json
        for key in RunReport.comparedKeys {
            guard let wanted = expected[key] else { continue }
            let got = actual[key] ?? .null
            if key == "answers", case .object(let wantedAnswers) = wanted, case .object(let gotAnswers) = got {
                for member in wantedAnswers where gotAnswers[member.key] != member.value {
                    lines.append("answers.\(member.key): expected \(member.value), got \(gotAnswers[member.key]?.description ?? "no answer")")
                }
                for member in gotAnswers where wantedAnswers[member.key] == nil {
                    lines.append("answers.\(member.key): not expected, got \(member.value)")
                }
            } else if got != wanted {
                lines.append("\(key): expected \(wanted), got \(got)")
            }
        }
        return lines
    }
}
