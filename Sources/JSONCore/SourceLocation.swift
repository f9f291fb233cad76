/// A place in a source file: 1-based line and column (columns count Unicode scalars) and the byte offset.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line number.
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int
    /// 0-based byte offset in the UTF-8 text.
    public let offset: Int

    /// A position from its parts.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Earlier in the text, by byte offset.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// The span of a value in its source text, from its first byte to just past its last.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    /// Where the value starts.
    public let start: SourcePosition
    /// Just past where the value ends.
    public let end: SourcePosition

    /// A range from its ends.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// `line:column` of the start.
    public var description: String { start.description }
}

/// Converts byte offsets of a UTF-8 text into lines and columns.
public struct LineTable: Sendable {
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    /// Indexes the line starts of `bytes` (lines end at `\n`).
    public init(_ bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
        self.bytes = bytes
    }

    /// The line and column of a byte offset.
    public func position(ofOffset offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: low + 1, column: column, offset: clamped)
    }

    /// How many lines the text has (one more than its `\n`s).
    public var lineCount: Int { lineStarts.count }

    /// The byte offset where the 0-based line `index` starts (clamped to the lines there are).
    public func startOffset(ofLine index: Int) -> Int {
        lineStarts[max(0, min(index, lineStarts.count - 1))]
    }
}

/// Where every value of a parsed document came from, keyed by JSON Pointer.
public struct SourceMap: Sendable {
    private let valueSpans: [JSONPointer: Range<Int>]
    private let keySpans: [JSONPointer: Range<Int>]
    private let lines: LineTable

    init(valueSpans: [JSONPointer: Range<Int>], keySpans: [JSONPointer: Range<Int>], lines: LineTable) {
        self.valueSpans = valueSpans
        self.keySpans = keySpans
        self.lines = lines
    }

    /// The range of the value at `pointer`, or `nil` when the document has no such value.
    public func range(of pointer: JSONPointer) -> SourceRange? {
        valueSpans[pointer].map(makeRange)
    }

    /// The range of the member name whose value is at `pointer` (for object members).
    public func keyRange(of pointer: JSONPointer) -> SourceRange? {
        keySpans[pointer].map(makeRange)
    }

    /// The start of the value at `pointer`, or of its nearest existing ancestor.
    public func position(of pointer: JSONPointer) -> SourcePosition {
        var current: JSONPointer? = pointer
        while let candidate = current {
            if let span = valueSpans[candidate] { return lines.position(ofOffset: span.lowerBound) }
            current = candidate.parent
        }
        return lines.position(ofOffset: 0)
    }

    /// The line and column of a byte offset.
    public func position(ofOffset offset: Int) -> SourcePosition {
        lines.position(ofOffset: offset)
    }

    private func makeRange(_ span: Range<Int>) -> SourceRange {
        SourceRange(start: lines.position(ofOffset: span.lowerBound), end: lines.position(ofOffset: span.upperBound))
    }
}
