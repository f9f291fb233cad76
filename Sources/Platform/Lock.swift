import FoundationEssentials
import Glibc

/// A mutual-exclusion lock over a pthread mutex, for state shared by threads (`lock`/`unlock` or `withLock`).
public class Lock: @unchecked Sendable {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// An unlocked lock.
    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits until the lock is free and takes it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back (taken by this thread).
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body`'s result, computed while holding the lock.
    public func withLock<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A lock with one condition variable: a thread holding the lock waits until another signals a change.
public final class Condition: Lock, @unchecked Sendable {
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// An unlocked lock whose condition nobody waits on.
    override public init() {
        pthread_cond_init(condition, nil)
        super.init()
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Gives the lock back until the condition is signalled, then takes it again (the lock held; callers
    /// re-check what they wait for, since a wake-up may be spurious).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// `wait`, but at most until `deadline` (wall-clock time): false if the deadline passed first.
    public func wait(until deadline: Date) -> Bool {
        let seconds = deadline.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int(min(999_999_999, (seconds - whole) * 1e9)))
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Wakes one waiting thread.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
