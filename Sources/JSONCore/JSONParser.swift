/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Rejects everything the RFC does not allow (trailing commas, comments, leading zeros, NaN,
/// unescaped control characters, invalid UTF-8, lone surrogate escapes) with a positioned error,
/// keeps key order and exact numbers, records duplicate keys and, on request, the source range of
/// every value. It writes a ``JSONTape`` (`parseTape`), from which `parse` builds the tree.
/// Nesting is limited by `Options.maxDepth` instead of the machine stack, so the
/// parser runs on the calling thread; callers with a very deep limit should use a thread whose
/// stack fits it (about 300 bytes a level).
public struct JSONParser: Sendable {
    /// What the parser records and how deep it goes.
    public struct Options: Sendable {
        /// The deepest nesting of arrays and objects accepted.
        public var maxDepth: Int
        /// Whether to build a `SourceMap` of every value's range.
        public var recordPositions: Bool
        /// The longest string (or member name) accepted, in UTF-8 bytes; at most `JSONTape.maxStringBytes`.
        public var maxStringBytes: Int

        /// Options from their parts; `maxStringBytes` is capped at what the tape can hold.
        public init(maxDepth: Int = 10_000, recordPositions: Bool = false, maxStringBytes: Int = JSONTape.maxStringBytes) {
            self.maxDepth = maxDepth
            self.recordPositions = recordPositions
            self.maxStringBytes = min(maxStringBytes, JSONTape.maxStringBytes)
        }
    }

    /// How the parser behaves.
    public let options: Options

    /// A parser with the given options (by default: depth 10,000, no source positions).
    public init(options: Options = .init()) {
        self.options = options
    }

    /// Parses one JSON text.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        // Paths are tracked only when positions are asked for, or on a second pass once a duplicate
        // key shows up (rare), so the common case pays nothing for them.
        var tracksPaths = options.recordPositions
        var scratch = ParseScratch()
        while true {
            switch attempt(bytes, tracksPaths: tracksPaths, reportsDuplicates: true, scratch: &scratch, { state throws(ParseFailure) in
                try state.parseDocument(source: bytes)
            }) {
            case .success(let document): return document
            case .failure(let failure) where failure.needsPathTracking: tracksPaths = true
            case .failure(let failure): throw failure.positioned(in: bytes)
            }
        }
    }

    /// Parses one JSON text into a tape, the fast form for validation. A repeated key is only
    /// flagged: both members stay on the tape, so give such a text to `parse` (which reports
    /// the repetition) or to `JSONTape(bytes:)` (which keeps the last value) instead.
    public func parseTape(_ bytes: [UInt8]) throws(JSONParseError) -> (tape: JSONTape, hasDuplicateKeys: Bool) {
        var scratch = ParseScratch()
        return try parseTape(bytes, scratch: &scratch)
    }

    /// `parseTape`, writing over the memory `scratch` kept from an earlier parse where nothing holds it.
    func parseTape(_ bytes: [UInt8], scratch: inout ParseScratch) throws(JSONParseError) -> (tape: JSONTape, hasDuplicateKeys: Bool) {
        try attempt(bytes, tracksPaths: false, reportsDuplicates: false, scratch: &scratch, { state throws(ParseFailure) in
            try state.parseTopLevel()
            return (state.builder.finish(source: bytes), state.foundDuplicateKey)
        }).mapError { $0.positioned(in: bytes) }.get()
    }

    /// Runs `body` on a parser state over `bytes` (with memory from `scratch`, which gets it back after).
    func attempt<Parsed>(
        _ bytes: [UInt8], tracksPaths: Bool, reportsDuplicates: Bool, line: LineWriter = LineWriter(), scratch: inout ParseScratch,
        _ body: (inout ParserState) throws(ParseFailure) -> Parsed
    ) -> Result<Parsed, ParseFailure> {
        bytes.withUnsafeBufferPointer { buffer in
            var state = ParserState(bytes: buffer, options: options, tracksPaths: tracksPaths, reportsDuplicates: reportsDuplicates,
                                    builder: scratch.builder(source: buffer), line: line)
            let result = Result { () throws(ParseFailure) in try body(&state) }
            scratch.keep(state.builder)
            return result
        }
    }
}

