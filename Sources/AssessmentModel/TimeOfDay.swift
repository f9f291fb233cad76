/// Times of day as the format writes them: `HH:mm`, `HH:mm:ss` or `HH:mm:ss.SSS` (24-hour clock).
public enum TimeOfDay {
    /// Seconds since midnight for a valid time, else `nil`.
    public static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        func number(_ at: Int) -> Int? {
            guard at + 1 < bytes.count, (48...57).contains(bytes[at]), (48...57).contains(bytes[at + 1]) else { return nil }
            return Int(bytes[at] - 48) * 10 + Int(bytes[at + 1] - 48)
        }
        guard bytes.count >= 5, bytes[2] == UInt8(ascii: ":"), let hours = number(0), let minutes = number(3), hours < 24, minutes < 60 else { return nil }
        var total = Double(hours * 3600 + minutes * 60)
        guard bytes.count > 5 else { return total }
        guard bytes.count >= 8, bytes[5] == UInt8(ascii: ":"), let secs = number(6), secs < 60 else { return nil }
        total += Double(secs)
        guard bytes.count > 8 else { return total }
        let fraction = bytes[9...]
        guard bytes[8] == UInt8(ascii: "."), (1...3).contains(fraction.count), fraction.allSatisfy({ (48...57).contains($0) }),
              let digits = Double(String(decoding: fraction, as: UTF8.self)) else { return nil }
        return total + digits / pow10(fraction.count)
    }

    private static func pow10(_ count: Int) -> Double { (0..<count).reduce(1) { value, _ in value * 10 } }
}
