import Foundation

/// Maps a stream of inputs on several threads and hands the outputs back in input order.
///
/// The inputs are pulled lazily, one at a time, and at most `window` of them are in flight (taken but
/// not yet consumed), so memory is bounded by the window, not by the number of inputs. Outputs reach
/// `consume` on the calling thread in exactly the order of the inputs, whatever the number of jobs:
/// a run with `jobs: 8` consumes the same outputs in the same order as one with `jobs: 1`.
public struct OrderedParallelMap: Sendable {
    /// How many inputs are transformed at once (at least 1).
    public let jobs: Int
    /// How many inputs may be taken but not yet consumed (at least `jobs`).
    public let window: Int

    /// `jobs` workers and an in-flight window of `window` (default: four per job).
    public init(jobs: Int, window: Int? = nil) {
        self.jobs = max(1, jobs)
        self.window = max(self.jobs, window ?? self.jobs * 4)
    }

    /// The number of cores of this machine, the default job count.
    public static var allCores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Transforms every input of `inputs` with `transform` and passes each output, in input order, to
    /// `consume`. With one job everything runs on the calling thread.
    public func run<Inputs: Sequence, Output: Sendable>(
        _ inputs: Inputs, transform: @escaping @Sendable (Inputs.Element) -> Output, consume: (Output) -> Void
    ) where Inputs.Element: Sendable {
        guard jobs > 1 else {
            for input in inputs { consume(transform(input)) }
            return
        }
        let state = SharedState<Inputs.Element, Output>(iterator: AnyIteratorBox(inputs.makeIterator()), window: window)
        let workers = (0..<jobs).map { _ in
            let worker = Thread { state.work(transform) }
            worker.stackSize = 8 << 20
            return worker
        }
        workers.forEach { $0.start() }
        while let output = state.next() { consume(output) }
        state.waitForWorkers(jobs)
    }
}

/// An iterator that may be advanced from any thread, one caller at a time (the state's lock ensures it).
private final class AnyIteratorBox<Element>: @unchecked Sendable {
    private var next: () -> Element?

    init<Base: IteratorProtocol>(_ base: Base) where Base.Element == Element {
        var iterator = base
        next = { iterator.next() }
    }

    func pull() -> Element? { next() }
}

/// The lock-protected hand-over between the workers and the consuming thread.
private final class SharedState<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let iterator: AnyIteratorBox<Input>
    private let window: Int
    /// Index of the next input to take, and of the next output to consume.
    private var taken = 0, consumed = 0
    /// Outputs finished but not yet consumed, by input index.
    private var finished: [Int: Output] = [:]
    private var exhausted = false
    private var stoppedWorkers = 0

    init(iterator: AnyIteratorBox<Input>, window: Int) {
        self.iterator = iterator
        self.window = window
    }

    /// A worker's loop: take the next input while the window allows, transform it, publish it.
    func work(_ transform: @Sendable (Input) -> Output) {
        while true {
            condition.lock()
            while !exhausted, taken - consumed >= window { condition.wait() }
            guard !exhausted, let input = iterator.pull() else {
                exhausted = true
                stoppedWorkers += 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let index = taken
            taken += 1
            condition.unlock()
            let output = transform(input)
            condition.lock()
            finished[index] = output
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next output in input order, waiting for it; `nil` once every input has been consumed.
    func next() -> Output? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let output = finished.removeValue(forKey: consumed) {
                consumed += 1
                condition.broadcast()
                return output
            }
            if exhausted, consumed == taken { return nil }
            condition.wait()
        }
    }

    /// Waits until every worker has left its loop.
    func waitForWorkers(_ count: Int) {
        condition.lock()
        while stoppedWorkers < count { condition.wait() }
        condition.unlock()
    }
}