/// A parse error before its offset is turned into a line and column.
struct ParseFailure: Error {
    let kind: JSONParseError.Kind
    let offset: Int
    /// Not an error in the text: a duplicate key needs a second pass that tracks paths.
    var needsPathTracking = false

    /// The error with its offset turned into a line and column of `bytes`.
    func positioned(in bytes: [UInt8]) -> JSONParseError {
        JSONParseError(kind: kind, position: LineTable(bytes).position(ofOffset: offset))
    }
}

struct ParserState {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: Options
    /// Whether the path from the root is kept (for positions and duplicate-key pointers).
    let tracksPaths: Bool
    /// Whether a repeated key must be reported with its pointer (else it is only flagged).
    let reportsDuplicates: Bool
    var index = 0
    var depth = 0
    var builder: TapeBuilder
    /// The pointer of every open value from the root's child down, innermost last; each shares its
    /// parent's tokens, so tracking costs constant memory per value however deep the nesting.
    var path: [JSONPointer] = []
    /// Where each key of every open object starts in the text, innermost last (only while tracking
    /// paths, for duplicate positions).
    var openKeyOffsets: [Int] = []
    /// Member positions by name for open objects too large to scan, by the object's tape entry.
    var largeObjectKeys: [Int: [String: Int]] = [:]
    var foundDuplicateKey = false
    var duplicateOffsets: [(object: JSONPointer, key: String, offset: Int, firstOffset: Int)] = []
    var valueSpans: [JSONPointer: Range<Int>] = [:]
    var keySpans: [JSONPointer: Range<Int>] = [:]
    /// The compact line, when the parse writes one (`parseTapeAndLine`).
    var line: LineWriter

    typealias Options = JSONParser.Options

    init(bytes: UnsafeBufferPointer<UInt8>, options: Options, tracksPaths: Bool, reportsDuplicates: Bool, builder: TapeBuilder,
         line: LineWriter = LineWriter()) {
        self.bytes = bytes
        self.options = options
        self.tracksPaths = tracksPaths
        self.reportsDuplicates = reportsDuplicates
        self.builder = builder
        self.line = line
        if options.recordPositions {
            // Roughly one value per 12 bytes of typical pretty-printed JSON: avoid rehashing as the map grows.
            valueSpans.reserveCapacity(bytes.count / 12)
            keySpans.reserveCapacity(bytes.count / 24)
        }
    }

