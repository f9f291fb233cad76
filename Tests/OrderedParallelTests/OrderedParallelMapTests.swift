import Foundation
import XCTest
@testable import OrderedParallel

final class OrderedParallelMapTests: XCTestCase {
    /// Work whose duration varies, so later inputs often finish before earlier ones.
    private static func uneven(_ value: Int) -> String {
        var hash = UInt64(value) &* 0x9E37_79B9_7F4A_7C15
        for _ in 0..<(value % 7) * 2_000 { hash = hash &* 6364136223846793005 &+ 1 }
        return "\(value):\(hash % 1000)"
    }

    func testOutputsComeInInputOrderForEveryJobCount() {
        let expected = (0..<500).map(Self.uneven)
        for jobs in [1, 2, 3, 8] {
            var outputs: [String] = []
            OrderedParallelMap(jobs: jobs).run(0..<500, transform: Self.uneven) { outputs.append($0) }
            XCTAssertEqual(outputs, expected, "jobs \(jobs)")
        }
    }

    func testAtMostTheWindowIsInFlight() {
        let counter = InFlight()
        let map = OrderedParallelMap(jobs: 4, window: 6)
        // The sequence counts what has been taken; consume counts what has been handed back.
        let inputs = (0..<300).lazy.map { value -> Int in counter.took(); return value }
        var consumed = 0
        map.run(inputs, transform: { value in Self.uneven(value) }) { _ in
            consumed += 1
            counter.gave()
        }
        XCTAssertEqual(consumed, 300)
        XCTAssertLessThanOrEqual(counter.peak, 7, "never more inputs taken than the window allows, plus the one being consumed")
        XCTAssertGreaterThan(counter.peak, 1, "with four jobs several inputs are in flight")
    }

    func testEachThreadIsWokenOnlyWhenItCanGoOn() {
        // Outputs finishing out of order wake no thread waiting for a place in the window (none was freed),
        // and the thread that publishes the next output consumes it itself: a wake-up for nothing costs a
        // context switch on a machine with fewer cores than threads.
        for jobs in [2, 4] {
            var outputs: [String] = []
            let idle = OrderedParallelMap(jobs: jobs, window: jobs * 2).handOver(0..<2_000, transform: Self.uneven) { outputs.append($0) }
            XCTAssertEqual(outputs, (0..<2_000).map(Self.uneven), "jobs \(jobs)")
            XCTAssertLessThan(idle, 400, "jobs \(jobs): threads woken for nothing \(idle) times in 2,000 hand-overs (a place another took first)")
        }
    }

    func testConsumeCallsNeverOverlapAndSeeEachOthersEffects() {
        // `consume` runs on whichever thread is free: one call at a time, in order, each seeing what the
        // calls before it did (plain, unsynchronised state).
        for jobs in [2, 3, 8] {
            let overlap = InFlight()
            var sum = 0, calls = 0, threads: Set<ObjectIdentifier> = []
            OrderedParallelMap(jobs: jobs, window: jobs * 2).run(0..<3_000, transform: Self.uneven) { output in
                overlap.took()
                threads.insert(ObjectIdentifier(Thread.current))
                sum &+= output.utf8.count
                calls += 1
                overlap.gave()
            }
            XCTAssertEqual(calls, 3_000, "jobs \(jobs)")
            XCTAssertEqual(sum, (0..<3_000).map(Self.uneven).reduce(0) { $0 + $1.utf8.count }, "jobs \(jobs)")
            XCTAssertEqual(overlap.peak, 1, "jobs \(jobs): two consume calls ran at once")
            XCTAssertLessThanOrEqual(threads.count, jobs, "jobs \(jobs): consumed on the calling thread and the job's own threads only")
        }
    }

    func testEmptyInputAndOneJobRunInline() {
        var count = 0
        OrderedParallelMap(jobs: 4).run([Int](), transform: { $0 }) { _ in count += 1 }
        XCTAssertEqual(count, 0)
        let caller = Thread.current
        OrderedParallelMap(jobs: 1).run([1], transform: { value in value }) { _ in XCTAssertEqual(Thread.current, caller) }
        XCTAssertEqual(OrderedParallelMap(jobs: 0).jobs, 1)
        XCTAssertEqual(OrderedParallelMap(jobs: 3).window, 12)
    }

    func testProgressLineShowsCountRateAndTimeLeftOnlyOnATerminal() {
        let clock = FakeClock()
        let lines = Lines()
        var meter = ProgressMeter(total: 100, noun: "archives", terminal: true, clock: clock.read, write: lines.add)
        meter.advance()
        XCTAssertEqual(lines.all, [], "nothing in the first second")
        clock.now = 2
        for _ in 0..<19 { meter.advance() }
        XCTAssertEqual(lines.all, ["\r\u{1B}[K2/100 archives  1.0/s  ETA 1:38"], "one line, then nothing until the interval passes")
        clock.now = 10
        meter.advance()
        XCTAssertEqual(lines.all.last, "\r\u{1B}[K21/100 archives  2.1/s  ETA 0:38")
        meter.finish()
        XCTAssertEqual(lines.all.last, "\r\u{1B}[K")
        var quiet = ProgressMeter(total: nil, noun: "archives", terminal: false, clock: clock.read, write: lines.add)
        clock.now = 100
        quiet.advance()
        XCTAssertEqual(lines.all.count, 3, "not a terminal: nothing drawn")
        XCTAssertEqual(quiet.line(at: 200), "1 archives  0.0/s", "an unknown total has no ETA")
    }
}

private final class InFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private(set) var peak = 0
    func took() { lock.withLock { current += 1; peak = max(peak, current) } }
    func gave() { lock.withLock { current -= 1 } }
}

private final class FakeClock: @unchecked Sendable {
    var now: TimeInterval = 0
    var read: @Sendable () -> TimeInterval { { [self] in now } }
}

private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    var add: @Sendable (String) -> Void { { [self] line in lock.withLock { lines.append(line) } } }
}
