import FoundationEssentials
import Glibc
import Platform

/// The files a run appends to, kept open from one commit to the next: in the batch layout a run's commits
/// append to the same part files, most commits to most of them, so an append is then an `fstat` and its
/// writes, not an `open`, a seek and a `close` besides. A writer takes a file's descriptor out while it
/// appends and puts it back after, so no other thread closes a descriptor in use; at most `limit` wait
/// open (past it, one is closed). A file the run is about to replace, remove or create is closed first
/// (`discard`): no write goes to a file that is no longer at its path.
final class OpenPartFiles: @unchecked Sendable {
    private let lock = Lock()
    private var waiting: [String: Int32] = [:]
    /// How many descriptors may wait open.
    let limit: Int

    /// An empty set keeping at most `limit` files open.
    init(limit: Int = 256) {
        self.limit = max(limit, 0)
    }

    deinit {
        for descriptor in waiting.values { close(descriptor) }
    }

    /// The descriptor of `path` kept open by an earlier append (the caller owns it until `keep`), or `nil`.
    func take(_ path: String) -> Int32? {
        lock.withLock { waiting.removeValue(forKey: path) }
    }

    /// Keeps `descriptor`, open for writing on `path`, for the next append (closes one past the limit).
    func keep(_ descriptor: Int32, for path: String) {
        let closing: Int32? = lock.withLock {
            if let older = waiting.updateValue(descriptor, forKey: path) { return older }
            guard waiting.count > limit, let other = waiting.first(where: { $0.key != path }) else { return nil }
            waiting[other.key] = nil
            return other.value
        }
        if let closing { close(closing) }
    }

    /// Closes the descriptor kept for `path`, if any.
    func discard(_ path: String) {
        if let descriptor = take(path) { close(descriptor) }
    }

    /// Closes every descriptor kept.
    func closeAll() {
        let all = lock.withLock {
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        for descriptor in all { close(descriptor) }
    }

    /// How many descriptors wait open.
    var count: Int { lock.withLock { waiting.count } }
}
