/// Turns `JSONValue`s into JSON text, compact or indented, keys in document or sorted order.
public struct JSONWriter: Sendable {
    /// Spaces per nesting level; `nil` writes everything on one line.
    public var indent: Int?
    /// Whether object members are written sorted by key (stable output for diffs and hashing).
    public var sortedKeys: Bool

    /// A writer; by default compact, members in document order.
    public init(indent: Int? = nil, sortedKeys: Bool = false) {
        self.indent = indent
        self.sortedKeys = sortedKeys
    }

    /// One line, no spaces, keys in document order.
    public static let compact = JSONWriter()
    /// Two-space indentation, `"key": value`, keys in document order.
    public static let pretty = JSONWriter(indent: 2)

    /// The JSON text of `value`.
    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The deepest nesting that gets its own indentation; deeper values are still one per line, at
    /// this indentation, so the text of a deeply nested value stays linear in its size.
    public static let maxIndentedLevels = 64

    /// The UTF-8 JSON text of `value`, ending with a newline when indented.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output)
        if indent != nil { output.append(0x0A) }
        return output
    }

    /// An open array or object and the index of its next element or member.
    private enum Frame {
        case array([JSONValue], next: Int)
        case object([JSONObject.Member], next: Int)
    }

    /// Writes with an explicit stack of open containers: nesting depth costs heap, not machine stack.
    private func write(_ root: JSONValue, into output: inout [UInt8]) {
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: (indent ?? 0) * JSONWriter.maxIndentedLevels)
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number): output.append(contentsOf: number.lexeme.utf8)
                case .string(let text): JSONWriter.writeString(text, into: &output)
                case .array(let elements):
                    if elements.isEmpty {
                        output.append(contentsOf: "[]".utf8)
                    } else {
                        output.append(UInt8(ascii: "["))
                        stack.append(.array(elements, next: 0))
                    }
                case .object(let object):
                    if object.isEmpty {
                        output.append(contentsOf: "{}".utf8)
                    } else {
                        output.append(UInt8(ascii: "{"))
                        stack.append(.object(sortedKeys ? object.members.sorted { $0.key < $1.key } : object.members, next: 0))
                    }
                }
            }
            guard let top = stack.popLast() else { return }
            // Children of the innermost open container sit one level deeper than it.
            let level = stack.count + 1
            switch top {
            case .array(let elements, let next):
                guard next < elements.count else {
                    newline(level: level - 1, padding: padding, into: &output)
                    output.append(UInt8(ascii: "]"))
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                newline(level: level, padding: padding, into: &output)
                pending = elements[next]
                stack.append(.array(elements, next: next + 1))
            case .object(let members, let next):
                guard next < members.count else {
                    newline(level: level - 1, padding: padding, into: &output)
                    output.append(UInt8(ascii: "}"))
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                newline(level: level, padding: padding, into: &output)
                JSONWriter.writeString(members[next].key, into: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                pending = members[next].value
                stack.append(.object(members, next: next + 1))
            }
        }
    }

    private func newline(level: Int, padding: [UInt8], into output: inout [UInt8]) {
        guard let indent else { return }
        output.append(0x0A)
        output.append(contentsOf: padding[0..<(indent * min(level, JSONWriter.maxIndentedLevels))])
    }

    /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    package static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: one copy.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0x08: output.append(contentsOf: "\\b".utf8)
            case 0x0C: output.append(contentsOf: "\\f".utf8)
            case 0..<0x20:
                output.append(contentsOf: "\\u".utf8)
                output.append(contentsOf: String(format4: byte).lowercased().utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
