import FoundationEssentials
import Glibc
import Platform

/// Maps a stream of inputs on several threads and hands the outputs back in input order.
///
/// The inputs are pulled lazily, one at a time, and at most `window` of them are in flight (taken but
/// not yet consumed), so memory is bounded by the window, not by the number of inputs. Outputs reach
/// `consume` one at a time in exactly the order of the inputs, whatever the number of jobs: a run with
/// `jobs: 8` consumes the same outputs in the same order as one with `jobs: 1`.
///
/// There is no consuming thread of its own: `jobs` threads (the calling one and `jobs - 1` more) each
/// transform inputs, and the one that finds the next output in order ready, while no other thread is
/// consuming, consumes it and every output ready after it. So `jobs` threads keep `jobs` cores busy, not
/// `jobs + 1` threads taking turns on them, and an output is often consumed by the thread that made it,
/// while its bytes are still in that core's cache.
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
    /// `consume`, on whichever of the threads is free (one call at a time, each call's effects seen by the
    /// next). With one job everything runs on the calling thread.
    public func run<Inputs: Sequence, Output: Sendable>(
        _ inputs: Inputs, transform: @escaping @Sendable (Inputs.Element) -> Output, consume: (Output) -> Void
    ) where Inputs.Element: Sendable {
        _ = handOver(inputs, transform: transform, consume: consume)
    }

    /// `run`, returning how often a thread was woken and could not go on (the hand-over's cost, for tests).
    func handOver<Inputs: Sequence, Output: Sendable>(
        _ inputs: Inputs, transform: @escaping @Sendable (Inputs.Element) -> Output, consume: (Output) -> Void
    ) -> Int where Inputs.Element: Sendable {
        guard jobs > 1 else {
            for input in inputs { consume(transform(input)) }
            return 0
        }
        let state = SharedState<Inputs.Element, Output>(iterator: AnyIteratorBox(inputs.makeIterator()), window: window)
        return withoutActuallyEscaping(consume) { consume in
            // The threads reach `consume` through the state, which lets go of it once they have all stopped.
            state.consume = consume
            // A helper the system cannot start is not waited for: the threads that run share its inputs.
            let helpers = (1..<jobs).count { _ in NativeThread.detach(stackSize: 8 << 20) { state.work(transform) } }
            state.work(transform)
            state.waitForThreads(1 + helpers)
            state.consume = nil
            return state.idleWakes
        }
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

/// The lock-protected hand-over between the threads.
///
/// A thread waits only when it can neither consume (the next output is not ready, or another thread is
/// consuming) nor take an input (the window is full), and is woken when one of those changes: a place freed
/// in the window, the next output published while nobody consumes, or the end. Outputs wait in a ring of
/// `window` places.
private final class SharedState<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a thread may be able to go on.
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let iterator: AnyIteratorBox<Input>
    private let window: Int
    /// Index of the next input to take, and of the next output to consume.
    private var taken = 0, consumed = 0
    /// Outputs finished but not yet consumed, at their input index modulo the window.
    private var finished: [Output?]
    private var exhausted = false, consuming = false
    private var waiting = 0, stopped = 0
    /// The consumer, set while the threads run (called by one thread at a time, under the `consuming` flag).
    var consume: ((Output) -> Void)?
    /// How many times a thread woke and could not go on.
    private(set) var idleWakes = 0

    init(iterator: AnyIteratorBox<Input>, window: Int) {
        self.iterator = iterator
        self.window = window
        finished = Array(repeating: nil, count: window)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Whether the next output in order is there and nobody is consuming (the lock held).
    private var canConsume: Bool { !consuming && consumed < taken && finished[consumed % window] != nil }
    /// Whether an input may be taken (the lock held).
    private var canTake: Bool { !exhausted && taken - consumed < window }

    /// A thread's loop: consume the outputs ready in order if nobody is, else take and transform the next
    /// input while the window allows, else wait; returns once every input has been consumed.
    func work(_ transform: @Sendable (Input) -> Output) {
        pthread_mutex_lock(lock)
        var woken = false
        while true {
            if canConsume {
                woken = false
                consuming = true
                while consumed < taken, let output = finished[consumed % window] {
                    finished[consumed % window] = nil
                    consumed += 1
                    // A place is free: a waiting thread may take an input.
                    if waiting > 0 { pthread_cond_signal(changed) }
                    pthread_mutex_unlock(lock)
                    consume?(output)
                    pthread_mutex_lock(lock)
                }
                // The next output is not there yet: the thread that publishes it consumes it.
                consuming = false
                continue
            }
            if canTake {
                woken = false
                guard let input = iterator.pull() else {
                    exhausted = true
                    pthread_cond_broadcast(changed)
                    continue
                }
                let index = taken
                taken += 1
                pthread_mutex_unlock(lock)
                let output = transform(input)
                pthread_mutex_lock(lock)
                finished[index % window] = output
                continue
            }
            if exhausted, consumed == taken, !consuming {
                stopped += 1
                pthread_cond_broadcast(changed)
                pthread_mutex_unlock(lock)
                return
            }
            if woken { idleWakes += 1 }
            waiting += 1
            pthread_cond_wait(changed, lock)
            waiting -= 1
            woken = true
        }
    }

    /// Waits until `count` threads have left their loop.
    func waitForThreads(_ count: Int) {
        pthread_mutex_lock(lock)
        while stopped < count { pthread_cond_wait(changed, lock) }
        pthread_mutex_unlock(lock)
    }
}
