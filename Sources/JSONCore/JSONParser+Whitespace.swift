/// The parser's whitespace: what most often sits between tokens (one space, or a line break and
/// indentation) skipped with one test in place, longer runs a word at a time.
extension ParserState {
    /// Advances past whitespace. Every byte above 0x20 ends it, so most calls return at once; a
    /// single space (after a colon or comma) is skipped in place.
    @inline(__always)
    mutating func skipWhitespace() {
        skipWhitespace(Untracked.self)
    }

    /// `skipWhitespace()`; a parse writing the compact line copies the bytes before the whitespace to it
    /// and goes on after.
    @inline(__always)
    mutating func skipWhitespace<Mode: ParseMode>(_: Mode.Type) {
        guard index < bytes.count, bytes[index] <= 0x20 else { return }
        let start = index
        skipBlanks()
        if Mode.writesLine { line.copy(from: bytes, upTo: start, resumingAt: index) }
    }

    /// Advances past the whitespace at `index` (at least its first byte is at most 0x20).
    @inline(__always)
    private mutating func skipBlanks() {
        // The usual runs in place: one space before a token (`": "`, `", "`), then a line break or
        // space and up to seven spaces of indentation.
        if bytes[index] == 0x20, index &+ 1 < bytes.count, bytes[index &+ 1] > 0x20 {
            index &+= 1
            return
        }
        if bytes[index] == 0x20 || bytes[index] == 0x0A, index &+ 9 <= bytes.count, let base = bytes.baseAddress {
            let marked = SWAR.nonSpaceBytes(UInt64(littleEndian: UnsafeRawPointer(base + (index &+ 1)).loadUnaligned(as: UInt64.self)))
            let next = index &+ 1 &+ marked.trailingZeroBitCount >> 3
            if marked != 0, bytes[next] > 0x20 {
                index = next
                return
            }
        }
        skipWhitespaceRun()
    }

    /// Advances past whitespace: a line break, tab or return one byte at a time, runs of spaces
    /// (indentation) eight bytes at a time, and byte by byte in the last few bytes.
    mutating func skipWhitespaceRun() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A, 0x0D, 0x09: index &+= 1
            case 0x20:
                index &+= 1
                index = wordScanEnd(from: index, until: SWAR.nonSpaceBytes).end
            default: return
            }
        }
    }
}
