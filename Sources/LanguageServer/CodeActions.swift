import AssessmentModel
import AssessmentLint
import JSONCore

/// Quick fixes: each finding's fix-its ("did you mean") as one edit, for the findings the request names:
/// those overlapping its range, and those the client lists in `context.diagnostics` (a client asking from
/// the start of a line sends the line's diagnostics with a range that may not touch them).
enum CodeActions {
    static func actions(_ analysis: DocumentAnalysis, uri: String, range: JSONValue?, context: JSONValue?, docs: String?) -> JSONValue {
        if let only = context?["only"]?.arrayValue?.compactMap(\.stringValue), !only.contains(where: { "quickfix".hasPrefix($0) }) { return [] }
        let lines = analysis.lines
        let from = LSPPosition(range?["start"]).map(lines.offset) ?? 0
        let to = LSPPosition(range?["end"]).map(lines.offset) ?? lines.bytes.count
        let listed = (context?["diagnostics"]?.arrayValue ?? []).compactMap(Listed.init)
        var actions: [JSONValue] = []
        for finding in analysis.findings where !finding.fixes.isEmpty {
            let inRange = finding.range.start.offset <= to && from <= finding.range.end.offset
            let start = lines.position(ofOffset: finding.range.start.offset), end = lines.position(ofOffset: finding.range.end.offset)
            guard inRange || listed.contains(where: { $0.code == finding.ruleID && $0.start == start && $0.end == end }) else { continue }
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

    /// A diagnostic the client sent back: its code and range.
    private struct Listed {
        let code: String
        let start: LSPPosition
        let end: LSPPosition

        init?(_ value: JSONValue) {
            guard let code = value["code"]?.stringValue, let start = LSPPosition(value[path: "range", "start"]),
                  let end = LSPPosition(value[path: "range", "end"]) else { return nil }
            self.code = code
            self.start = start
            self.end = end
        }
    }
}
