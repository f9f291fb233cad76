import AssessmentModel
import AssessmentLint
import JSONCore

/// Completion of step targets, node types, input types, uiHints, operators, button names and member names.
/// The place is read from the text itself (it may be half typed); steps come from `structure`, the last
/// version of the survey that parsed. Only surveys get completions; an item replaces the whole string the
/// cursor is in (an `InsertReplaceEdit` where the client takes one), and nothing is offered after a value.
enum Completion {
    /// Member names by what the object is.
    static let nodeKeys = ["identifier", "type", "title", "subtitle", "detail", "image", "comment", "nextStepIdentifier", "shouldHideActions", "actions"]
    static let questionKeys = ["optional", "uiHint", "surveyRules"]
    static let keysByKind: [String: [String]] = [
        "assessment": ["$schema", "steps"], "section": ["steps"],
        "simpleQuestion": questionKeys + ["inputItem"],
        "choiceQuestion": questionKeys + ["baseType", "singleChoice", "choices", "other"],
        "multipleInputQuestion": questionKeys + ["inputItems"],
        "transform": ["resourceName"], "transformableAssessment": ["resourceName"],
    ]
    static let ruleKeys = ["skipToIdentifier", "matchingAnswer", "ruleOperator"]
    static let choiceKeys = ["value", "text", "detail", "selectorType"]
    static let inputKeys = ["type", "identifier", "fieldLabel", "placeholder", "formatOptions", "regExValidator"]
    static let operators = ["eq", "ne", "lt", "gt", "le", "ge"]

    /// A `CompletionList` for the cursor at `offset`.
    static func items(_ analysis: DocumentAnalysis, _ offset: Int, structure: DocumentAnalysis, insertReplace: Bool) -> JSONValue {
        guard analysis.kind == .survey else { return list([]) }
        let bytes = analysis.lines.bytes
        let context = CursorContext(bytes: bytes, offset: offset)
        guard let object = context.frames.lastIndex(where: \.isObject), context.stringStart != nil || Self.startsAToken(bytes, at: offset) else {
            return list([])
        }
        let objectStart = context.frames[object].start
        let holder = context.keyHolding(frameAt: object)
        var candidates: [(label: String, detail: String, rank: Int)] = []
        if context.atKey {
            let keys: [String]
            switch holder {
            case "surveyRules": keys = ruleKeys
            case "choices": keys = choiceKeys
            case "inputItem", "inputItems": keys = inputKeys
            default:
                let type = CursorContext.member("type", ofObjectAt: objectStart, in: bytes) ?? ""
                keys = nodeKeys + (keysByKind[type] ?? [])
            }
            candidates = keys.map { ($0, "property", 0) }
        } else {
            switch context.valueKey {
            case "skipToIdentifier", "nextStepIdentifier":
                candidates = targets(context, bytes: bytes, structure: structure)
            case "type" where holder == "inputItem" || holder == "inputItems":
                candidates = InputItemType.knownNames.map { ($0, "input type", 0) }
            case "type":
                candidates = (NodeKind.knownNames + analysis.allowedTypes.sorted()).map { ($0, "node type", 0) }
            case "uiHint":
                candidates = hints(context, objectStart: objectStart, bytes: bytes, structure: structure)
            case "ruleOperator":
                candidates = operators.map { ($0, "rule operator", 0) }
            case "shouldHideActions":
                candidates = ButtonType.knownNames.map { ($0, "button", 0) }
            default:
                return list([])
            }
        }
        // Insert over what is typed of the string; replace the whole string, through its closing quote.
        let start = context.stringStart ?? offset
        let end = context.stringStart == nil ? offset : stringEnd(bytes, from: offset)
        let lines = analysis.lines
        return list(candidates.enumerated().map { index, candidate in
            let newText = JSONValue.string(JSONWriter.compact.string(.string(candidate.label)))
            let edit: JSONValue = insertReplace
                ? ["newText": newText, "insert": lines.range(start, offset), "replace": lines.range(start, end)]
                : ["newText": newText, "range": lines.range(start, end)]
            return [
                "label": .string(candidate.label), "kind": .int(context.atKey ? 10 : 12), "detail": .string(candidate.detail),
                "sortText": .string("\(candidate.rank)-\(String(index + 100_000))"),
                "filterText": .string("\"" + candidate.label),
                "textEdit": edit,
            ]
        })
    }

    /// Sibling steps of the step being written, the reachable ones first, then the reserved keywords.
    private static func targets(_ context: CursorContext, bytes: [UInt8], structure: DocumentAnalysis) -> [(String, String, Int)] {
        // The step is the object holding `surveyRules` (for a rule's target) or the innermost object.
        let stepFrame = context.frames.last { $0.isObject && $0.key == "surveyRules" } ?? context.frames.last { $0.isObject }
        let name = stepFrame.flatMap { CursorContext.member("identifier", ofObjectAt: $0.start, in: bytes) }
        let keywords = NavigationTarget.keywords.map { ($0, "reserved target", 2) }
        let candidates = structure.steps.filter { $0.node.identifier == name }
        guard let step = candidates.first(where: { $0.range.start.offset == stepFrame?.start }) ?? candidates.first,
              let container = step.container else { return keywords }
        let unreachable = Set(structure.findings.filter { $0.rule == .unreachableStep }.map(\.pointer))
        let siblings = structure.steps.filter { $0.container == container && $0.node.pointer != step.node.pointer && !$0.node.identifier.isEmpty }
        return siblings.map { sibling in
            let dead = unreachable.contains(sibling.node.pointer)
            return (sibling.node.identifier, "\(sibling.node.kind)" + (dead ? " (unreachable)" : "") + (sibling.node.title.map { ": \($0)" } ?? ""), dead ? 1 : 0)
        } + keywords
    }

    /// The hints the format lists for the question's kind first, then every other known hint.
    private static func hints(_ context: CursorContext, objectStart: Int, bytes: [UInt8], structure: DocumentAnalysis) -> [(String, String, Int)] {
        let type = CursorContext.member("type", ofObjectAt: objectStart, in: bytes).map(NodeKind.init)
        let identifier = CursorContext.member("identifier", ofObjectAt: objectStart, in: bytes)
        let input = structure.steps.first { $0.node.identifier == identifier }?.node.question?.inputItem?.type
        let listed = type.flatMap { UIHints.listed(for: $0, input: input) } ?? []
        var seen = Set(listed)
        let others = UIHints.known.filter { seen.insert($0).inserted }
        return listed.map { ($0, "uiHint for this question", 0) } + others.map { ($0, "uiHint", 1) }
    }

    /// Whether a new value or member name may start at `offset`: the last byte before it (spaces aside)
    /// opens a container or follows a `:` or `,`; not after a closed string, a number or a literal.
    static func startsAToken(_ bytes: [UInt8], at offset: Int) -> Bool {
        var index = min(offset, bytes.count) - 1
        while index >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index -= 1 }
        guard index >= 0 else { return false }
        return [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[index])
    }

    /// The end of the string the cursor is in: past its closing quote on the same line, or the cursor
    /// when the string is not closed there.
    static func stringEnd(_ bytes: [UInt8], from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return offset
            default: index += 1
            }
        }
        return offset
    }

    private static func list(_ items: [JSONValue]) -> JSONValue {
        ["isIncomplete": false, "items": .array(items)]
    }
}
