/// The compact line a parse writes as it reads (`CompactJSON`): the bytes between whitespace runs are
/// copied when the parser reaches the whitespace after them, sixteen bytes at a time. Plain data
/// (its memory is the caller's, for the parse's duration), so the parses that write no line carry it
/// for nothing: no reference to copy or release.
struct LineWriter: BitwiseCopyable {
    /// Where the line goes (room for the whole text), when the parse writes one.
    private let output: UnsafeMutablePointer<UInt8>?
    /// Member names that keep the text from its line.
    private let names: UnsafePointer<CompactJSON.ReservedNames>?
    /// `CompactJSON.objectEnds` so far (appended through a pointer: no uniqueness check per object).
    private let objectEnds: UnsafeMutablePointer<GrowableBuffer<Int>>?
    /// The line's length so far.
    private(set) var written = 0
    /// Where the bytes not yet copied start in the text.
    private var pending = 0
    /// The nesting depth of the objects that take members (1: the document, 2: objects of a top-level
    /// array), 0 when none does (and when the parse writes no line).
    private(set) var fieldDepth = 0
    /// A member name of an object that takes members is reserved or escaped, or the text starts with
    /// a byte order mark: the text has no line.
    private(set) var isRefused = false

    /// No line.
    init() {
        output = nil
        names = nil
        objectEnds = nil
    }

    /// The line that is the text itself (a compact line): only its object ends go to `objectEnds` and its
    /// member names are checked (both valid while the parse lasts); it copies nothing.
    init(inPlace names: UnsafePointer<CompactJSON.ReservedNames>, objectEnds: UnsafeMutablePointer<GrowableBuffer<Int>>) {
        output = nil
        self.names = names
        self.objectEnds = objectEnds
    }

    /// A line into `output`, which has room for as many bytes as the text, its object ends into
    /// `objectEnds` (all three valid while the parse lasts).
    init(output: UnsafeMutablePointer<UInt8>, names: UnsafePointer<CompactJSON.ReservedNames>, objectEnds: UnsafeMutablePointer<GrowableBuffer<Int>>) {
        self.output = output
        self.names = names
        self.objectEnds = objectEnds
    }

    /// Whether the parse writes a line.
    var isWriting: Bool { output != nil }

    /// Starts at the document's first byte `first`, at `offset`; a text that starts with a byte order
    /// mark has no line (the mark is neither whitespace nor a token).
    mutating func start(at offset: Int, first: UInt8, afterByteOrderMark: Bool) {
        pending = offset
        isRefused = afterByteOrderMark
        fieldDepth = first == UInt8(ascii: "{") ? 1 : first == UInt8(ascii: "[") ? 2 : 0
    }

    /// Copies the text's bytes from the last whitespace up to `end` (the next whitespace, or the end of
    /// the document) and goes on from `next` (past that whitespace). Sixteen bytes are stored at once
    /// while sixteen remain in the text: the line never runs ahead of the text (it only drops bytes), so
    /// a store ending within the text fits its room.
    @inline(__always)
    mutating func copy(from text: UnsafeBufferPointer<UInt8>, upTo end: Int, resumingAt next: Int) {
        let from = pending, to = written
        written = to &+ (end &- from)
        pending = next
        // Most runs between whitespace are one token and its punctuation: one store, or two for a run
        // of up to 32 bytes such as a short string value and its comma (only a parse writing a line
        // calls this, so `output` is set).
        let length = end &- from
        if length <= 16, from &+ 16 <= text.count {
            copyBlock(from: text.baseAddress.unsafelyUnwrapped + from, to: output.unsafelyUnwrapped + to)
        } else if length <= 32, from &+ 32 <= text.count {
            copyBlock(from: text.baseAddress.unsafelyUnwrapped + from, to: output.unsafelyUnwrapped + to)
            copyBlock(from: text.baseAddress.unsafelyUnwrapped + (from &+ 16), to: output.unsafelyUnwrapped + (to &+ 16))
        } else {
            copyRun(from: text, start: from, end: end, to: to)
        }
    }

    /// Copies the sixteen bytes at `source` to `target`.
    @inline(__always)
    private func copyBlock(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
    }

