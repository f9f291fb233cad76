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
        _ = handOver(inputs, transform: transform, consume: consume)
    }

    /// `run`, returning how often the consumer and the workers were woken and could not go on (the
    /// hand-over's cost, for tests).
    func handOver<Inputs: Sequence, Output: Sendable>(
        _ inputs: Inputs, transform: @escaping @Sendable (Inputs.Element) -> Output, consume: (Output) -> Void
    ) -> (consumer: Int, workers: Int) where Inputs.Element: Sendable {
        guard jobs > 1 else {
            for input in inputs { consume(transform(input)) }
            return (0, 0)
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
        return (state.idleConsumerWakes, state.idleWorkerWakes)
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
///
/// Each side waits on a condition of its own and is woken only when it can go on: a worker when the
/// consumer frees a place in the window (one worker per place), the consumer when the output it waits
/// for is published (not when a later one is). Outputs wait in a ring of `window` places.
private final class SharedState<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a place in the window is freed, or the inputs are exhausted.
    private let placeFreed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when the output the consumer waits for is published, or a worker stops.
    private let published = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let iterator: AnyIteratorBox<Input>
    private let window: Int
    /// Index of the next input to take, and of the next output to consume.
    private var taken = 0, consumed = 0
    /// Outputs finished but not yet consumed, at their input index modulo the window.
    private var finished: [Output?]
    private var exhausted = false
    private var stoppedWorkers = 0
    /// Whether the consumer is waiting (so a worker publishing its output must wake it).
    private var consumerWaits = false
    /// How many times the consumer, and a worker, woke and could not go on.
    private(set) var idleConsumerWakes = 0, idleWorkerWakes = 0

    init(iterator: AnyIteratorBox<Input>, window: Int) {
        self.iterator = iterator
        self.window = window
        finished = Array(repeating: nil, count: window)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(placeFreed, nil)
        pthread_cond_init(published, nil)
    }

    deinit {
        pthread_cond_destroy(published)
        pthread_cond_destroy(placeFreed)
        pthread_mutex_destroy(lock)
        published.deallocate()
        placeFreed.deallocate()
        lock.deallocate()
    }

    /// A worker's loop: take the next input while the window allows, transform it, publish it.
    func work(_ transform: @Sendable (Input) -> Output) {
        pthread_mutex_lock(lock)
        while true {
            var woken = false
            while !exhausted, taken - consumed >= window {
                if woken { idleWorkerWakes += 1 }
                pthread_cond_wait(placeFreed, lock)
                woken = true
            }
            guard !exhausted, let input = iterator.pull() else {
                exhausted = true
                stoppedWorkers += 1
                // The other workers stop too, and the consumer, once it has every output, waits for the end.
                pthread_cond_broadcast(placeFreed)
                if consumed == taken { pthread_cond_signal(published) }
                pthread_mutex_unlock(lock)
                return
            }
            let index = taken
            taken += 1
            pthread_mutex_unlock(lock)
            let output = transform(input)
            pthread_mutex_lock(lock)
            finished[index % window] = output
            if index == consumed, consumerWaits { pthread_cond_signal(published) }
        }
    }

    /// The next output in input order, waiting for it; `nil` once every input has been consumed.
    func next() -> Output? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        var woken = false
        while true {
            let place = consumed % window
            if consumed < taken, let output = finished[place] {
                finished[place] = nil
                consumed += 1
                pthread_cond_signal(placeFreed)
                return output
            }
            if exhausted, consumed == taken { return nil }
            if woken { idleConsumerWakes += 1 }
            consumerWaits = true
            pthread_cond_wait(published, lock)
            consumerWaits = false
            woken = true
        }
    }

    /// Waits until every worker has left its loop.
    func waitForWorkers(_ count: Int) {
        pthread_mutex_lock(lock)
        while stoppedWorkers < count {
            consumerWaits = true
            pthread_cond_wait(published, lock)
            consumerWaits = false
        }
        pthread_mutex_unlock(lock)
    }
}
