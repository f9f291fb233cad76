/// Why a text is not strict RFC 8259 JSON, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        case emptyDocument
        case unexpectedEnd(expected: String)
        case unexpectedCharacter(found: String, expected: String)
        case trailingComma
        case leadingZero
        case invalidNumber(String)
        case nonFiniteNumber(String)
        case commentNotAllowed
        case singleQuotedString
        case invalidEscape(String)
        case unescapedControlCharacter(UInt8)
        case invalidUTF8
        case loneSurrogate(String)
        case depthLimitExceeded(Int)
        case stringTooLong(limit: Int)
        case trailingContent
    }

    /// What went wrong.
    public let kind: Kind
    /// Where it went wrong.
    public let position: SourcePosition

    /// A sentence describing the problem, without the position.
    public var message: String {
        switch kind {
        case .emptyDocument: return "the document is empty; expected a JSON value"
        case .unexpectedEnd(let expected): return "unexpected end of input; expected \(expected)"
        case .unexpectedCharacter(let found, let expected): return "unexpected \(found); expected \(expected)"
        case .trailingComma: return "trailing comma: JSON does not allow a comma before a closing bracket"
        case .leadingZero: return "numbers cannot have leading zeros"
        case .invalidNumber(let detail): return "invalid number: \(detail)"
        case .nonFiniteNumber(let word): return "'\(word)' is not a JSON number; JSON has no NaN or Infinity"
        case .commentNotAllowed: return "comments are not allowed in JSON"
        case .singleQuotedString: return "strings must be enclosed in double quotes"
        case .invalidEscape(let escape): return "invalid escape sequence '\(escape)' in string"
        case .unescapedControlCharacter(let byte):
            return "control character U+\(String(format4: byte)) must be escaped in strings"
        case .invalidUTF8: return "invalid UTF-8 byte sequence"
        case .loneSurrogate(let escape): return "lone surrogate '\(escape)': a \\u escape of a UTF-16 surrogate must form a pair"
        case .depthLimitExceeded(let limit): return "nesting deeper than the limit of \(limit) arrays and objects"
        case .stringTooLong(let limit): return "string longer than the limit of \(limit) bytes"
        case .trailingContent: return "unexpected content after the JSON value"
        }
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}

extension String {
    init(format4 byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = String(repeating: "0", count: 4 - hex.count) + hex
    }
}
