/// Why a `JSONValue` could not be decoded into a Swift type, and where.
///
/// The pointer can be turned into `line:column` with the document's ``SourceMap``;
/// decoding a positioned ``JSONDocument`` with ``JSONValueDecoder`` fills ``position`` itself.
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The value has another JSON type than the one the Swift type needs.
        case typeMismatch(expected: String, found: JSONPrimitiveType)
        /// A required member is absent.
        case missingKey(String)
        /// A number does not fit the Swift numeric type (too large, or fractional for an integer).
        case numberOutOfRange(number: String, type: String)
        /// An array has fewer elements than the type reads.
        case endOfArray
        /// The type's own `init(from:)` rejected the value.
        case invalidValue(String)
    }

    /// What went wrong.
    public let kind: Kind
    /// Where the offending value is (for ``Kind/missingKey(_:)``, the object missing it).
    public let pointer: JSONPointer
    /// The value's line and column, when the decoded document recorded positions.
    public var position: SourcePosition?

    /// An error at `pointer`.
    public init(_ kind: Kind, at pointer: JSONPointer, position: SourcePosition? = nil) {
        self.kind = kind
        self.pointer = pointer
        self.position = position
    }

    /// The problem in words, naming the member ("expected a string for 'title' but found a number").
    public var message: String {
        switch kind {
        case .typeMismatch(let expected, let found):
            return "expected \(expected) for \(Self.subject(pointer)) but found \(found.withArticle)"
        case .missingKey(let key):
            return "missing required key '\(key)' in \(Self.subject(pointer))"
        case .numberOutOfRange(let number, let type):
            return "the number \(number) for \(Self.subject(pointer)) does not fit \(type)"
        case .endOfArray:
            return "\(Self.subject(pointer)) has too few elements"
        case .invalidValue(let reason):
            return "invalid value for \(Self.subject(pointer)): \(reason)"
        }
    }

    /// `line:column: message` when the position is known, else `pointer: message`.
    public var description: String {
        if let position { return "\(position): \(message)" }
        return "\(pointer.isRoot ? "/" : pointer.description): \(message)"
    }

    /// How messages name the value at `pointer`: `'title'`, `element 2 of 'choices'`, `the document`.
    static func subject(_ pointer: JSONPointer) -> String {
        guard let last = pointer.lastToken else { return "the document" }
        guard JSONPointer.arrayIndex(last) != nil else { return "'\(last)'" }
        let container = pointer.parent?.lastToken.map { "'\($0)'" } ?? "the document"
        return "element \(last) of \(container)"
    }
}

/// Why a Swift value could not be encoded as a `JSONValue`, and where.
public struct JSONEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the output the value would have gone.
    public let pointer: JSONPointer
    /// What is wrong ("NaN is not a JSON number").
    public let message: String

    /// An error at `pointer`.
    public init(_ message: String, at pointer: JSONPointer) {
        self.message = message
        self.pointer = pointer
    }

    /// `pointer: message`.
    public var description: String { "\(pointer.isRoot ? "/" : pointer.description): \(message)" }
}

extension JSONPointer {
    /// The pointer a `Codable` coding path denotes: array positions become indices, keys become tokens.
    public init(codingPath: [any CodingKey]) {
        self.init(tokens: codingPath.map(JSONPointer.token(for:)))
    }

    /// One coding key as a pointer token (Foundation names array positions "Index N").
    static func token(for key: any CodingKey) -> String {
        guard let index = key.intValue else { return key.stringValue }
        if key.stringValue == String(index) || key.stringValue == "Index \(index)" { return String(index) }
        return key.stringValue
    }
}

/// Any key: those the JSON coders create themselves (object members and array positions), and the member names
/// the survey model reads and writes every part through.
package struct JSONCodingKey: CodingKey {
    package let stringValue: String
    package let intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// The key named as `key` is.
    package init(_ key: some CodingKey) { self.init(stringValue: key.stringValue) }

    package init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key `superDecoder()`/`superEncoder()` use, as Foundation's coders do.
    static let superKey = JSONCodingKey(stringValue: "super")
}
