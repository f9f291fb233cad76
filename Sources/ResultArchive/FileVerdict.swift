import JSONCore
import JSONSchema

/// One schema error of a file: message, where in the file, and which keyword.
public struct FileError: Sendable, Equatable {
    /// The error in words.
    public let message: String
    /// The failing keyword (`required`, `type`, …), or `json` for a syntax error.
    public let keyword: String
    /// Where the failing value is in the file.
    public let instancePointer: JSONPointer
    /// The error's pointer for tolerated-error rules: the instance pointer, extended by the missing
    /// member for `required` and by the extra member for `additionalProperties`.
    public let pointer: JSONPointer
    /// The keyword's path in the schema (through any `$ref`).
    public let schemaPath: JSONPointer
    /// The line and column in the file.
    public let position: SourcePosition?
    /// The message Python's `jsonschema` gives the error (what Sage's job compares), when rendered.
    public let pythonMessage: String?

    /// An error from its parts.
    public init(message: String, keyword: String, instancePointer: JSONPointer, pointer: JSONPointer? = nil,
                schemaPath: JSONPointer, position: SourcePosition?, pythonMessage: String? = nil) {
        self.message = message
        self.pythonMessage = pythonMessage
        self.keyword = keyword
        self.instancePointer = instancePointer
        self.pointer = pointer ?? instancePointer
        self.schemaPath = schemaPath
        self.position = position
    }

    /// A file error from a validation error (its best match), without a position: `positioned(at:)` gives it
    /// one (the start of the best match's value, or of its nearest existing ancestor, as
    /// `SourceMap.position(of:)` and `ValueLocator` find it).
    public init(_ error: ValidationError, pythonMessage: String? = nil) {
        let best = error.bestMatch
        var pointer = best.instanceLocation
        switch best.kind {
        case .required(let missing): pointer = pointer.appending(missing)
        case .additionalProperty(let name) where best.instanceLocation.lastToken != name: pointer = pointer.appending(name)
        default: break
        }
        self.init(message: best.message, keyword: best.keywordLocation.lastToken ?? "schema", instancePointer: best.instanceLocation,
                  pointer: pointer, schemaPath: best.keywordLocation, position: nil, pythonMessage: pythonMessage)
    }

    /// The same error at `position`.
    public func positioned(at position: SourcePosition?) -> FileError {
        FileError(message: message, keyword: keyword, instancePointer: instancePointer, pointer: pointer, schemaPath: schemaPath,
                  position: position, pythonMessage: pythonMessage)
    }

    /// `line:col: message at /pointer (schema path)`.
    public var description: String {
        (position.map { "\($0): " } ?? "") + message + " at \(instancePointer.isRoot ? "the root" : instancePointer.description)" + " (\(schemaPath))"
    }
}

/// The verdict on one file of an archive.
public struct FileVerdict: Sendable, Equatable {
    /// Whether the file was checked and how it fared.
    public enum Status: String, Sendable {
        /// It follows its schema (tolerated errors aside).
        case valid
        /// It breaks its schema, or is not JSON.
        case invalid
        /// No schema was found for it, or its schema could not be resolved.
        case unvalidated
    }

    /// The name inside the archive.
    public let filename: String
    /// The name the lookup used (after `--file-alias`).
    public let lookupName: String
    /// The schema URI, if one was chosen.
    public let schema: String?
    /// Who chose it.
    public let chosenBy: ChosenBy?
    /// Where the schema came from, when it was resolved.
    public let origin: SchemaOrigin?
    /// The verdict.
    public let status: Status
    /// The errors, up to the cap (tolerated ones left out).
    public let errors: [FileError]
    /// How many errors there were after tolerated ones were left out (before the cap).
    public let errorCount: Int
    /// How many errors tolerated-error rules ignored.
    public let toleratedCount: Int
    /// Notes: deprecated in the map, not listed in metadata.json, schema from the catalog…
    public let notes: [String]
}