    /// `copy` of a run longer than thirty-two bytes, or near the text's end.
    @inline(never)
    private func copyRun(from text: UnsafeBufferPointer<UInt8>, start: Int, end: Int, to: Int) {
        let output = output.unsafelyUnwrapped, source = text.baseAddress.unsafelyUnwrapped
        var from = start, to = to
        while from < end, from &+ 16 <= text.count {
            copyBlock(from: source + from, to: output + to)
            from &+= 16
            to &+= 16
        }
        // The last fifteen bytes of the text, one at a time.
        while from < end {
            output[to] = source[from]
            from &+= 1
            to &+= 1
        }
    }

    /// Notes the closing brace at `offset` in the text of an object that takes members.
    @inline(__always)
    mutating func endObject(at offset: Int, isEmpty: Bool) {
        objectEnds.unsafelyUnwrapped.pointee.append((written &+ offset &- pending) &<< 1 | (isEmpty ? 1 : 0))
    }

    /// Refuses the line when `key` (a member name of an object that takes members, whose parser key
    /// bit is `bit`) has an escape or is reserved.
    @inline(__always)
    mutating func checkMemberName(_ key: JSONTape.Entry, bit: UInt64, in text: UnsafeBufferPointer<UInt8>) {
        if key.flags & JSONTape.Entry.inText != 0 {
            isRefused = true
        } else if names.unsafelyUnwrapped.pointee.mayContain(keyBit: bit, count: Int(key.count)),
                  names.unsafelyUnwrapped.pointee.contains(UnsafeBufferPointer(rebasing: text[Int(key.payload)..<(Int(key.payload) &+ Int(key.count))])) {
            isRefused = true
        }
    }
}

extension JSONParser {
    /// `parseTape`, also writing the text's compact line (`nil` when a member name of an object that
    /// takes members is one of `names` or has an escape, or the text starts with a byte order mark),
    /// by `path`: from the text without its whitespace (`parseMinified`) where that parses, else by
    /// the parse that copies the line as it reads the text, which decides every error.
    func parseTapeAndLine(_ bytes: [UInt8], reserving names: CompactJSON.ReservedNames, scratch: inout ParseScratch,
                          path: LinePath = .fastest) throws(JSONParseError) -> (tape: JSONTape, hasDuplicateKeys: Bool, line: CompactJSON?) {
        if case .minified(let kernel, let portableScan) = path,
           let parsed = parseMinified(bytes, reserving: names, scratch: &scratch, kernel: kernel, portableScan: portableScan) {
            return parsed
        }
        var parsed: Result<(tape: JSONTape, hasDuplicateKeys: Bool, line: LineWriter), ParseFailure>?
        var objectEnds = GrowableBuffer<Int>(capacity: 16)
        let lineBytes = [UInt8](unsafeUninitializedCapacity: max(bytes.count, 1)) { output, count in
            guard let base = output.baseAddress else { return }
            withUnsafePointer(to: names) { names in
                withUnsafeMutablePointer(to: &objectEnds) { objectEnds in
                    let line = LineWriter(output: base, names: names, objectEnds: objectEnds)
                    parsed = attempt(bytes, tracksPaths: false, reportsDuplicates: false, line: line, scratch: &scratch) { state throws(ParseFailure) in
                        try state.parseTopLevel()
                        return (tape: state.builder.finish(source: bytes), hasDuplicateKeys: state.foundDuplicateKey, line: state.line)
                    }
                }
            }
            if case .success(let done)? = parsed { count = done.line.written }
        }
        guard let parsed else { throw JSONParseError(kind: .emptyDocument, position: SourcePosition(line: 1, column: 1, offset: 0)) }
        let done = try parsed.mapError { $0.positioned(in: bytes) }.get()
        let line = done.line.isRefused ? nil : CompactJSON(bytes: lineBytes, objectEnds: Array(UnsafeBufferPointer(start: objectEnds.base, count: objectEnds.count)))
        return (done.tape, done.hasDuplicateKeys, line)
    }
}

extension JSONTapeParser {
    /// `tape(_:)` and the text's compact line, written by the same pass over the bytes; the line is
    /// `nil` when a member name of an object that takes members (the document when it is an object,
    /// else each object of a top-level array) is one of `names` or has an escape, or when the text
    /// starts with a byte order mark.
    public mutating func tapeAndLine(_ bytes: [UInt8], reserving names: CompactJSON.ReservedNames)
        throws(JSONParseError) -> (tape: JSONTape, line: CompactJSON?) {
        let parsed = try parser.parseTapeAndLine(bytes, reserving: names, scratch: &scratch)
        return (parsed.hasDuplicateKeys ? JSONTape(parsed.tape.value) : parsed.tape, parsed.line)
    }
}
