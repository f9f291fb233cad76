import AssessmentModel
import JSONCore

/// Quick fixes: each finding's fix-its ("did you mean") as one edit, for the findings in the range asked.
enum CodeActions {
    static func actions(_ analysis: DocumentAnalysis, uri: String, range: JSONValue?, docs: String) -> JSONValue {
        let lines = analysis.lines
        let from = LSPPosition(range?["start"]).map(lines.offset) ?? 0
        let to = LSPPosition(range?["end"]).map(lines.offset) ?? lines.bytes.count
        var actions: [JSONValue] = []
        for finding in analysis.findings where finding.range.start.offset <= to && from <= finding.range.end.offset {
            for fix in finding.fixes {
                let edits: [JSONValue] = fix.edits.map { ["range": lines.range($0.range), "newText": .string($0.replacement)] }
                actions.append([
                    "title": .string("\(fix.title) [\(finding.ruleID)]"), "kind": "quickfix", "isPreferred": true,
                    "diagnostics": [Diagnostics.diagnostic(finding, lines, docs: docs, uri: uri)],
                    "edit": ["changes": .object(JSONObject([.init(key: uri, value: .array(edits))]))],
                ])
            }
        }
        return .array(actions)
    }
}
