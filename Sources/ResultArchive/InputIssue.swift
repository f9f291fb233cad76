import JSONCore

/// A problem in an input file that a pipeline reads (archive map, manifest line, catalog, tolerated-error
/// config), with where it is: `file:line:col: message`.
public struct InputIssue: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name as given (or `-` for standard input).
    public let file: String
    /// Where in the file, when known.
    public let position: SourcePosition?
    /// The JSON Pointer of the value at fault, when the file parsed.
    public let pointer: JSONPointer?
    /// What is wrong.
    public let message: String

    /// An issue at `position` (and `pointer`) of `file`.
    public init(file: String, position: SourcePosition? = nil, pointer: JSONPointer? = nil, message: String) {
        self.file = file
        self.position = position
        self.pointer = pointer
        self.message = message
    }

    /// `file:line:col: message` (or `file: message` without a position).
    public var description: String {
        (position.map { "\(file):\($0.line):\($0.column)" } ?? file) + ": " + message
    }

    /// An issue for a JSON syntax error in `file`.
    static func syntax(_ error: JSONParseError, file: String) -> InputIssue {
        InputIssue(file: file, position: error.position, message: error.message)
    }

    /// An issue at `pointer` of a parsed document.
    static func at(_ pointer: JSONPointer, in document: JSONDocument, file: String, _ message: String) -> InputIssue {
        InputIssue(file: file, position: document.sourceMap?.position(of: pointer), pointer: pointer, message: message)
    }
}
