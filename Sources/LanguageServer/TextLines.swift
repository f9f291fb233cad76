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

/// Converts between byte offsets of a UTF-8 text and LSP positions (UTF-16 columns).
public struct TextLines: Sendable {
    /// The text's bytes.
    public let bytes: [UInt8]
    private let table: LineTable

    /// Indexes the lines of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        table = LineTable(bytes)
    }

    /// The LSP position of a byte offset (clamped to the text).
    public func position(ofOffset offset: Int) -> LSPPosition {
        let clamped = max(0, min(offset, bytes.count))
        let line = table.position(ofOffset: clamped).line - 1
        var units = 0
        for byte in bytes[table.startOffset(ofLine: line)..<clamped] where byte & 0xC0 != 0x80 {
            // A 4-byte sequence is two UTF-16 units; continuation bytes count nothing.
            units += byte >= 0xF0 ? 2 : 1
        }
        return LSPPosition(line: line, character: units)
    }

    /// The byte offset of an LSP position (a column past the line's end means its end).
    public func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < table.lineCount else { return bytes.count }
        let end = position.line + 1 < table.lineCount ? table.startOffset(ofLine: position.line + 1) - 1 : bytes.count
        var index = table.startOffset(ofLine: position.line)
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
