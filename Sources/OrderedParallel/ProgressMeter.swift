import FoundationEssentials
import Platform

/// A one-line progress display for long batches: done/total, rate and time left, redrawn in place.
///
/// It only draws when told the stream is a terminal, waits `delay` seconds before the first line (short
/// batches show nothing) and redraws at most every `interval` seconds; `finish` clears the line.
public struct ProgressMeter: Sendable {
    private let write: @Sendable (String) -> Void
    private let enabled: Bool
    private let total: Int?
    private let noun: String
    private let delay: TimeInterval, interval: TimeInterval
    private let clock: @Sendable () -> TimeInterval
    private let start: TimeInterval
    private var lastDrawn: TimeInterval?
    /// How many items `advance` has counted.
    public private(set) var done = 0

    /// A meter writing to `write` (standard error) when `terminal`; `total` is `nil` for a stream of unknown length.
    public init(total: Int?, noun: String, terminal: Bool, delay: TimeInterval = 1, interval: TimeInterval = 0.2,
                clock: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime },
                write: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.noun = noun
        self.enabled = terminal
        self.delay = delay
        self.interval = interval
        self.clock = clock
        self.write = write
        start = clock()
    }

    /// Counts one more item done, redrawing when due.
    public mutating func advance() {
        done += 1
        guard enabled else { return }
        let now = clock()
        guard now - start >= delay, lastDrawn.map({ now - $0 >= interval }) ?? true else { return }
        lastDrawn = now
        write("\r\u{1B}[K" + line(at: now))
    }

    /// Clears the line if anything was drawn.
    public func finish() {
        if lastDrawn != nil { write("\r\u{1B}[K") }
    }

    /// The text shown at `now`: `1234/10000 archives  512.0/s  ETA 0:17`.
    public func line(at now: TimeInterval) -> String {
        let elapsed = max(now - start, 0.001)
        let rate = Double(done) / elapsed
        var text = total.map { "\(done)/\($0) \(noun)" } ?? "\(done) \(noun)"
        text += String(printf: "  %.1f/s", rate)
        if let total, rate > 0 {
            let left = Int((Double(max(total - done, 0)) / rate).rounded())
            text += "  ETA \(left / 3600 > 0 ? "\(left / 3600):" + String(printf: "%02d", left / 60 % 60) : "\(left / 60)"):" + String(printf: "%02d", left % 60)
        }
        return text
    }
}
