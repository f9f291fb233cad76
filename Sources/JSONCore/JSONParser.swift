/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Rejects everything the RFC does not allow (trailing commas, comments, leading zeros, NaN,
/// unescaped control characters, invalid UTF-8, lone surrogate escapes) with a positioned error,
/// keeps key order and exact numbers, records duplicate keys and, on request, the source range of
/// every value. Nesting is limited by `Options.maxDepth` instead of the machine stack, so the
/// parser runs on the calling thread; callers with a very deep limit should use a thread whose
/// stack fits it (about 300 bytes a level).
public struct JSONParser: Sendable {
    /// What the parser records and how deep it goes.
    public struct Options: Sendable {
        /// The deepest nesting of arrays and objects accepted.
        public var maxDepth: Int
        /// Whether to build a `SourceMap` of every value's range.
        public var recordPositions: Bool

        public init(maxDepth: Int = 10_000, recordPositions: Bool = false) {
            self.maxDepth = maxDepth
            self.recordPositions = recordPositions
        }
    }

    /// How the parser behaves.
    public let options: Options

    public init(options: Options = .init()) {
        self.options = options
    }

    /// Parses one JSON text.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        // Paths are tracked only when positions are asked for, or on a second pass once a duplicate
        // key shows up (rare), so the common case pays nothing for them.
        var tracksPaths = options.recordPositions
        while true {
            let outcome: Result<JSONDocument, ParseFailure> = bytes.withUnsafeBufferPointer { buffer in
                var state = ParserState(bytes: buffer, options: options, tracksPaths: tracksPaths)
                return Result { () throws(ParseFailure) in try state.parseDocument() }
            }
            switch outcome {
            case .success(let document): return document
            case .failure(let failure) where failure.needsPathTracking:
                tracksPaths = true
            case .failure(let failure):
                throw JSONParseError(kind: failure.kind, position: LineTable(bytes).position(ofOffset: failure.offset))
            }
        }
    }
}

/// A parse error before its offset is turned into a line and column.
struct ParseFailure: Error {
    let kind: JSONParseError.Kind
    let offset: Int
    /// Not an error in the text: a duplicate key needs a second pass that tracks paths.
    var needsPathTracking = false
}

/// One step of the path from the root to the value being parsed.
private enum PathComponent {
    case key(String)
    case index(Int)
}

private struct ParserState {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: Options
    /// Whether the path from the root is kept (for positions and duplicate-key pointers).
    let tracksPaths: Bool
    var index = 0
    var depth = 0
    var path: [PathComponent] = []
    var duplicateOffsets: [(object: JSONPointer, key: String, offset: Int, firstOffset: Int)] = []
    var valueSpans: [JSONPointer: Range<Int>] = [:]
    var keySpans: [JSONPointer: Range<Int>] = [:]
    var scratch: [UInt8] = []

    typealias Options = JSONParser.Options

    init(bytes: UnsafeBufferPointer<UInt8>, options: Options, tracksPaths: Bool) {
        self.bytes = bytes
        self.options = options
        self.tracksPaths = tracksPaths
        if options.recordPositions {
            // Roughly one value per 12 bytes of typical pretty-printed JSON: avoid rehashing as the map grows.
            valueSpans.reserveCapacity(bytes.count / 12)
            keySpans.reserveCapacity(bytes.count / 24)
        }
    }

