/// RFC 3339 `date-time`, `full-date` and `full-time` (section 5.6), checked byte by byte.
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
        let low = bytes[index + 1] &- 0x30
        guard high < 10, low < 10 else { return nil }
        return Int(high) &* 10 &+ Int(low)
    }

    /// Whether a `full-date` (`YYYY-MM-DD`) starts at `index`; what follows is the caller's business.
    private static func isFullDate(_ bytes: Bytes, at index: Int) -> Bool {
        // Every byte read below is then inside `bytes`.
        guard bytes.count - index >= 10, let century = twoDigits(bytes, at: index), let yearInCentury = twoDigits(bytes, at: index + 2),
              bytes[index + 4] == UInt8(ascii: "-"), let month = twoDigits(bytes, at: index + 5),
              bytes[index + 7] == UInt8(ascii: "-"), let day = twoDigits(bytes, at: index + 8),
              (1...12).contains(month), day >= 1
        else { return false }
        return day <= daysIn(month: month, year: century * 100 + yearInCentury)
    }

    /// Whether a `full-time` starts at `start` and runs exactly to the end of `bytes`.
    private static func isFullTime(_ bytes: Bytes, at start: Int) -> Bool {
        // The bytes of `HH:MM:SS` are then inside `bytes`; the rest is read with `byte(at:)`.
        guard bytes.count - start >= 8, let hour = twoDigits(bytes, at: start), bytes[start + 2] == UInt8(ascii: ":"),
              let minute = twoDigits(bytes, at: start + 3), bytes[start + 5] == UInt8(ascii: ":"),
              let second = twoDigits(bytes, at: start + 6),
              hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = start + 8
        if bytes.byte(at: index) == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while ASCII.isDigit(bytes.byte(at: index)) { index += 1 }
            guard index > fractionStart else { return false }
        }
        let offsetMinutes: Int
        switch bytes.byte(at: index) {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            offsetMinutes = 0
            index += 1
        case let sign where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
            guard bytes.count - index >= 6, let offsetHour = twoDigits(bytes, at: index + 1), bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetMinute = twoDigits(bytes, at: index + 4), offsetHour <= 23, offsetMinute <= 59
            else { return false }
            let magnitude = offsetHour * 60 + offsetMinute
            offsetMinutes = sign == UInt8(ascii: "+") ? magnitude : -magnitude
            index += 6
        default:
            return false
        }
        guard index == bytes.count else { return false }
        guard second == 60 else { return true }
        // A leap second is only inserted at 23:59:60 UTC, so the local time must map there.
        let minutesPerDay = 24 * 60
        let utcMinute = ((hour * 60 + minute - offsetMinutes) % minutesPerDay + minutesPerDay) % minutesPerDay
        return utcMinute == minutesPerDay - 1
    }
}
