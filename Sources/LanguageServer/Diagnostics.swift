import AssessmentModel
import AssessmentLint
import JSONCore

/// Lint findings as LSP diagnostics.
enum Diagnostics {
    /// Every finding of a document, in file order.
    static func diagnostics(_ analysis: DocumentAnalysis, docs: String?, uri: String) -> [JSONValue] {
        analysis.findings.map { diagnostic($0, analysis.lines, docs: docs, uri: uri) }
    }

    /// One finding: range, severity, the rule id as `code` linking to its doc (when `docs` is set), notes as
    /// related information.
    static func diagnostic(_ finding: Finding, _ lines: TextLines, docs: String?, uri: String) -> JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "range", value: lines.range(finding.range)),
            .init(key: "severity", value: .int(finding.severity == .error ? 1 : 2)),
            .init(key: "code", value: .string(finding.ruleID)),
        ]
        if let docs { members.append(.init(key: "codeDescription", value: ["href": .string("\(docs)#\(finding.ruleID)")])) }
        members += [
            .init(key: "source", value: "assess"),
            .init(key: "message", value: .string(message(finding))),
        ]
        if !(finding.notes + finding.related).isEmpty {
            members.append(.init(key: "relatedInformation", value: .array((finding.notes + finding.related).map { note in
                ["location": ["uri": .string(uri), "range": lines.range(note.range)], "message": .string(note.message)]
            })))
        }
        return .object(JSONObject(members))
    }

    /// A finding's message with each remedy named by the setting the server reads for it.
    static func message(_ finding: Finding) -> String {
        finding.text.rendered(naming: \.serverSetting)
    }
}

extension Remedy {
    /// The language server's setting for it: the `assess.json` key, which the editor's `assess` settings
    /// (`initializationOptions`) take too; the library's words where the server has none.
    public var serverSetting: String {
        configSetting.map { $0 + " or the editor's \"assess\" settings" } ?? description
    }
}
