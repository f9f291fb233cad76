/// A JSON Pointer (RFC 6901): a path of reference tokens into a JSON value.
public struct JSONPointer: Sendable, Hashable {
    /// The unescaped reference tokens.
    public private(set) var tokens: [String]

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses pointer text such as `/steps/0/identifier`.
    public init(parsing text: String) throws(JSONPointerError) {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { throw .missingLeadingSlash(text) }
        var tokens: [String] = []
        for rawToken in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            tokens.append(try JSONPointer.unescape(rawToken, in: text))
        }
        self.tokens = tokens
    }

    private static func unescape(_ raw: Substring, in text: String) throws(JSONPointerError) -> String {
        guard raw.contains("~") else { return String(raw) }
        var result = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: throw .invalidEscape(text)
            }
        }
        return result
    }

    /// The pointer extended by an object key.
    public func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(token)
        return copy
    }

    /// The pointer extended by an array index.
    public func appending(index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// The pointer extended by another pointer's tokens.
    public func appending(_ other: JSONPointer) -> JSONPointer {
        var copy = self
        copy.tokens += other.tokens
        return copy
    }

    /// The pointer to the enclosing value, or `nil` at the root.
    public var parent: JSONPointer? {
        tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// True for the pointer to the whole document.
    public var isRoot: Bool { tokens.isEmpty }

    /// Escapes one token (`~` as `~0`, `/` as `~1`).
    public static func escape(_ token: String) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The value this pointer designates inside `value`, or `nil` when it does not exist.
    public func resolve(in value: JSONValue) -> JSONValue? {
        var current = value
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = JSONPointer.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The array index a token spells (`0`, `12`; never `01` or `-1`).
    public static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        if first == UInt8(ascii: "0"), token.utf8.count > 1 { return nil }
        return Int(token)
    }
}

extension JSONPointer: CustomStringConvertible {
    /// The pointer text, e.g. `/steps/0/identifier`; empty for the root.
    public var description: String {
        tokens.isEmpty ? "" : tokens.map { "/" + JSONPointer.escape($0) }.joined()
    }
}

extension JSONPointer: Comparable {
    /// Document-independent order: token by token, array indices numerically.
    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        for (a, b) in zip(lhs.tokens, rhs.tokens) where a != b {
            if let x = arrayIndex(a), let y = arrayIndex(b) { return x < y }
            return a < b
        }
        return lhs.tokens.count < rhs.tokens.count
    }
}

/// Why pointer text could not be parsed.
public enum JSONPointerError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingLeadingSlash(String)
    case invalidEscape(String)

    public var description: String {
        switch self {
        case .missingLeadingSlash(let text): return "JSON Pointer '\(text)' must be empty or start with '/'"
        case .invalidEscape(let text): return "JSON Pointer '\(text)' has a '~' not followed by 0 or 1"
        }
    }
}
