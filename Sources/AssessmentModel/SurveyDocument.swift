import JSONCore

/// Why a survey file could not be read at all.
public enum SurveyLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not strict JSON.
    case syntax(JSONParseError)
    /// The root is not an object.
    case notAnObject(found: JSONPrimitiveType)

    /// The reason, with its position.
    public var description: String {
        switch self {
        case .syntax(let error): return error.description
        case .notAnObject(let found): return "1:1: a survey must be a JSON object, found \(found.withArticle)"
        }
    }
}

/// A survey file: its positioned JSON, its decoded node tree and what could not be decoded.
public struct SurveyDocument: Sendable {
    /// The parsed JSON with positions.
    public let json: JSONDocument
    /// The root node (normally of kind `assessment`).
    public let assessment: Node
    /// Members the model could not read as the format describes.
    public let issues: [ModelIssue]

    /// The deepest JSON nesting a survey may have: each section costs two levels (the section and its
    /// `steps`), so this leaves room for 10,000 nested sections and the steps inside the deepest.
    public static let maxDepth = 20_100

    /// Parses and decodes a survey.
    public init(bytes: [UInt8]) throws(SurveyLoadError) {
        do {
            json = try JSONDocument(bytes: bytes, options: .init(maxDepth: SurveyDocument.maxDepth, recordPositions: true))
        } catch {
            throw .syntax(error)
        }
        guard case .object = json.value else { throw .notAnObject(found: json.value.primitiveType) }
        let problems = JSONDecodingProblems()
        do {
            assessment = try JSONValueDecoder().decode(Node.self, from: json.value, collecting: problems)
        } catch {
            // Only a value that is not an object fails to decode as a node.
            throw .notAnObject(found: json.value.primitiveType)
        }
        issues = problems.all.map(ModelIssue.init)
    }

    /// Parses and decodes survey text.
    public init(text: String) throws(SurveyLoadError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Where each value and member name is in the file.
    public var sourceMap: SourceMap? { json.sourceMap }

    /// Keys written twice in one object (the model keeps the last value; lint reports them).
    public var duplicateKeys: [DuplicateKey] { json.duplicateKeys }

    /// The line and column of a value (or of its nearest existing parent).
    public func position(of pointer: JSONPointer) -> SourcePosition {
        json.sourceMap?.position(of: pointer) ?? SourcePosition(line: 1, column: 1, offset: 0)
    }

    /// The line and column of the member name for the value at `pointer`, else of the value.
    public func keyPosition(of pointer: JSONPointer) -> SourcePosition {
        keyRange(of: pointer).start
    }

    /// The span of a value, else an empty range at its nearest existing parent.
    public func range(of pointer: JSONPointer) -> SourceRange {
        json.sourceMap?.range(of: pointer) ?? .at(position(of: pointer))
    }

    /// The span of the member name for the value at `pointer`, else of the value.
    public func keyRange(of pointer: JSONPointer) -> SourceRange {
        json.sourceMap?.keyRange(of: pointer) ?? range(of: pointer)
    }
}