    /// Parses the whole text onto the tape.
    mutating func parseTopLevel() throws(ParseFailure) {
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        if hasByteOrderMark { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw ParseFailure(kind: .emptyDocument, offset: index) }
        if tracksPaths || options.recordPositions {
            try parseValue(Tracked.self)
        } else if line.isWriting {
            line.start(at: index, first: bytes[index], afterByteOrderMark: hasByteOrderMark)
            try parseValue(LineWriting.self)
            line.copy(from: bytes, upTo: index, resumingAt: index)
        } else {
            try parseValue(Untracked.self)
        }
        skipWhitespace()
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") { throw ParseFailure(kind: .commentNotAllowed, offset: index) }
            throw ParseFailure(kind: .trailingContent, offset: index)
        }
    }

    mutating func parseDocument(source: [UInt8]) throws(ParseFailure) -> JSONDocument {
        try parseTopLevel()
        let value = builder.finish(source: source).value
        let needsLines = options.recordPositions || !duplicateOffsets.isEmpty
        let lines = needsLines ? LineTable(Array(bytes)) : nil
        let duplicates = duplicateOffsets.map { entry in
            DuplicateKey(
                object: entry.object, key: entry.key,
                position: lines!.position(ofOffset: entry.offset),
                firstPosition: lines!.position(ofOffset: entry.firstOffset))
        }
        let sourceMap = options.recordPositions
            ? SourceMap(valueSpans: valueSpans, keySpans: keySpans, lines: lines!) : nil
        return JSONDocument(value: value, duplicateKeys: duplicates, sourceMap: sourceMap)
    }

    // MARK: Values

    /// An array or object still being filled; the parser keeps these on a heap stack, not the call stack.
    /// Plain data (no references), so the stack is cheap to grow and shrink.
    struct OpenContainer: BitwiseCopyable {
        let isObject: Bool
        /// Where the container starts in the text.
        let start: Int
        /// Its entry on the tape.
        let entry: Int
        /// Where its keys start in `openKeyOffsets`.
        let firstKey: Int
        var count = 0
        var hasDuplicates = false
        /// The bits `keyBit` gave the keys seen (below `linearScanLimit` members): a key whose
        /// bit is clear cannot repeat an earlier one.
        var keyBits: UInt64 = 0

        static let linearScanLimit = 16
    }

    /// Parses one value iteratively, so nesting depth costs heap, never machine stack.
    mutating func parseValue<Mode: ParseMode>(_: Mode.Type) throws(ParseFailure) {
        // Constant false in the untracked parse, so its loop carries no test for them.
        let tracksPaths = Mode.mayTrack && self.tracksPaths
        let recordsPositions = Mode.mayTrack && options.recordPositions
        var open = GrowableBuffer<OpenContainer>(capacity: 32)
        nextValue: while true {
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try enterContainer()
                let entry = builder.open(.object)
                index += 1
                skipWhitespace(Mode.self)
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    if Mode.writesLine, depth == line.fieldDepth { line.endObject(at: index, isEmpty: true) }
                    index += 1
                    depth -= 1
                    builder.close(entry, count: 0)
                } else {
                    var container = OpenContainer(isObject: true, start: start, entry: entry, firstKey: openKeyOffsets.count)
                    try parseMemberName(isFirst: true, into: &container, Mode.self)
                    open.append(container)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try enterContainer()
                let entry = builder.open(.array)
                index += 1
                skipWhitespace(Mode.self)
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    depth -= 1
                    builder.close(entry, count: 0)
                } else {
                    guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a JSON value"), offset: index) }
                    open.append(OpenContainer(isObject: false, start: start, entry: entry, firstKey: openKeyOffsets.count))
                    if tracksPaths { path.append(currentPointer().appending(index: 0)) }
                    continue nextValue
                }
            case UInt8(ascii: "\""): try parseString()
            case UInt8(ascii: "t"): try expectWord("true"); builder.append(JSONTape.Entry(kind: .true))
            case UInt8(ascii: "f"): try expectWord("false"); builder.append(JSONTape.Entry(kind: .false))
            case UInt8(ascii: "n"): try expectWord("null"); builder.append(JSONTape.Entry(kind: .null))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
            default: throw unexpected(expected: "a JSON value")
            }
            if recordsPositions { valueSpans[currentPointer()] = start..<index }
            // Count the finished value in its container; close the containers that end here.
            while !open.isEmpty {
                // Through a pointer: a field change or `inout` touches only that field, no copy or retain.
                let innermost = open.base + (open.count - 1)
                if tracksPaths { path.removeLast() }
                skipWhitespace(Mode.self)
                let isObject = innermost.pointee.isObject
                guard index < bytes.count else {
                    throw ParseFailure(kind: .unexpectedEnd(expected: isObject ? "',' or '}'" : "',' or ']'"), offset: index)
                }
                innermost.pointee.count &+= 1
                if isObject {
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        try parseMemberName(isFirst: false, into: &innermost.pointee, Mode.self)
                        continue nextValue
                    case UInt8(ascii: "}"):
                        if Mode.writesLine, depth == line.fieldDepth { line.endObject(at: index, isEmpty: false) }
                        index += 1
                        depth -= 1
                        let container = open.removeLast()
                        if tracksPaths { openKeyOffsets.removeSubrange(container.firstKey...) }
                        if container.count > OpenContainer.linearScanLimit { largeObjectKeys[container.entry] = nil }
                        builder.close(container.entry, count: container.count, hasDuplicateKeys: container.hasDuplicates)
                        if recordsPositions { valueSpans[currentPointer()] = container.start..<index }
                    default:
                        throw unexpected(expected: "',' or '}' after an object member")
                    }
                } else {
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace(Mode.self)
                        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a JSON value"), offset: index) }
                        if bytes[index] == UInt8(ascii: "]") { throw ParseFailure(kind: .trailingComma, offset: previousSignificantOffset()) }
                        if tracksPaths { path.append(currentPointer().appending(index: innermost.pointee.count)) }
                        continue nextValue
                    case UInt8(ascii: "]"):
                        index += 1
                        depth -= 1
                        let container = open.removeLast()
                        builder.close(container.entry, count: container.count)
                        if recordsPositions { valueSpans[currentPointer()] = container.start..<index }
                    default:
                        throw unexpected(expected: "',' or ']' after an array element")
                    }
                }
            }
            return
        }
    }

    mutating func enterContainer() throws(ParseFailure) {
        depth += 1
        if depth > options.maxDepth { throw ParseFailure(kind: .depthLimitExceeded(options.maxDepth), offset: index) }
    }

    /// Parses `"name" :` and leaves the parser at the member's value, with the name last on the path.
    /// Transparent: inlined before `parseValue` is specialized for its mode (`@inline(__always)` left
    /// a call per member in the specialized loop, which then reloaded its constants after each).
    @_transparent
    private mutating func parseMemberName<Mode: ParseMode>(
        isFirst: Bool, into container: inout OpenContainer, _: Mode.Type
    ) throws(ParseFailure) {
        let tracksPaths = Mode.mayTrack && self.tracksPaths
        skipWhitespace(Mode.self)
        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a member name"), offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "\""): break
        case UInt8(ascii: "}") where !isFirst: throw ParseFailure(kind: .trailingComma, offset: previousSignificantOffset())
        case UInt8(ascii: "'"): throw ParseFailure(kind: .singleQuotedString, offset: index)
        default: throw unexpected(expected: "a member name in double quotes")
        }
        let keyStart = index
        try parseString()
        let keyEntry = builder.entries.count &- 1
        let keyEnd = index
        if Mode.writesLine, depth == line.fieldDepth {
            line.checkMemberName(builder.entries[keyEntry], bit: keyBit(keyEntry, endingAt: keyEnd), in: bytes)
        }
        // Usually the colon follows at once.
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index &+= 1
        } else {
            skipWhitespace(Mode.self)
            guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "':'"), offset: index) }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the member name") }
            index &+= 1
        }
        skipWhitespace(Mode.self)
        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a JSON value"), offset: index) }
        if let first = earlierMember(named: keyEntry, endingAt: keyEnd, in: &container) {
            if reportsDuplicates {
                guard tracksPaths else { throw ParseFailure(kind: .emptyDocument, offset: keyStart, needsPathTracking: true) }
                duplicateOffsets.append((currentPointer(), builder.string(at: keyEntry), keyStart, openKeyOffsets[container.firstKey + first]))
            }
            container.hasDuplicates = true
            foundDuplicateKey = true
        }
        if tracksPaths {
            openKeyOffsets.append(keyStart)
            path.append(currentPointer().appending(builder.string(at: keyEntry)))
        }
        if Mode.mayTrack && options.recordPositions { keySpans[currentPointer()] = keyStart..<keyEnd }
    }

    /// The member number of an earlier member with the same name as the key at `keyEntry` (whose
    /// closing quote ends at `keyEnd`); notes the key. A key whose bit no earlier key had is
    /// answered here; the rest scan (`scanEarlierMembers`).
    @inline(__always)
    private mutating func earlierMember(named keyEntry: Int, endingAt keyEnd: Int, in container: inout OpenContainer) -> Int? {
        if container.count < OpenContainer.linearScanLimit {
            let bit = keyBit(keyEntry, endingAt: keyEnd)
            let seen = container.keyBits & bit != 0
            container.keyBits |= bit
            if !seen { return nil }
        }
        return scanEarlierMembers(named: keyEntry, in: &container)
    }

    /// One bit of 64 for the key at `keyEntry`, from its length and its last byte (unescaped):
    /// equal keys, however spelled, have equal bits, and keys of one length that end differently
    /// (`"x"`, `"y"`, `"z"`) have different ones.
    @inline(__always)
    private func keyBit(_ keyEntry: Int, endingAt keyEnd: Int) -> UInt64 {
        let entry = builder.entries[keyEntry]
        // In place, the byte before the closing quote (the opening quote for the empty key, which
        // is never escaped); an escaped key's bytes are in the tape's text.
        let last = entry.flags & JSONTape.Entry.inText == 0 ? bytes[keyEnd &- 2] : builder.text[Int(entry.payload) + Int(entry.count) - 1]
        return 1 &<< ((Int(entry.count) &+ Int(last) &* 2) & 63)
    }

    /// `earlierMember` for a key some earlier key's bit matches, or past `linearScanLimit` members.
    @inline(never)
    mutating func scanEarlierMembers(named keyEntry: Int, in container: inout OpenContainer) -> Int? {
        let position = container.count
        // The earlier members are closed on the tape: walk their keys.
        var key = container.entry + 1
        if position < OpenContainer.linearScanLimit {
            for member in 0..<position {
                if builder.keysEqual(key, keyEntry) { return member }
                key = builder.end(key + 1)
            }
            return nil
        }
        if position == OpenContainer.linearScanLimit {
            var keyIndex: [String: Int] = [:]
            for member in 0..<position {
                let name = builder.string(at: key)
                if keyIndex[name] == nil { keyIndex[name] = member }
                key = builder.end(key + 1)
            }
            largeObjectKeys[container.entry] = keyIndex
        }
        let name = builder.string(at: keyEntry)
        if let first = largeObjectKeys[container.entry]?[name] { return first }
        largeObjectKeys[container.entry]?[name] = position
        return nil
    }

    mutating func expectWord(_ word: StaticString) throws(ParseFailure) {
        let start = index
        let count = word.utf8CodeUnitCount
        let matches = bytes.count - index >= count && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else {
            index = start
            throw unexpected(expected: "a JSON value")
        }
        index += count
    }

    // MARK: Helpers

    func currentPointer() -> JSONPointer {
        path.last ?? .root
    }

    func unexpected(expected: String) -> ParseFailure {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "/") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
            return ParseFailure(kind: .commentNotAllowed, offset: index)
        case UInt8(ascii: "'"):
            return ParseFailure(kind: .singleQuotedString, offset: index)
        case UInt8(ascii: "N") where startsWord("NaN"):
            return ParseFailure(kind: .nonFiniteNumber("NaN"), offset: index)
        case UInt8(ascii: "I") where startsWord("Infinity"):
            return ParseFailure(kind: .nonFiniteNumber("Infinity"), offset: index)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            if expected == "a JSON value", previousSignificantByte() == UInt8(ascii: ",") {
                return ParseFailure(kind: .trailingComma, offset: previousSignificantOffset())
            }
        default: break
        }
        return ParseFailure(kind: .unexpectedCharacter(found: describe(at: index), expected: expected), offset: index)
    }

    func startsWord(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        return bytes.count - index >= utf8.count && (0..<utf8.count).allSatisfy { bytes[index + $0] == utf8[$0] }
    }

    func previousSignificantByte() -> UInt8? {
        let offset = previousSignificantOffset()
        return offset < index ? bytes[offset] : nil
    }

    /// Where the last byte before `index` that is not whitespace is (a trailing comma is reported
    /// there); `index` when there is none.
    func previousSignificantOffset() -> Int {
        var cursor = index - 1
        while cursor >= 0 {
            switch bytes[cursor] {
            case 0x20, 0x0A, 0x0D, 0x09: cursor -= 1
            default: return cursor
            }
        }
        return index
    }

    /// A readable name for the character at `offset`, e.g. `'x'` or `byte 0xFF`.
    func describe(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x20 || byte == 0x7F { return "control character U+\(String(format4: byte))" }
        if byte == 0x20 { return "space" }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(Character(scalar))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
