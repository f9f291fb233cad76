import FoundationEssentials
import Glibc

/// A JSON number, kept exactly as written.
///
/// Integers that fit in 64 bits are stored as `Int64`; every other number keeps its lexeme, so
/// `1.0`, `1e400` and 30-digit integers compare and divide exactly (see ``ExactDecimal``).
public struct JSONNumber: Sendable {
    enum Storage: Sendable {
        case integer(Int64)
        case decimal(lexeme: String, double: Double)
    }

    let storage: Storage

    /// A number from an integer.
    public init(_ value: Int) {
        storage = .integer(Int64(value))
    }

    /// A number from a finite double; `nil` for NaN and infinities, which JSON cannot hold.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 9.0e15 {
            storage = .integer(Int64(value))
        } else {
            storage = .decimal(lexeme: "\(value)", double: value)
        }
    }

    /// A number from JSON number text such as `-12.5e3`; `nil` when the text is not one.
    public init?(lexeme: String) {
        var bytes = Array(lexeme.utf8)
        guard JSONNumber.isValidLexeme(bytes) else { return nil }
        self = bytes.withUnsafeMutableBufferPointer { JSONNumber(validLexeme: UnsafeBufferPointer($0)) }
    }

    /// A number from bytes already checked to be JSON number syntax.
    init(validLexeme bytes: UnsafeBufferPointer<UInt8>) {
        if let value = JSONNumber.plainInt64(bytes) {
            storage = .integer(value)
            return
        }
        let lexeme = String(decoding: bytes, as: UTF8.self)
        storage = .decimal(lexeme: lexeme, double: JSONNumber.parseDouble(bytes))
    }

    /// The value of a valid lexeme without fraction or exponent that fits 64 bits, else `nil`.
    static func plainInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count <= 20 else { return nil }
        for byte in bytes where byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            return nil
        }
        return parseInt64(bytes)
    }

    private static func parseInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var magnitude: UInt64 = 0
        while index < bytes.count {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] &- 48))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
            return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    private static func parseDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        // strtod needs a terminator; numbers are short, so a small temporary copy is cheap.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    /// True when `bytes` spell a number in RFC 8259 syntax.
    static func isValidLexeme(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { return false }
        }
        return index == bytes.count
    }

    /// The nearest double (infinite when the number is beyond the double range).
    public var doubleValue: Double {
        switch storage {
        case .integer(let value): return Double(value)
        case .decimal(_, let double): return double
        }
    }

    /// The value as `Int` when it is integral and fits.
    public var intValue: Int? {
        switch storage {
        case .integer(let value): return Int(exactly: value)
        case .decimal:
            guard isInteger, let value = Int(exactly: doubleValue), abs(doubleValue) < 9.0e15 else { return nil }
            return value
        }
    }

    /// The number as written (integers in canonical decimal form).
    public var lexeme: String {
        switch storage {
        case .integer(let value): return String(value)
        case .decimal(let lexeme, _): return lexeme
        }
    }

    /// The exact decimal value.
    public var exact: ExactDecimal {
        switch storage {
        case .integer(let value): return ExactDecimal(value)
        case .decimal(let lexeme, _): return ExactDecimal(validLexeme: lexeme)
        }
    }

    /// True when the number has no fractional part (`1.0` and `1e3` are integers, as in draft-07).
    public var isInteger: Bool {
        switch storage {
        case .integer: return true
        case .decimal(_, let double):
            if double.isFinite, double != double.rounded() { return false }
            return exact.isInteger
        }
    }

    /// True when `self / divisor` is an integer, computed exactly; `false` for a zero divisor.
    public func isMultiple(of divisor: JSONNumber) -> Bool {
        if case .integer(let a) = storage, case .integer(let b) = divisor.storage {
            guard b != 0 else { return false }
            let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
            return overflow || remainder == 0
        }
        return exact.isMultiple(of: divisor.exact)
    }
}

extension JSONNumber: Comparable {
    /// Numeric equality, exactly: `1`, `1.0` and `10e-1` are equal.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// Numeric order, exact even where doubles would round two numbers to one.
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`, exactly.
    static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        if case .integer(let a) = lhs.storage, case .integer(let b) = rhs.storage {
            return a < b ? -1 : (a == b ? 0 : 1)
        }
        let a = lhs.doubleValue, b = rhs.doubleValue
        // Rounding to double is monotonic, so distinct finite doubles already order the exact values.
        if a.isFinite, b.isFinite, a != b { return a < b ? -1 : 1 }
        return ExactDecimal.compare(lhs.exact, rhs.exact)
    }
}

extension JSONNumber: Hashable {
    /// Hashes the value rounded to a double, so numbers equal under `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        // Equal values round to the same double, so hashing the double is consistent with ==.
        let double = doubleValue
        hasher.combine(double == 0 ? 0 : double)
    }
}

extension JSONNumber: CustomStringConvertible {
    /// The number as written in the source (its lexeme), e.g. `1.50`.
    public var description: String { lexeme }
}
