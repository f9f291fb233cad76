import FoundationEssentials
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

    /// Parses `bytes` with positions; a syntax error is an issue of `file`.
    static func parse(_ bytes: [UInt8], file: String) throws(InputIssue) -> JSONDocument {
        do {
            return try JSONDocument(bytes: bytes, options: .init(recordPositions: true))
        } catch {
            throw .syntax(error, file: file)
        }
    }

    /// The bytes of the file at `path`; a missing or unreadable file is an issue naming `what` it is.
    static func read(_ path: String, what: String) throws(InputIssue) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw InputIssue(file: path, message: "cannot read \(what): \(reason)")
        }
        return Array(data)
    }
}
