/// A public declaration with no doc comment above it.
struct UndocumentedDeclaration: Equatable, Sendable, CustomStringConvertible {
    /// The file, as the caller named it.
    var file: String
    /// 1-based line of the declaration's first line.
    var line: Int
    /// The code on that line.
    var declaration: String

    var description: String { "\(file):\(line): \(declaration)" }
}

/// Finds the public API of a Swift file that has no doc comment: every declaration written `public` or
/// `open`, and every member of a public protocol or of a `public extension` (public without the word).
///
/// A doc comment is a `///` line or a `/** … */` comment directly above the declaration; attribute
/// lines (`@inlinable`, `@available(…)`) may stand between. Cases of an enum are covered by the
/// enum's own comment and are not checked, nor is an extension itself. The check goes by the written word: a
/// member written `public` inside an internal type is checked too (document it, or drop the word).
enum PublicDeclarationScanner {
    /// Declarations that need no comment of their own: enum cases (the enum's comment covers them), and
    /// extensions (they declare no name; `public extension` only makes its members public, and they are checked).
    private static let exempt: Set<String> = ["case", "extension", "deinit"]

    static func undocumented(in source: String, file: String) -> [UndocumentedDeclaration] {
        let lines = SwiftSourceLines(source).lines
        var found: [UndocumentedDeclaration] = []
        // Each open brace: do the declarations directly inside it become public without the word?
        var scopes: [Bool] = []
        // The scope the next `{` opens, set by a type or extension declaration.
        var pendingScope: Bool?
        for (position, line) in lines.enumerated() {
            // Only a line that says `public` or `open`, or stands in a public scope, can declare public API.
            let mayBePublic = (scopes.last ?? false) || line.code.contains("public") || line.code.contains("open")
            if mayBePublic, let head = DeclarationHead(line.code) {
                let code = line.code.trimmingWhitespace
                let insidePublicScope = (scopes.last ?? false) && head.access == nil
                let isPublic = head.access == "public" || head.access == "open" || insidePublicScope
                if isPublic, !Self.exempt.contains(head.keyword), !hasDocComment(lines, above: position) {
                    found.append(UndocumentedDeclaration(file: file, line: line.number, declaration: code))
                }
                switch head.keyword {
                case "protocol": pendingScope = isPublic
                case "extension": pendingScope = head.access == "public"
                case "class", "struct", "enum", "actor": pendingScope = false
                default: break
                }
            }
            for byte in line.code.utf8 {
                if byte == UInt8(ascii: "{") {
                    scopes.append(pendingScope ?? false)
                    pendingScope = nil
                } else if byte == UInt8(ascii: "}") {
                    _ = scopes.popLast()
                }
            }
        }
        return found
    }

    /// Whether a doc comment ends right above the line at `position`, past any attribute lines.
    private static func hasDocComment(_ lines: [SwiftSourceLines.Line], above position: Int) -> Bool {
        var index = position - 1
        while index >= 0 {
            let line = lines[index]
            if line.isDocComment { return true }
            let code = line.code.trimmingWhitespace
            guard code.hasPrefix("@"), DeclarationHead(code) == nil else { return false }
            index -= 1
        }
        return false
    }
}

/// The start of a declaration: its access level, if written, and its keyword.
struct DeclarationHead: Equatable {
    /// `public`, `open`, `internal`, `private`, `fileprivate` or `package`; `nil` when not written.
    var access: String?
    /// `func`, `var`, `struct`, `case`, …
    var keyword: String

    private static let keywords: Set<String> = [
        "func", "init", "deinit", "subscript", "var", "let", "class", "struct", "enum", "protocol", "actor",
        "typealias", "associatedtype", "extension", "case", "operator", "macro", "precedencegroup",
    ]
    private static let accessLevels: Set<String> = ["public", "open", "internal", "private", "fileprivate", "package"]
    private static let modifiers: Set<String> = [
        "static", "class", "final", "override", "mutating", "nonmutating", "convenience", "required", "lazy",
        "weak", "unowned", "indirect", "nonisolated", "dynamic", "optional", "prefix", "postfix", "infix",
        "distributed", "consuming", "borrowing", "isolated",
    ]

    /// Reads the head of a declaration from a line of code (comments and strings already removed);
    /// `nil` when the line does not start a declaration.
    init?(_ code: String) {
        var rest = Substring(code)
        var access: String?
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.hasPrefix("@") {
                rest = rest.dropFirst()
                rest = rest.drop(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                if rest.hasPrefix("(") { rest = Self.dropBalancedParentheses(rest) }
                continue
            }
            let word = String(rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
            guard !word.isEmpty else { return nil }
            rest = rest.dropFirst(word.count)
            // `private(set)` and `nonisolated(unsafe)` modify; they do not set the declaration's access.
            let isQualified = rest.hasPrefix("(")
            if isQualified { rest = Self.dropBalancedParentheses(rest) }
            if Self.accessLevels.contains(word) {
                if !isQualified { access = word }
                continue
            }
            if word == "class", let next = rest.drop(while: \.isWhitespace).split(separator: " ").first,
               Self.modifiers.contains(String(next)) || Self.keywords.contains(String(next)) {
                continue
            }
            if Self.modifiers.contains(word), word != "class" { continue }
            guard Self.keywords.contains(word) else { return nil }
            self.access = access
            self.keyword = word
            return
        }
    }

    /// The text after the parenthesised group it starts with (`(set)`, `(unsafe)`, an attribute's arguments).
    private static func dropBalancedParentheses(_ text: Substring) -> Substring {
        guard let close = text.closingParenthesis(alreadyOpen: 0) else { return text[text.endIndex...] }
        return text[text.index(after: close)...]
    }
}

extension Substring {
    /// Where the parenthesis closes that leaves none open, counting `alreadyOpen` opened before the text
    /// and every `(` inside it; `nil` when the text ends first.
    func closingParenthesis(alreadyOpen: Int) -> Index? {
        var depth = alreadyOpen
        for index in indices {
            if self[index] == "(" { depth += 1 }
            if self[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

extension String {
    /// The string without white space at either end.
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
