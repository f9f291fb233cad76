/// RFC 3339 `date-time`, `full-date` and `full-time` (section 5.6), checked byte by byte.
///
/// Indices stay below the buffer's count (each part's length is checked before its bytes are read), so they are
/// moved with wrapping arithmetic: no overflow check per step.
enum DateTimeFormat {
    /// Whether `bytes` is an RFC 3339 `date-time`.
    static func isDateTime(_ bytes: Bytes) -> Bool {
        // "T" and "t" differ only in the ASCII case bit, which RFC 3339 allows either way.
        isFullDate(bytes, at: 0) && bytes.byte(at: 10) | 0x20 == UInt8(ascii: "t") && isFullTime(bytes, at: 11)
    }

    /// Whether `bytes` is an RFC 3339 `full-date`.
    static func isDate(_ bytes: Bytes) -> Bool {
        bytes.count == 10 && isFullDate(bytes, at: 0)
    }

    /// Whether `bytes` is an RFC 3339 `full-time`, which requires an offset.
    static func isTime(_ bytes: Bytes) -> Bool {
        isFullTime(bytes, at: 0)
    }

    /// The number of days in `month` (1–12) of the proleptic Gregorian `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The value of the two ASCII digits at `index`, or nil; `index + 1` must be inside `bytes`.
    @inline(__always)
    private static func twoDigits(_ bytes: Bytes, at index: Int) -> Int? {
        let high = bytes[index] &- 0x30
        let low = bytes[index &+ 1] &- 0x30
        guard high < 10, low < 10 else { return nil }
        return Int(high) &* 10 &+ Int(low)
    }

    /// Eight bytes of fixed shape: ASCII digits in the bytes of `digits`, the bytes of `literal` elsewhere (a word's
    /// first byte is its lowest).
    private struct Shape {
        let literal: UInt64
        let digits: UInt64

        /// `YYYY-MM-`.
        static let dateHead = Shape(literal: 0x2D30_302D_3030_3030, digits: 0x00FF_FF00_FFFF_FFFF)
        /// `HH:MM:SS`.
        static let time = Shape(literal: 0x3030_3A30_303A_3030, digits: 0xFFFF_00FF_FF00_FFFF)
    }

    /// The eight bytes at `index` (inside `bytes`, with seven more) with `0` taken from each digit, when they have
    /// `shape`; nil otherwise.
    @inline(__always)
    private static func word(_ bytes: Bytes, at index: Int, matching shape: Shape) -> UInt64? {
        guard let base = bytes.baseAddress else { return nil }
        let value = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) ^ shape.literal
        // A digit byte is then 0x00-0x0F (0x00-0x09 once 6 added does not reach 0x10); any other byte is 0.
        let nibbles: UInt64 = 0x0F0F_0F0F_0F0F_0F0F & shape.digits
        guard value & ~nibbles == 0, (value &+ 0x0606_0606_0606_0606 & shape.digits) & 0x1010_1010_1010_1010 & shape.digits == 0
        else { return nil }
        return value
    }

    /// The value of the two digits at byte `index` of a word that `word(_:at:matching:)` returned.
    @inline(__always)
    private static func digitPair(_ word: UInt64, at index: Int) -> Int {
        Int(truncatingIfNeeded: word &>> (8 &* index) & 0xFF) &* 10 &+ Int(truncatingIfNeeded: word &>> (8 &* (index &+ 1)) & 0xFF)
    }

    /// Whether a `full-date` (`YYYY-MM-DD`) starts at `index`; what follows is the caller's business.
    private static func isFullDate(_ bytes: Bytes, at index: Int) -> Bool {
        // `YYYY-MM-` in one word, then `DD`: every byte read is inside `bytes`.
        guard bytes.count &- index >= 10, let head = word(bytes, at: index, matching: .dateHead),
              let day = twoDigits(bytes, at: index &+ 8)
        else { return false }
        let month = digitPair(head, at: 5)
        guard month >= 1, month <= 12, day >= 1 else { return false }
        return day <= daysIn(month: month, year: digitPair(head, at: 0) &* 100 &+ digitPair(head, at: 2))
    }

    /// Whether a `full-time` starts at `start` and runs exactly to the end of `bytes`.
    private static func isFullTime(_ bytes: Bytes, at start: Int) -> Bool {
        let count = bytes.count
        // `HH:MM:SS` in one word.
        guard count &- start >= 8, let clock = word(bytes, at: start, matching: .time) else { return false }
        let (hour, minute, second) = (digitPair(clock, at: 0), digitPair(clock, at: 3), digitPair(clock, at: 6))
        guard hour <= 23, minute <= 59, second <= 60 else { return false }
        var index = start &+ 8
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            let fractionStart = index
            while index < count, bytes[index] &- 0x30 < 10 { index &+= 1 }
            guard index > fractionStart else { return false }
        }
        guard index < count else { return false }
        let offsetMinutes: Int
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            offsetMinutes = 0
            index &+= 1
        case let sign where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
            guard count &- index >= 6, let offsetHour = twoDigits(bytes, at: index &+ 1), bytes[index &+ 3] == UInt8(ascii: ":"),
                  let offsetMinute = twoDigits(bytes, at: index &+ 4), offsetHour <= 23, offsetMinute <= 59
            else { return false }
            let magnitude = offsetHour &* 60 &+ offsetMinute
            offsetMinutes = sign == UInt8(ascii: "+") ? magnitude : -magnitude
            index &+= 6
        default:
            return false
        }
        guard index == count else { return false }
        guard second == 60 else { return true }
        // A leap second is only inserted at 23:59:60 UTC, so the local time must map there.
        let minutesPerDay = 24 * 60
        let utcMinute = ((hour * 60 + minute - offsetMinutes) % minutesPerDay + minutesPerDay) % minutesPerDay
        return utcMinute == minutesPerDay - 1
    }
}
