import AssessmentModel
import JSONCore

/// Go to definition, find references and rename of step identifiers. Targets name sibling steps, so a
/// reference resolves among the steps of the container of the step that holds it, as the runner does.
enum Navigation {
    /// The step a reference (or the identifier itself) names.
    static func definition(_ analysis: DocumentAnalysis, _ offset: Int, uri: String) -> JSONValue {
        guard let step = analysis.target(at: offset), let range = step.identifierRange else { return nil }
        return location(uri, analysis.lines, range)
    }

    /// Every reference to the step at the cursor (a reference or the identifier), and with
    /// `includeDeclaration` its identifier.
    static func references(_ analysis: DocumentAnalysis, _ offset: Int, uri: String, includeDeclaration: Bool) -> JSONValue {
        guard let step = analysis.target(at: offset) else { return [] }
        var ranges = analysis.references(to: step).map(\.range)
        if includeDeclaration, let declaration = step.identifierRange { ranges.insert(declaration, at: 0) }
        return .array(ranges.map { location(uri, analysis.lines, $0) })
    }

    /// The span to rename and its text, or `null` where there is no step identifier.
    static func prepareRename(_ analysis: DocumentAnalysis, _ offset: Int) -> JSONValue {
        if let step = analysis.definition(at: offset), let range = step.identifierRange {
            return ["range": analysis.lines.range(inner(range)), "placeholder": .string(step.node.identifier)]
        }
        guard let reference = analysis.reference(at: offset), analysis.step(reference.identifier, in: reference.container) != nil else { return nil }
        return ["range": analysis.lines.range(inner(reference.range)), "placeholder": .string(reference.identifier)]
    }

    /// The edits renaming the step at the cursor and every reference to it; refused when the new name is
    /// empty, reserved, or taken by a sibling.
    static func rename(_ analysis: DocumentAnalysis, _ offset: Int, uri: String, to name: String) throws(JSONRPC.Failure) -> JSONValue {
        guard let step = analysis.target(at: offset), let declaration = step.identifierRange, let container = step.container else {
            throw .init(.requestFailed, "there is no step identifier here to rename")
        }
        guard !name.isEmpty else { throw .init(.requestFailed, "a step identifier cannot be empty") }
        guard !NavigationTarget.keywords.contains(name) else {
            throw .init(.requestFailed, "\"\(name)\" is a reserved navigation keyword, not a step identifier")
        }
        if name != step.node.identifier, let taken = analysis.step(name, in: container) {
            let line = taken.identifierRange?.start.line ?? taken.range.start.line
            throw .init(.requestFailed, "\"\(name)\" is already the identifier of a step beside \"\(step.node.identifier)\" (line \(line))")
        }
        let replacement = JSONWriter.compact.string(.string(name))
        let ranges = [declaration] + analysis.references(to: step).map(\.range)
        let edits: [JSONValue] = ranges.map { ["range": analysis.lines.range($0), "newText": .string(replacement)] }
        return ["changes": .object(JSONObject([.init(key: uri, value: .array(edits))]))]
    }

    /// An LSP `Location`.
    static func location(_ uri: String, _ lines: TextLines, _ range: SourceRange) -> JSONValue {
        ["uri": .string(uri), "range": lines.range(range)]
    }

    /// A string's span without its quotes.
    static func inner(_ range: SourceRange) -> SourceRange {
        guard range.end.offset - range.start.offset >= 2 else { return range }
        let start = SourcePosition(line: range.start.line, column: range.start.column + 1, offset: range.start.offset + 1)
        let end = SourcePosition(line: range.end.line, column: range.end.column - 1, offset: range.end.offset - 1)
        return SourceRange(start: start, end: end)
    }
}
