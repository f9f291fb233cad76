import CJSONScan

/// The parse of a compact line: `cjson_minify`'s text, with no whitespace outside strings and 64 zero bytes
/// after its end, which stop every scan (no byte of a token is zero). Its place, depth and innermost container
/// are locals and it appends to a local copy of the tape's entries, so the loop runs in registers. Strings of
/// plain ASCII without escapes, numbers without an exponent of up to 15 digits on either side of the point,
/// and the literals are read here; other strings and numbers, and repeated keys, by the parser's own paths.
/// An error is thrown where it is found, without care for its kind or offset: the caller parses the text
/// with its whitespace again for the error.
extension ParserState {
    /// Parses the compact line onto the tape, noting the ends of the objects that take members.
    mutating func parseCompactLine<Scan: CompactScan>(_: Scan.Type) throws(ParseFailure) {
        let base = bytes.baseAddress.unsafelyUnwrapped
        let maxDepth = options.maxDepth, fieldDepth = line.fieldDepth
        var cursor = 0, depth = 0
        var entries = builder.entries
        defer { builder.entries = entries }
        // The containers around the innermost one, which is `container` (while `depth` > 0).
        var outer = GrowableBuffer<OpenContainer>(capacity: 16)
        var container = OpenContainer(isObject: false, start: 0, entry: 0, firstKey: 0)
        // Whether a member name comes first (one place for its parse, inlined once).
        var atMember = false
        nextValue: while true {
            if atMember {
                try parseCompactMemberName(at: &cursor, depth: depth, fieldDepth: fieldDepth, into: &container, entries: &entries, in: base, Scan.self)
            }
            switch base[cursor] {
            case UInt8(ascii: "\""):
                let stop = Scan.plainStringEnd(base, from: cursor &+ 1)
                if base[stop] == UInt8(ascii: "\"") {
                    appendPlainString(from: cursor &+ 1, to: stop, into: &entries)
                    cursor = stop &+ 1
                } else {
                    try handOver(at: &cursor, entries: &entries) { state throws(ParseFailure) in try state.parseString() }
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if !Self.appendNumber(base, at: &cursor, into: &entries, Scan.self) {
                    try handOver(at: &cursor, entries: &entries) { state throws(ParseFailure) in try state.parseGeneralNumber() }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = base[cursor] == UInt8(ascii: "{")
                depth &+= 1
                if depth > maxDepth { throw ParseFailure(kind: .depthLimitExceeded(maxDepth), offset: cursor) }
                entries.append(JSONTape.Entry(kind: isObject ? .object : .array))
                cursor &+= 1
                if base[cursor] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject, depth == fieldDepth { line.endObject(at: cursor, isEmpty: true) }
                    cursor &+= 1
                    depth &-= 1
                    close(entries.count &- 1, count: 0, hasDuplicateKeys: false, in: entries)
                } else {
                    if depth > 1 { outer.append(container) }
                    container = OpenContainer(isObject: isObject, start: 0, entry: entries.count &- 1, firstKey: 0)
                    atMember = isObject
                    continue nextValue
                }
            case UInt8(ascii: "t"):
                guard Self.word(base + cursor) == 0x6575_7274 /* "true" */ else { throw .notCompact(at: cursor) }
                entries.append(JSONTape.Entry(kind: .true))
                cursor &+= 4
            case UInt8(ascii: "f"):
                guard Self.word(base + (cursor &+ 1)) == 0x6573_6C61 /* "alse" */ else { throw .notCompact(at: cursor) }
                entries.append(JSONTape.Entry(kind: .false))
                cursor &+= 5
            case UInt8(ascii: "n"):
                guard Self.word(base + cursor) == 0x6C6C_756E /* "null" */ else { throw .notCompact(at: cursor) }
                entries.append(JSONTape.Entry(kind: .null))
                cursor &+= 4
            default:
                throw .notCompact(at: cursor)
            }
            // Count the finished value in its container; close the containers that end here.
            while depth > 0 {
                container.count &+= 1
                let byte = base[cursor]
                cursor &+= 1
                if byte == UInt8(ascii: ",") {
                    atMember = container.isObject
                    continue nextValue
                }
                guard byte == (container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw .notCompact(at: cursor &- 1)
                }
                if container.isObject {
                    if depth == fieldDepth { line.endObject(at: cursor &- 1, isEmpty: false) }
                    if container.count > OpenContainer.linearScanLimit { largeObjectKeys[container.entry] = nil }
                }
                close(container.entry, count: container.count, hasDuplicateKeys: container.hasDuplicates, in: entries)
                depth &-= 1
                if depth > 0 { container = outer.removeLast() }
            }
            index = cursor
            return
        }
    }

    /// Parses `"name":` at `cursor` for the innermost container, an object at `depth`; leaves `cursor` at the value.
    /// Transparent: inlined before `parseCompactLine` is specialized for its scans (as `parseMemberName` is).
    @_transparent
    private mutating func parseCompactMemberName<Scan: CompactScan>(
        at cursor: inout Int, depth: Int, fieldDepth: Int, into container: inout OpenContainer, entries: inout GrowableBuffer<JSONTape.Entry>,
        in base: UnsafePointer<UInt8>, _: Scan.Type
    ) throws(ParseFailure) {
        guard base[cursor] == UInt8(ascii: "\"") else { throw .notCompact(at: cursor) }
        let stop = Scan.plainStringEnd(base, from: cursor &+ 1)
        // The key's bit is the parser's (`keyBit`); the line checks the key in each branch, where its flags are known.
        let bit: UInt64
        if base[stop] == UInt8(ascii: "\"") {
            let key = appendPlainString(from: cursor &+ 1, to: stop, into: &entries)
            // The byte before the closing quote (the opening quote for the empty key).
            bit = 1 &<< ((Int(key.count) &+ Int(base[stop &- 1]) &* 2) & 63)
            cursor = stop &+ 1
            if depth == fieldDepth { line.checkMemberName(key, bit: bit, in: bytes) }
        } else {
            try handOver(at: &cursor, entries: &entries) { state throws(ParseFailure) in try state.parseString() }
            let key = entries[entries.count &- 1]
            // An escaped key's bytes are in the tape's text.
            let last = key.flags & JSONTape.Entry.inText == 0 ? base[cursor &- 2] : builder.text[Int(key.payload) + Int(key.count) - 1]
            bit = 1 &<< ((Int(key.count) &+ Int(last) &* 2) & 63)
            if depth == fieldDepth { line.checkMemberName(key, bit: bit, in: bytes) }
        }
        let keyEntry = entries.count &- 1
        if container.count >= OpenContainer.linearScanLimit || container.keyBits & bit != 0 {
            builder.entries = entries
            if scanEarlierMembers(named: keyEntry, in: &container) != nil {
                container.hasDuplicates = true
                foundDuplicateKey = true
            }
        }
        container.keyBits |= bit
        guard base[cursor] == UInt8(ascii: ":") else { throw .notCompact(at: cursor) }
        cursor &+= 1
    }

    /// Runs one of the parser's own paths on the value at `cursor`, with the state it reads and writes.
    @inline(__always)
    private mutating func handOver(
        at cursor: inout Int, entries: inout GrowableBuffer<JSONTape.Entry>, _ parse: (inout ParserState) throws(ParseFailure) -> Void
    ) throws(ParseFailure) {
        builder.entries = entries
        index = cursor
        defer {
            entries = builder.entries
            cursor = index
        }
        try parse(&self)
    }

    /// Appends the string from `start` to `end` (exclusive), all plain ASCII bytes, as a string entry.
    /// (Its length is within the limit: the caller parses no text longer than the limit.)
    @inline(__always) @discardableResult
    private func appendPlainString(from start: Int, to end: Int, into entries: inout GrowableBuffer<JSONTape.Entry>) -> JSONTape.Entry {
        let entry = JSONTape.Entry(kind: .string, count: UInt32(truncatingIfNeeded: end &- start), payload: Int64(start))
        entries.append(entry)
        return entry
    }

    /// Writes the container at `entry` closed with `count` elements or members (what `TapeBuilder.close` does).
    @inline(__always)
    private func close(_ entry: Int, count: Int, hasDuplicateKeys: Bool, in entries: GrowableBuffer<JSONTape.Entry>) {
        let pointer = entries.base + entry
        pointer.pointee.count = UInt32(truncatingIfNeeded: count)
        pointer.pointee.payload = Int64(entries.count)
        if hasDuplicateKeys { pointer.pointee.flags = JSONTape.Entry.hasDuplicateKeys }
    }

    /// Appends the number at `cursor` and moves past it when it has no exponent and at most 15 digits before
    /// and after its point (an integer entry without a point, else a decimal entry, as `parseNumber` makes
    /// them); false, moving nothing, for any other number or text.
    @inline(__always)
    private static func appendNumber<Scan: CompactScan>(
        _ base: UnsafePointer<UInt8>, at cursor: inout Int, into entries: inout GrowableBuffer<JSONTape.Entry>, _: Scan.Type
    ) -> Bool {
        let start = cursor
        let negative = base[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start &+ 1 : start
        let whole = Scan.digitRun(base, at: digitsStart)
        // One to fifteen digits, no leading zero.
        guard UInt(bitPattern: whole.digits &- 1) < 15, whole.digits == 1 || whole.zeros == 0 else { return false }
        let wholeEnd = digitsStart &+ whole.digits
        if base[wholeEnd] == UInt8(ascii: ".") {
            let fraction = Scan.digitRun(base, at: wholeEnd &+ 1)
            let end = wholeEnd &+ 1 &+ fraction.digits
            // `E` is `e` with bit 5 clear, and no other byte becomes `e` with it set.
            guard UInt(bitPattern: fraction.digits &- 1) < 15, base[end] | 0x20 != UInt8(ascii: "e") else { return false }
            entries.append(JSONTape.Entry(kind: .decimal, flags: fraction.zeros == fraction.digits ? JSONTape.Entry.integral : 0,
                                          count: UInt32(truncatingIfNeeded: end &- start), payload: Int64(start)))
            cursor = end
            return true
        }
        guard base[wholeEnd] | 0x20 != UInt8(ascii: "e") else { return false }
        var magnitude: Int64 = 0
        for offset in digitsStart..<wholeEnd {
            magnitude = magnitude &* 10 &+ Int64(base[offset] &- UInt8(ascii: "0"))
        }
        entries.append(JSONTape.Entry(kind: .integer, payload: negative ? 0 &- magnitude : magnitude))
        cursor = wholeEnd
        return true
    }

    /// The four bytes at `pointer` as one number (first byte lowest).
    @inline(__always)
    private static func word(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self))
    }
}

