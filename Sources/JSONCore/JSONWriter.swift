/// Turns `JSONValue`s into JSON text, compact or indented, keys in document or sorted order.
public struct JSONWriter: Sendable {
    /// Spaces per nesting level; `nil` writes everything on one line.
    public var indent: Int?
    /// Whether object members are written sorted by key (stable output for diffs and hashing).
    public var sortedKeys: Bool

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

    /// The UTF-8 JSON text of `value`, ending with a newline when indented.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, level: 0, into: &output)
        if indent != nil { output.append(0x0A) }
        return output
    }

    private func write(_ value: JSONValue, level: Int, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.lexeme.utf8)
        case .string(let text): JSONWriter.writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(level: level + 1, into: &output)
                write(element, level: level + 1, into: &output)
            }
            newline(level: level, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            let members = sortedKeys ? object.members.sorted { $0.key < $1.key } : object.members
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(level: level + 1, into: &output)
                JSONWriter.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                write(member.value, level: level + 1, into: &output)
            }
            newline(level: level, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private func newline(level: Int, into output: inout [UInt8]) {
        guard let indent else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
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
