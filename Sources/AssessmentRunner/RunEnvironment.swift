import AssessmentModel
import FoundationEssentials

/// Time and identifiers for a run, injected so runs are reproducible.
public struct RunEnvironment: Sendable {
    /// The time of each event (fixed with `--now`, else the system clock).
    public var now: @Sendable () -> Date
    /// The run's `taskRunUUID`.
    public var taskRunUUID: String
    /// The engine whose differences the run follows (`assess run --platform`); `nil` for the default.
    public var platform: EnginePlatform?

    /// An environment with this clock and run identifier.
    public init(now: @escaping @Sendable () -> Date, taskRunUUID: String) {
        self.now = now
        self.taskRunUUID = taskRunUUID
    }

    /// Fixed time and a UUID derived from `seed`: byte-for-byte reproducible results.
    public static func fixed(at date: Date, seed: UInt64) -> RunEnvironment {
        RunEnvironment(now: { date }, taskRunUUID: SeededUUID.make(seed: seed))
    }

    /// The system clock and a random UUID.
    public static func live(seed: UInt64? = nil) -> RunEnvironment {
        RunEnvironment(now: { Date() }, taskRunUUID: seed.map(SeededUUID.make) ?? UUID().uuidString)
    }
}

/// Version-4-shaped UUIDs from a seed (SplitMix64), for reproducible `taskRunUUID`s.
public enum SeededUUID {
    /// The UUID for a seed; equal seeds give equal UUIDs.
    public static func make(seed: UInt64) -> String {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var bytes = withUnsafeBytes(of: next().bigEndian, Array.init) + withUnsafeBytes(of: next().bigEndian, Array.init)
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
