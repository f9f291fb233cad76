import JSONCore

/// A position as LSP counts it: 0-based line and UTF-16 code unit within the line.
public struct LSPPosition: Sendable, Hashable, Comparable {
    /// 0-based line.
    public let line: Int
    /// 0-based UTF-16 code unit within the line.
    public let character: Int

    /// A value from its parts.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Document order.
    public static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool { (lhs.line, lhs.character) < (rhs.line, rhs.character) }

    /// `{"line", "character"}`.
    public var json: JSONValue { ["line": .number(JSONNumber(line)), "character": .number(JSONNumber(character))] }

    /// Reads `{"line", "character"}`.
    public init?(_ value: JSONValue?) {
        guard let line = value?["line"]?.numberValue?.intValue, let character = value?["character"]?.numberValue?.intValue else { return nil }
        self.init(line: line, character: character)
    }
}

/// Converts between byte offsets of a UTF-8 text and LSP positions (UTF-16 columns). Lines end at
/// `\n`, `\r\n` or a lone `\r`, the three line ends LSP 3.17 counts.
public struct TextLines: Sendable {
    /// The text's bytes.
    public let bytes: [UInt8]
    /// The offset of each line's first byte (the first is 0).
    private let starts: [Int]

    /// Indexes the lines of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        self.starts = starts
    }

    /// How many lines the text has (an empty text has one).
    public var lineCount: Int { starts.count }

    /// The line holding a byte offset (a line end belongs to the line it ends).
    private func line(ofOffset offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Where a line's text ends: before its line end.
    private func end(ofLine line: Int) -> Int {
        guard line + 1 < starts.count else { return bytes.count }
        var end = starts[line + 1]
        if end > starts[line], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > starts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The LSP position of a byte offset (clamped to the text).
    public func position(ofOffset offset: Int) -> LSPPosition {
        let clamped = max(0, min(offset, bytes.count))
        let line = line(ofOffset: clamped)
        var units = 0
        for byte in bytes[starts[line]..<clamped] where byte & 0xC0 != 0x80 {
            // A 4-byte sequence is two UTF-16 units; continuation bytes count nothing.
            units += byte >= 0xF0 ? 2 : 1
        }
        return LSPPosition(line: line, character: units)
    }

    /// The byte offset of an LSP position (a column past the line's end means its end).
    public func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return bytes.count }
        let end = end(ofLine: position.line)
        var index = starts[position.line]
        var units = 0
        while index < end, units < position.character {
            units += bytes[index] >= 0xF0 ? 2 : 1
            index += 1
            while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
        }
        return index
    }

    /// `{"start", "end"}` of a byte range.
    func range(_ start: Int, _ end: Int) -> JSONValue {
        ["start": position(ofOffset: start).json, "end": position(ofOffset: max(start, end)).json]
    }

    /// `{"start", "end"}` of a source range.
    func range(_ range: SourceRange) -> JSONValue { self.range(range.start.offset, range.end.offset) }
}