    mutating func parseDocument() throws(ParseFailure) -> JSONDocument {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw ParseFailure(kind: .emptyDocument, offset: index) }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") { throw ParseFailure(kind: .commentNotAllowed, offset: index) }
            throw ParseFailure(kind: .trailingContent, offset: index)
        }
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
    /// A struct mutated in place, so appending never copies the elements gathered so far.
    private struct OpenContainer {
        let isObject: Bool
        let start: Int
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        /// The name of the member whose value is being parsed.
        var key = ""
        /// Where each member's name starts (only while tracking paths, for duplicate positions).
        var keyOffsets: [Int] = []
        /// Member positions by name, built once an object grows past a linear scan's worth.
        var keyIndex: [String: Int]?
        var hasDuplicates = false

        static let linearScanLimit = 16

        /// The position of an earlier member with this name.
        func position(of name: String) -> Int? {
            if let keyIndex { return keyIndex[name] }
            return members.firstIndex { $0.key == name }
        }

        /// Records the name of the member about to be added at `count`.
        mutating func noteMember(_ name: String, count: Int) {
            if keyIndex != nil {
                if keyIndex?[name] == nil { keyIndex?[name] = count }
            } else if count >= Self.linearScanLimit {
                var index: [String: Int] = [:]
                for (position, member) in members.enumerated() where index[member.key] == nil { index[member.key] = position }
                if index[name] == nil { index[name] = count }
                keyIndex = index
            }
        }
    }

    /// Parses one value iteratively, so nesting depth costs heap, never machine stack.
    mutating func parseValue() throws(ParseFailure) -> JSONValue {
        var open: [OpenContainer] = []
        nextValue: while true {
            let start = index
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try enterContainer()
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    depth -= 1
                    value = .object(JSONObject(uniqueMembers: []))
                } else {
                    var container = OpenContainer(isObject: true, start: start)
                    try parseMemberName(isFirst: true, into: &container)
                    open.append(container)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try enterContainer()
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    depth -= 1
                    value = .array([])
                } else {
                    guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a JSON value"), offset: index) }
                    open.append(OpenContainer(isObject: false, start: start))
                    if tracksPaths { path.append(.index(0)) }
                    continue nextValue
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): try expectWord("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
            default: throw unexpected(expected: "a JSON value")
            }
            if options.recordPositions { valueSpans[currentPointer()] = start..<index }
            // Attach the finished value to its container; close the containers that end here.
            while !open.isEmpty {
                let last = open.count - 1
                if tracksPaths { path.removeLast() }
                skipWhitespace()
                let isObject = open[last].isObject
                guard index < bytes.count else {
                    throw ParseFailure(kind: .unexpectedEnd(expected: isObject ? "',' or '}'" : "',' or ']'"), offset: index)
                }
                if isObject {
                    open[last].members.append(JSONObject.Member(key: open[last].key, value: value))
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        try parseMemberName(isFirst: false, into: &open[last])
                        continue nextValue
                    case UInt8(ascii: "}"):
                        index += 1
                        depth -= 1
                        let container = open.removeLast()
                        value = .object(container.hasDuplicates ? JSONObject(container.members) : JSONObject(uniqueMembers: container.members))
                        if options.recordPositions { valueSpans[currentPointer()] = container.start..<index }
                    default:
                        throw unexpected(expected: "',' or '}' after an object member")
                    }
                } else {
                    open[last].elements.append(value)
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a JSON value"), offset: index) }
                        if bytes[index] == UInt8(ascii: "]") { throw ParseFailure(kind: .trailingComma, offset: index) }
                        if tracksPaths { path.append(.index(open[last].elements.count)) }
                        continue nextValue
                    case UInt8(ascii: "]"):
                        index += 1
                        depth -= 1
                        let container = open.removeLast()
                        value = .array(container.elements)
                        if options.recordPositions { valueSpans[currentPointer()] = container.start..<index }
                    default:
                        throw unexpected(expected: "',' or ']' after an array element")
                    }
                }
            }
            return value
        }
    }

    mutating func enterContainer() throws(ParseFailure) {
        depth += 1
        if depth > options.maxDepth { throw ParseFailure(kind: .depthLimitExceeded(options.maxDepth), offset: index) }
    }

    /// Parses `"name" :` and leaves the parser at the member's value, with the name last on the path.
    private mutating func parseMemberName(isFirst: Bool, into container: inout OpenContainer) throws(ParseFailure) {
        skipWhitespace()
        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a member name"), offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "\""): break
        case UInt8(ascii: "}") where !isFirst: throw ParseFailure(kind: .trailingComma, offset: index)
        case UInt8(ascii: "'"): throw ParseFailure(kind: .singleQuotedString, offset: index)
        default: throw unexpected(expected: "a member name in double quotes")
        }
        let keyStart = index
        let key = try parseString()
        let keyEnd = index
        skipWhitespace()
        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "':'"), offset: index) }
        guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the member name") }
        index += 1
        skipWhitespace()
        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a JSON value"), offset: index) }
        if let first = container.position(of: key) {
            guard tracksPaths else { throw ParseFailure(kind: .emptyDocument, offset: keyStart, needsPathTracking: true) }
            duplicateOffsets.append((currentPointer(), key, keyStart, container.keyOffsets[first]))
            container.hasDuplicates = true
        }
        container.noteMember(key, count: container.members.count)
        container.key = key
        if tracksPaths {
            container.keyOffsets.append(keyStart)
            path.append(.key(key))
        }
        if options.recordPositions { keySpans[currentPointer()] = keyStart..<keyEnd }
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

    // MARK: Numbers

    mutating func parseNumber() throws(ParseFailure) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count else { throw ParseFailure(kind: .invalidNumber("a minus sign must be followed by digits"), offset: start) }
            if bytes[index] == UInt8(ascii: "I") { throw ParseFailure(kind: .nonFiniteNumber("-Infinity"), offset: start) }
            guard isDigit(bytes[index]) else { throw ParseFailure(kind: .invalidNumber("a minus sign must be followed by digits"), offset: start) }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw ParseFailure(kind: .leadingZero, offset: start) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw ParseFailure(kind: .invalidNumber("a decimal point must be followed by digits"), offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw ParseFailure(kind: .invalidNumber("an exponent must have digits"), offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(validLexeme: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Strings

    mutating func parseString() throws(ParseFailure) -> String {
        index += 1
        let start = index
        // Fast path: plain ASCII without escapes becomes a string straight from the buffer.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw ParseFailure(kind: .unescapedControlCharacter(byte), offset: index)
            case 0x80...:
                try copyMultibyteScalar()
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw ParseFailure(kind: .unexpectedEnd(expected: "a closing '\"'"), offset: index)
    }

    mutating func parseEscape() throws(ParseFailure) {
        let start = index
        index += 1
        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "an escape sequence"), offset: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: start)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                let lowStart = index
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw ParseFailure(kind: .loneSurrogate(escapeText(start..<index)), offset: start)
                }
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw ParseFailure(kind: .loneSurrogate(escapeText(start..<lowStart)), offset: start)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw ParseFailure(kind: .loneSurrogate(escapeText(start..<index)), offset: start)
            }
            scratch.append(contentsOf: String(Character(Unicode.Scalar(scalarValue)!)).utf8)
        default:
            index = start
            let end = min(start + 2, bytes.count)
            throw ParseFailure(kind: .invalidEscape(escapeText(start..<end)), offset: start)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(ParseFailure) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "four hex digits"), offset: index) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw ParseFailure(kind: .invalidEscape(escapeText(escapeStart..<min(index + 1, bytes.count))), offset: escapeStart)
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    func escapeText(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Validates one multi-byte UTF-8 scalar (no overlongs, no surrogates, at most U+10FFFF) and copies it.
    mutating func copyMultibyteScalar() throws(ParseFailure) {
        let lead = bytes[index]
        let length: Int
        var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw ParseFailure(kind: .invalidUTF8, offset: index)
        }
        guard index + length <= bytes.count else { throw ParseFailure(kind: .invalidUTF8, offset: index) }
        let second = bytes[index + 1]
        guard second >= lowerBound, second <= upperBound else { throw ParseFailure(kind: .invalidUTF8, offset: index) }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
            throw ParseFailure(kind: .invalidUTF8, offset: index)
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
        index += length
    }

    // MARK: Helpers

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func currentPointer() -> JSONPointer {
        JSONPointer(tokens: path.map { component in
            switch component {
            case .key(let key): return key
            case .index(let position): return String(position)
            }
        })
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
                return ParseFailure(kind: .trailingComma, offset: index)
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
        var cursor = index - 1
        while cursor >= 0 {
            switch bytes[cursor] {
            case 0x20, 0x0A, 0x0D, 0x09: cursor -= 1
            default: return bytes[cursor]
            }
        }
        return nil
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
