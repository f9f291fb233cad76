/// An exact decimal `±digits × 10^exponent`, used where doubles would round.
public struct ExactDecimal: Sendable, Hashable {
    /// True for negative values (never for zero).
    public let isNegative: Bool
    /// The significant digits, most significant first, without leading or trailing zeros; empty for zero.
    public let digits: [UInt8]
    /// The power of ten applied to `digits` read as an integer.
    public let exponent: Int

    /// Exponents beyond this are treated as this, so absurd lexemes such as `1e999999999999` cannot overflow.
    static let exponentLimit = 1 << 40

    init(_ value: Int64) {
        var magnitude = value.magnitude
        var reversed: [UInt8] = []
        while magnitude > 0 {
            reversed.append(UInt8(magnitude % 10))
            magnitude /= 10
        }
        self.init(isNegative: value < 0, digits: Array(reversed.reversed()), exponent: 0)
    }

    init(isNegative: Bool, digits rawDigits: [UInt8], exponent rawExponent: Int) {
        var start = 0
        while start < rawDigits.count, rawDigits[start] == 0 { start += 1 }
        var end = rawDigits.count
        var exponent = rawExponent
        while end > start, rawDigits[end - 1] == 0 {
            end -= 1
            exponent += 1
        }
        digits = Array(rawDigits[start..<end])
        self.isNegative = isNegative && !digits.isEmpty
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Parses text already known to be a JSON number.
    init(validLexeme: String) {
        let bytes = Array(validLexeme.utf8)
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: [UInt8] = []
        var exponent = 0
        var afterPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                digits.append(byte &- 48)
                if afterPoint { exponent -= 1 }
            }
            index += 1
        }
        exponent += Self.writtenExponent(bytes, from: index)
        self.init(isNegative: negative, digits: digits, exponent: exponent)
    }

    /// The exponent part of a valid lexeme, starting at its `e` (0 when `index` is past the end),
    /// saturated at `exponentLimit`.
    private static func writtenExponent<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> Int
    where Bytes.Index == Int {
        var index = start
        guard index < bytes.endIndex else { return 0 }
        index += 1
        var sign = 1
        if bytes[index] == UInt8(ascii: "-") { sign = -1; index += 1 } else if bytes[index] == UInt8(ascii: "+") { index += 1 }
        var written = 0
        while index < bytes.endIndex {
            written = min(written * 10 + Int(bytes[index] &- 48), exponentLimit)
            index += 1
        }
        return sign * written
    }

    /// True when a valid JSON number lexeme is an integer (`1.0`, `1.5e1`, `1e400`), without
    /// building the decimal.
    ///
    /// A lexeme without an exponent is read backwards, a few instructions a byte: past its trailing zeros, it is
    /// integral when a point comes next (only zeros follow it) or when no point comes at all. One with an exponent
    /// takes `lexemeWithExponentIsIntegral`.
    static func lexemeIsIntegral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = bytes.count
        while index > 0, base[index &- 1] == UInt8(ascii: "0") { index &-= 1 }
        if index > 0, base[index &- 1] == UInt8(ascii: ".") { return true }
        while index > 0 {
            let byte = base[index &- 1]
            if byte &- UInt8(ascii: "0") < 10 {
                index &-= 1
            } else if byte == UInt8(ascii: ".") {
                return false
            } else if byte == UInt8(ascii: "-"), index == 1 {
                return true
            } else {
                return lexemeWithExponentIsIntegral(bytes)
            }
        }
        return true
    }

    /// `lexemeIsIntegral` of any valid lexeme, read forwards: its fraction digits and trailing zeros against its exponent.
    private static func lexemeWithExponentIsIntegral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
        var fractionDigits = 0, trailingZeros = 0, hasNonZeroDigit = false, afterPoint = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else {
                if afterPoint { fractionDigits += 1 }
                if byte == UInt8(ascii: "0") {
                    trailingZeros += 1
                } else {
                    trailingZeros = 0
                    hasNonZeroDigit = true
                }
            }
            index += 1
        }
        guard hasNonZeroDigit else { return true }
        return writtenExponent(bytes, from: index) - fractionDigits + trailingZeros >= 0
    }

    /// True for zero.
    public var isZero: Bool { digits.isEmpty }

    /// True when the value has no fractional part.
    public var isInteger: Bool { exponent >= 0 }

    /// The position of the leading digit: the value lies in [10^(m-1), 10^m) for magnitude m.
    var magnitude: Int { digits.count + exponent }

    /// -1, 0 or 1 comparing two exact values.
    static func compare(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Int {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative ? -1 : 1 }
        if lhs.isZero || rhs.isZero {
            if lhs.isZero && rhs.isZero { return 0 }
            return lhs.isZero ? (rhs.isNegative ? 1 : -1) : (lhs.isNegative ? -1 : 1)
        }
        let sign = lhs.isNegative ? -1 : 1
        if lhs.magnitude != rhs.magnitude { return lhs.magnitude < rhs.magnitude ? -sign : sign }
        let length = max(lhs.digits.count, rhs.digits.count)
        for position in 0..<length {
            let a = position < lhs.digits.count ? lhs.digits[position] : 0
            let b = position < rhs.digits.count ? rhs.digits[position] : 0
            if a != b { return a < b ? -sign : sign }
        }
        return 0
    }

    /// True when `self / divisor` is an integer; `false` for a zero divisor.
    public func isMultiple(of divisor: ExactDecimal) -> Bool {
        guard !divisor.isZero else { return false }
        if isZero { return true }
        // self = A·10^a, divisor = B·10^b. With k = a - b: integral iff (A·10^k) mod B == 0 (k ≥ 0),
        // or A mod (B·10^-k) == 0 (k < 0).
        let shift = exponent - divisor.exponent
        if shift >= 0 {
            guard let modulus = ExactDecimal.uint64(divisor.digits) else { return fallbackIsMultiple(of: divisor) }
            let base = ExactDecimal.remainder(of: digits, modulo: modulus)
            let power = ExactDecimal.powerOfTen(shift, modulo: modulus)
            return ExactDecimal.mulMod(base, power, modulus) == 0
        }
        let zeros = -shift
        guard zeros <= 19, let small = ExactDecimal.uint64(divisor.digits) else {
            // The divisor is huge; a nonzero A smaller than it cannot be a multiple.
            if digits.count < divisor.digits.count + zeros { return false }
            return fallbackIsMultiple(of: divisor)
        }
        let (modulus, overflow) = small.multipliedReportingOverflow(by: ExactDecimal.pow10(zeros))
        guard !overflow else {
            if digits.count < divisor.digits.count + zeros { return false }
            return fallbackIsMultiple(of: divisor)
        }
        return ExactDecimal.remainder(of: digits, modulo: modulus) == 0
    }

    private func fallbackIsMultiple(of divisor: ExactDecimal) -> Bool {
        let quotient = doubleValue / divisor.doubleValue
        return quotient.isFinite && quotient == quotient.rounded()
    }

    /// The nearest double.
    public var doubleValue: Double {
        var text = isNegative ? "-" : ""
        text += digits.isEmpty ? "0" : String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
        text += "e\(exponent)"
        return Double(text) ?? (isNegative ? -.infinity : .infinity)
    }

    private static func pow10(_ n: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<n { result *= 10 }
        return result
    }

    private static func uint64(_ digits: [UInt8]) -> UInt64? {
        guard digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for digit in digits { value = value * 10 + UInt64(digit) }
        return value
    }

    private static func mulMod(_ a: UInt64, _ b: UInt64, _ modulus: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return modulus.dividingFullWidth((product.high, product.low)).remainder
    }

    private static func remainder(of digits: [UInt8], modulo modulus: UInt64) -> UInt64 {
        var remainder: UInt64 = 0
        for digit in digits {
            let (sum, overflow) = mulMod(remainder, 10, modulus).addingReportingOverflow(UInt64(digit))
            // The true sum is below modulus + 10, so one wrapping subtraction reduces it.
            remainder = overflow || sum >= modulus ? sum &- modulus : sum
            if remainder >= modulus { remainder %= modulus }
        }
        return remainder
    }

    private static func powerOfTen(_ exponent: Int, modulo modulus: UInt64) -> UInt64 {
        var result: UInt64 = 1 % modulus
        var base: UInt64 = 10 % modulus
        var remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 { result = mulMod(result, base, modulus) }
            base = mulMod(base, base, modulus)
            remaining >>= 1
        }
        return result
    }
}
