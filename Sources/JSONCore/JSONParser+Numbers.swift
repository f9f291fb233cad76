/// The parser's numbers: integers of up to 17 digits and decimals without an exponent read while
/// scanning, everything else (long integers, exponents, every error) by the general path.
extension ParserState {
    /// Parses the number at `index` (its first byte is `-` or a digit) onto the tape.
    @inline(__always)
    mutating func parseNumber() throws(ParseFailure) {
        let start = index
        // Fast paths: up to 17 digits with no fraction or exponent is an integer entry at once
        // (what `JSONNumber.plainInt64` would make of the lexeme), and with a fraction but no
        // exponent a decimal entry (what `appendSourceNumber` would make); tests compare them.
        // Scanned with a local cursor: `index` lives in memory that the byte loads might alias,
        // so stepping it would store it at every digit.
        var magnitude: Int64 = 0
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start &+ 1 : start
        let digitsLimit = min(bytes.count, digitsStart &+ 18)
        var cursor = digitsStart
        while cursor < digitsLimit {
            let digit = bytes[cursor] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int64(digit)
            cursor &+= 1
        }
        let digitCount = cursor &- digitsStart
        if digitCount > 0, digitCount < 18, digitCount == 1 || bytes[digitsStart] != UInt8(ascii: "0") {
            let next = cursor < bytes.count ? bytes[cursor] : 0
            if next == UInt8(ascii: ".") {
                if parseFraction(ofNumberAt: start, point: cursor) { return }
            } else if next != UInt8(ascii: "e") && next != UInt8(ascii: "E") {
                builder.append(JSONTape.Entry(kind: .integer, payload: negative ? -magnitude : magnitude))
                index = cursor
                return
            }
        }
        try parseGeneralNumber()
    }

    /// From the `.` at `point` after the integer digits of the number at `start`: a fraction of
    /// one digit or more with no exponent is scanned once (integral when every fraction digit is
    /// zero), appended as a decimal entry, and the parser moved past it. Returns false, moving
    /// nothing, for anything else (a missing digit, an exponent), which the general path decides.
    @inline(__always)
    mutating func parseFraction(ofNumberAt start: Int, point: Int) -> Bool {
        let fractionStart = point &+ 1
        var cursor = fractionStart
        var digitBits: UInt8 = 0
        while cursor < bytes.count {
            let digit = bytes[cursor] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            digitBits |= digit
            cursor &+= 1
        }
        guard cursor != fractionStart else { return false }
        // `E` is `e` with bit 5 clear, and no other byte becomes `e` with it set.
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") { return false }
        builder.appendSourceDecimal(offset: start, count: cursor &- start, isIntegral: digitBits == 0)
        index = cursor
        return true
    }

    /// Checks the number at `index` against the JSON grammar and appends it (any length, fraction or exponent).
    @inline(never)
    mutating func parseGeneralNumber() throws(ParseFailure) {
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
        builder.appendSourceNumber(offset: start, count: index - start)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
