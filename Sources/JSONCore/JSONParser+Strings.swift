import CJSONScan

/// The parser's strings: scanned in place sixteen bytes at a time (SSE2, on x86_64) or eight (in a
/// word), unescaped to the tape's text only when they hold an escape, with UTF-8 checked scalar
/// by scalar past the ASCII runs.
extension ParserState {
    /// Parses a string onto the tape (unescaped), as one string entry.
    @inline(__always)
    mutating func parseString() throws(ParseFailure) {
        let start = index &+ 1
        // Fast path: a string without escapes stays in the source bytes. Skip sixteen or eight
        // ordinary bytes at a time; check multi-byte UTF-8 in place. A local cursor: `index` is
        // in memory that stores through the tape's pointers may alias, so it is set once at the end.
        var cursor = start
        var isASCII = true
        while true {
            cursor = ordinaryStringBytesEnd(from: cursor)
            guard cursor < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "a closing '\"'"), offset: cursor) }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                try checkStringLength(cursor &- start, from: start)
                builder.appendSourceString(offset: start, count: cursor &- start, isASCII: isASCII)
                index = cursor &+ 1
                return
            }
            index = cursor
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, isASCII: isASCII) }
            if byte < 0x20 { throw ParseFailure(kind: .unescapedControlCharacter(byte), offset: cursor) }
            if byte >= 0x80 {
                cursor &+= try multibyteScalarLength()
                isASCII = false
            } else {
                cursor &+= 1
            }
        }
    }

    /// Finishes a string from its first escape (at `index`; the string's bytes start at `start`),
    /// writing it unescaped to the tape's own text.
    @inline(never)
    mutating func parseEscapedString(from start: Int, isASCII: Bool) throws(ParseFailure) {
        var isASCII = isASCII
        let textStart = builder.text.count
        builder.text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try checkStringLength(builder.text.count - textStart, from: start)
                index += 1
                builder.appendStringEntry(from: textStart, isASCII: isASCII)
                return
            case UInt8(ascii: "\\"):
                if try !parseEscape() { isASCII = false }
            case 0..<0x20:
                throw ParseFailure(kind: .unescapedControlCharacter(byte), offset: index)
            case 0x80...:
                let length = try multibyteScalarLength()
                builder.text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                index += length
                isASCII = false
            default:
                builder.text.append(byte)
                index += 1
            }
        }
        throw ParseFailure(kind: .unexpectedEnd(expected: "a closing '\"'"), offset: index)
    }

    /// Refuses strings over the limit (a tape entry records a length in 32 bits).
    func checkStringLength(_ length: Int, from start: Int) throws(ParseFailure) {
        if length > options.maxStringBytes { throw ParseFailure(kind: .stringTooLong(limit: options.maxStringBytes), offset: start - 1) }
    }

    /// The first quote, backslash, control or non-ASCII byte from `cursor` on, found sixteen bytes
    /// at a time (SSE2, on x86_64) then eight; may stop short of it only in the last seven bytes.
    @inline(__always)
    func ordinaryStringBytesEnd(from cursor: Int) -> Int {
        #if arch(x86_64)
        let (end, found) = blockScanEnd(from: cursor, until: cjson_string_stops16)
        if found { return end }
        return wordScanEnd(from: end, until: SWAR.specialStringBytes).end
        #else
        return wordScanEnd(from: cursor, until: SWAR.specialStringBytes).end
        #endif
    }

    #if arch(x86_64)
    /// The first byte from `cursor` on that `marks` flags (bit `n` for byte `n`), found sixteen
    /// bytes at a time; `found` is false when fewer than sixteen bytes are left from `end`.
    @inline(__always)
    func blockScanEnd(from cursor: Int, until marks: (UnsafePointer<UInt8>) -> UInt32) -> (end: Int, found: Bool) {
        guard let base = bytes.baseAddress else { return (cursor, false) }
        var cursor = cursor
        while cursor &+ 16 <= bytes.count {
            let marked = marks(base + cursor)
            if marked != 0 { return (cursor &+ marked.trailingZeroBitCount, true) }
            cursor &+= 16
        }
        return (cursor, false)
    }
    #endif

    /// The first byte from `cursor` on that `marks` flags (see `SWAR`), found eight bytes at a
    /// time; `found` is false when fewer than eight bytes are left from `end`.
    @inline(__always)
    func wordScanEnd(from cursor: Int, until marks: (UInt64) -> UInt64) -> (end: Int, found: Bool) {
        guard let base = bytes.baseAddress else { return (cursor, false) }
        var cursor = cursor
        // Wrapping arithmetic: an index never comes near `Int.max`, and the overflow checks cost a third of the loop.
        while cursor &+ 8 <= bytes.count {
            let marked = marks(UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)))
            if marked != 0 { return (cursor &+ marked.trailingZeroBitCount >> 3, true) }
            cursor &+= 8
        }
        return (cursor, false)
    }

    /// Appends the character an escape stands for; returns whether it is ASCII.
    mutating func parseEscape() throws(ParseFailure) -> Bool {
        let start = index
        index += 1
        guard index < bytes.count else { throw ParseFailure(kind: .unexpectedEnd(expected: "an escape sequence"), offset: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): builder.text.append(byte)
        case UInt8(ascii: "b"): builder.text.append(0x08)
        case UInt8(ascii: "f"): builder.text.append(0x0C)
        case UInt8(ascii: "n"): builder.text.append(0x0A)
        case UInt8(ascii: "r"): builder.text.append(0x0D)
        case UInt8(ascii: "t"): builder.text.append(0x09)
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
            builder.text.append(contentsOf: UTF8.encode(Unicode.Scalar(scalarValue)!)!)
            return scalarValue < 0x80
        default:
            index = start
            let end = min(start + 2, bytes.count)
            throw ParseFailure(kind: .invalidEscape(escapeText(start..<end)), offset: start)
        }
        return true
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

    /// The length of the multi-byte UTF-8 scalar at `index`, checked (no overlongs, no surrogates, at most U+10FFFF).
    func multibyteScalarLength() throws(ParseFailure) -> Int {
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
        return length
    }
}
