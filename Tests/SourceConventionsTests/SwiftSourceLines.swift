/// A Swift source file cut into lines, each reduced to what the doc-comment check needs: its code
/// with comments and the contents of string literals removed, and whether the line is a doc comment.
///
/// This is a lexer for the check, not a parser: it knows comments (nested block comments too),
/// string literals (multi-line, raw with `#`s, and interpolations with strings inside), and
/// nothing of the grammar beyond them. It reads UTF-8 bytes: every byte it looks for is ASCII.
struct SwiftSourceLines {
    /// One line of the file.
    struct Line: Equatable {
        /// 1-based line number.
        var number: Int
        /// The code on the line, comments dropped and string literals emptied (`"…"` becomes `""`).
        var code: String
        /// The line holds a `///` comment or part of a `/** … */` comment, and no code.
        var isDocComment: Bool
    }

    /// The file's lines, in order.
    private(set) var lines: [Line] = []

    private enum Mode {
        case code
        /// A string literal: `hashes` is the number of `#` around a raw string.
        case string(multiline: Bool, hashes: Int)
        /// Code inside `\( … )` of a string; `depth` counts its open parentheses.
        case interpolation(depth: Int)
        case blockComment(depth: Int, isDoc: Bool)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var code: [UInt8] = []
    private var sawDoc = false
    private var modes: [Mode] = [.code]

    init(_ text: String) {
        bytes = Array(text.utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if case .blockComment(_, true) = modes.last { sawDoc = true }
                endLine()
                index += 1
                continue
            }
            switch modes.last ?? .code {
            case .code, .interpolation: lexCode()
            case .string(let multiline, let hashes): lexString(multiline: multiline, hashes: hashes)
            case .blockComment(let depth, let isDoc): lexBlockComment(depth: depth, isDoc: isDoc)
            }
        }
        if !code.isEmpty || sawDoc { endLine() }
    }

    private mutating func endLine() {
        let hasCode = code.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
        lines.append(Line(number: lines.count + 1, code: String(decoding: code, as: UTF8.self), isDocComment: sawDoc && !hasCode))
        code = []
        sawDoc = false
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func matches(_ literal: StaticString, at offset: Int = 0) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + offset + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + offset + $0] == expected[$0] }
        }
    }

    private func hashCount(at offset: Int) -> Int {
        var count = 0
        while peek(offset + count) == UInt8(ascii: "#") { count += 1 }
        return count
    }

    private mutating func lexCode() {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "("), UInt8(ascii: ")"): break
        default:
            code.append(byte)
            index += 1
            return
        }
        if matches("//") {
            if matches("///") && !matches("////") { sawDoc = true }
            while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
            return
        }
        if matches("/*") {
            let isDoc = matches("/**") && !matches("/**/")
            modes.append(.blockComment(depth: 1, isDoc: isDoc))
            if isDoc { sawDoc = true }
            index += 2
            return
        }
        let hashes = hashCount(at: 0)
        if peek(hashes) == UInt8(ascii: "\"") {
            let multiline = matches("\"\"\"", at: hashes)
            modes.append(.string(multiline: multiline, hashes: hashes))
            code.append(UInt8(ascii: "\""))
            index += hashes + (multiline ? 3 : 1)
            return
        }
        if case .interpolation(let depth) = modes.last {
            if byte == UInt8(ascii: "(") {
                modes[modes.count - 1] = .interpolation(depth: depth + 1)
            } else if byte == UInt8(ascii: ")") {
                modes.removeLast()
                if depth > 1 { modes.append(.interpolation(depth: depth - 1)) }
                index += 1
                return
            }
        }
        code.append(byte)
        index += 1
    }

    private mutating func lexString(multiline: Bool, hashes: Int) {
        guard bytes[index] == UInt8(ascii: "\\") || bytes[index] == UInt8(ascii: "\"") else {
            index += 1
            return
        }
        if bytes[index] == UInt8(ascii: "\\"), hashCount(at: 1) == hashes {
            // An interpolation, or an escaped character, whatever it is.
            if peek(1 + hashes) == UInt8(ascii: "(") { modes.append(.interpolation(depth: 1)) }
            index += 2 + hashes
            return
        }
        let quotes = multiline ? 3 : 1
        if multiline ? matches("\"\"\"") : matches("\""), hashCount(at: quotes) >= hashes {
            modes.removeLast()
            code.append(UInt8(ascii: "\""))
            index += quotes + hashes
            return
        }
        index += 1
    }

    private mutating func lexBlockComment(depth: Int, isDoc: Bool) {
        if isDoc { sawDoc = true }
        guard bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "*") else {
            index += 1
            return
        }
        if matches("/*") {
            modes[modes.count - 1] = .blockComment(depth: depth + 1, isDoc: isDoc)
            index += 2
        } else if matches("*/") {
            modes.removeLast()
            if depth > 1 { modes.append(.blockComment(depth: depth - 1, isDoc: isDoc)) }
            index += 2
        } else {
            index += 1
        }
    }
}