extension ParseFailure {
    /// A failure of the compact parse, whose kind and offset nobody reads (the text itself is parsed for the error).
    static func notCompact(at offset: Int) -> ParseFailure {
        ParseFailure(kind: .trailingContent, offset: offset)
    }
}

/// How the compact parse finds the end of a plain string and a run of digits (the text is followed by zero bytes,
/// which end both): sixteen bytes at a time with SSE2 on x86_64 (`NativeScan`), a word or a byte at a time on
/// every processor (`PortableScan`, the native scan elsewhere; tests run both).
protocol CompactScan {
    /// The first quote, backslash, control or non-ASCII byte from `start` on.
    static func plainStringEnd(_ base: UnsafePointer<UInt8>, from start: Int) -> Int
    /// How many ASCII digits follow from `start` (counted up to 16), and how many of them lead as `0`s.
    static func digitRun(_ base: UnsafePointer<UInt8>, at start: Int) -> (digits: Int, zeros: Int)
}

/// The scans on every processor: strings a word at a time (`SWAR`), digits a byte at a time.
enum PortableScan: CompactScan {
    @inline(__always)
    static func plainStringEnd(_ base: UnsafePointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        while true {
            let marks = SWAR.specialStringBytes(UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)))
            if marks != 0 { return cursor &+ marks.trailingZeroBitCount >> 3 }
            cursor &+= 8
        }
    }

    @inline(__always)
    static func digitRun(_ base: UnsafePointer<UInt8>, at start: Int) -> (digits: Int, zeros: Int) {
        var digits = 0, zeros = 0
        while digits < 16, base[start &+ digits] &- UInt8(ascii: "0") < 10 { digits &+= 1 }
        while zeros < digits, base[start &+ zeros] == UInt8(ascii: "0") { zeros &+= 1 }
        return (digits, zeros)
    }
}

#if arch(x86_64)
/// The scans sixteen bytes at a time (SSE2, part of every x86_64 processor).
enum SSE2Scan: CompactScan {
    @inline(__always)
    static func plainStringEnd(_ base: UnsafePointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        while true {
            let marks = cjson_string_stops16(base + cursor)
            if marks != 0 { return cursor &+ marks.trailingZeroBitCount }
            cursor &+= 16
        }
    }

    @inline(__always)
    static func digitRun(_ base: UnsafePointer<UInt8>, at start: Int) -> (digits: Int, zeros: Int) {
        let marks = cjson_digits16(base + start)
        return ((~marks & 0xFFFF | 0x1_0000).trailingZeroBitCount, (~(marks >> 16)).trailingZeroBitCount)
    }
}

/// The fastest scans of this processor.
typealias NativeScan = SSE2Scan
#else
/// The fastest scans of this processor.
typealias NativeScan = PortableScan
#endif
