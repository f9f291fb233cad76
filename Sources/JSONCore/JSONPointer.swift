import Platform

/// A JSON Pointer (RFC 6901): a path of reference tokens into a JSON value.
///
/// Pointers share their prefixes: `appending` and `parent` take constant time and memory, so a
/// pointer per value of a deeply nested document costs linear memory, not quadratic. Equality and
/// hashing use a hash of the whole path kept with each pointer; ``tokens`` is built on demand.
public struct JSONPointer: Sendable, Hashable {
    /// The last token, linked to the pointer it extends. Only `deinit` changes `parent`, when no one
    /// else can see the link, hence unchecked.
    private final class Link: ParentLinked, @unchecked Sendable {
        private(set) var parent: Link?
        let token: String
        /// How many tokens the pointer has.
        let count: Int
        /// A hash of every token from the root, so equal pointers hash alike without a walk.
        let pathHash: Int

        init(parent: Link?, token: String) {
            self.parent = parent
            self.token = token
            count = (parent?.count ?? 0) + 1
            var hasher = Hasher()
            hasher.combine(parent?.pathHash ?? 0)
            hasher.combine(token)
            pathHash = hasher.finalize()
        }

        func detachParent() -> Link? {
            let detached = parent
            parent = nil
            return detached
        }

        // A 30,000-token pointer must not need 30,000 stack frames to be freed.
        deinit {
            releaseParentsIteratively()
        }
    }

    /// `nil` for the root.
    private let last: Link?

    private init(last: Link?) {
        self.last = last
    }

    /// The unescaped reference tokens (built from the shared links: linear in their number).
    public var tokens: [String] {
        var tokens: [String] = []
        tokens.reserveCapacity(tokenCount)
        var link = last
        while let current = link {
            tokens.append(current.token)
            link = current.parent
        }
        return tokens.reversed()
    }

    /// How many tokens the pointer has (its depth), in constant time.
    public var tokenCount: Int { last?.count ?? 0 }

    /// The last token, in constant time; `nil` at the root.
    public var lastToken: String? { last?.token }

    /// The pointer to the whole document.
    public static let root = JSONPointer(last: nil)

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) {
        var link: Link?
        for token in tokens { link = Link(parent: link, token: token) }
        last = link
    }

    /// Parses pointer text such as `/steps/0/identifier`.
    public init(parsing text: String) throws(JSONPointerError) {
        guard !text.isEmpty else {
            self.init(last: nil)
            return
        }
        guard text.hasPrefix("/") else { throw .missingLeadingSlash(text) }
        var tokens: [String] = []
        for rawToken in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            tokens.append(try JSONPointer.unescape(rawToken, in: text))
        }
        self.init(tokens: tokens)
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

    /// The pointer extended by an object key (sharing this pointer's tokens).
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(last: Link(parent: last, token: token))
    }

    /// The pointer extended by an array index.
    public func appending(index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// The pointer extended by another pointer's tokens.
    public func appending(_ other: JSONPointer) -> JSONPointer {
        var link = last
        for token in other.tokens { link = Link(parent: link, token: token) }
        return JSONPointer(last: link)
    }

    /// The pointer to the enclosing value, or `nil` at the root (constant time).
    public var parent: JSONPointer? {
        last.map { JSONPointer(last: $0.parent) }
    }

    /// True for the pointer to the whole document.
    public var isRoot: Bool { last == nil }

    /// Whether `other` is this pointer or one of its ancestors (walks this pointer up to `other`'s depth).
    public func hasPrefix(_ other: JSONPointer) -> Bool {
        guard other.tokenCount <= tokenCount else { return false }
        var link = last
        while let current = link, current.count > other.tokenCount { link = current.parent }
        return JSONPointer(last: link) == other
    }

    /// Pointers to the same place are equal, however they were built: the kept path hashes are compared
    /// first, then the tokens, up to where the two chains meet.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        var left = lhs.last, right = rhs.last
        guard left?.count == right?.count, left?.pathHash == right?.pathHash else { return false }
        // Walk up together until the chains meet (shared prefixes stop the walk early).
        while let a = left, let b = right, a !== b {
            guard a.token == b.token else { return false }
            left = a.parent
            right = b.parent
        }
        return true
    }

    /// Hashes the path hash each pointer keeps, so hashing costs the same at any depth.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(last?.pathHash ?? 0)
    }

    /// Escapes one token (`~` as `~0`, `/` as `~1`).
    public static func escape(_ token: String) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
        return token.replacingScalars(["~": "~0", "/": "~1"])
    }

    /// The value this pointer designates inside `value`, or `nil` when it does not exist.
    public func resolve(in value: JSONValue) -> JSONValue? {
        guard !isRoot else { return value }
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
        isRoot ? "" : tokens.map { "/" + JSONPointer.escape($0) }.joined()
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

    /// The message for users, quoting the pointer text.
    public var description: String {
        switch self {
        case .missingLeadingSlash(let text): return "JSON Pointer '\(text)' must be empty or start with '/'"
        case .invalidEscape(let text): return "JSON Pointer '\(text)' has a '~' not followed by 0 or 1"
        }
    }
}
