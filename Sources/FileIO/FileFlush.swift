import Foundation
#if canImport(CFileSync)
import CFileSync
#endif

/// Making written files durable one by one: their writeback started early, then each flushed.
///
/// A batch writer that flushes at its end (rather than after every file) starts each file's writeback as
/// soon as the file is complete, so that the disk works while the writer goes on, and flushes exactly the
/// files and folders it changed (`Flusher`) instead of `sync()`, which waits for every file system's
/// dirty pages, other programs' included.
public enum FileFlush {
    /// Starts writing the dirty pages of the open file `descriptor` to disk and returns without waiting
    /// (Linux's `sync_file_range`); a later flush of the file then finds most of it written. Elsewhere, or
    /// when the system refuses, nothing happens: the later flush writes it all.
    public static func startWriteback(_ descriptor: Int32) {
        #if canImport(CFileSync) && os(Linux)
        _ = cfilesync_start_writeback(descriptor)
        #endif
    }

    /// Flushes the file or folder at `path` to disk: a file's data and what reading it needs (`fdatasync`),
    /// a folder's entries (`fsync`); why not, if it cannot. A path that is gone has nothing left to flush
    /// (a later commit removed it, and flushing its folder makes that durable).
    public static func flush(_ path: String, folder: Bool) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? nil : String(cString: strerror(errno)) }
        defer { close(descriptor) }
        while (folder ? fsync(descriptor) : fdatasync(descriptor)) != 0 {
            if errno == EINTR { continue }
            // A folder whose file system cannot flush folders has nothing more to do.
            if folder, errno == EINVAL { return nil }
            return String(cString: strerror(errno))
        }
        return nil
    }
}

/// Files and folders flushed to disk on threads of their own while the caller goes on: each is handed
/// over as soon as it is complete (`add`), and `drain()` waits until everything handed over is flushed.
///
/// A flush mostly waits for the disk, so several at once let the file system gather them into fewer
/// journal commits and disk cache flushes than one after the other. The threads start with the first
/// path and end when the flusher is released; a path handed over again before its flush started is
/// flushed once (a folder that gets several files).
public final class Flusher: Sendable {
    private let state: FlushQueue
    private let threads: Int

    /// A flusher flushing on up to `threads` threads.
    public init(threads: Int = 16) {
        self.threads = max(threads, 1)
        state = FlushQueue()
    }

    deinit { state.stop() }

    /// Flushes the data of `files` and the entries of `folders` (full paths) on the flusher's threads.
    public func add(files: [String] = [], folders: [String] = []) {
        state.add(files.map { ($0, false) } + folders.map { ($0, true) }, threads: threads)
    }

    /// Waits until every path handed over so far is flushed; the first failure since the last `drain()`
    /// (by the order paths were handed over), if any.
    public func drain() -> FileWriteError? { state.drain() }

    /// The first failure so far, without waiting.
    public var failure: FileWriteError? { state.failure }
}

/// The paths waiting to be flushed and the threads flushing them.
private final class FlushQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(path: String, folder: Bool, order: Int)] = []
    /// Paths waiting (not started): a path handed over again meanwhile needs no second flush.
    private var queued: Set<String> = []
    private var busy = 0, started = 0, added = 0
    private var stopped = false
    private var failures: [(order: Int, error: FileWriteError)] = []

    func add(_ paths: [(String, Bool)], threads: Int) {
        condition.lock()
        defer { condition.unlock() }
        for (path, folder) in paths where queued.insert(path).inserted {
            waiting.append((path, folder, added))
            added += 1
        }
        while started < threads && started < waiting.count + busy {
            started += 1
            let thread = Thread { [self] in work() }
            thread.stackSize = 256 << 10
            thread.start()
        }
        condition.broadcast()
    }

    private func work() {
        condition.lock()
        while true {
            if let next = waiting.first {
                waiting.removeFirst()
                queued.remove(next.path)
                busy += 1
                condition.unlock()
                let reason = FileFlush.flush(next.path, folder: next.folder)
                condition.lock()
                busy -= 1
                if let reason { failures.append((next.order, .cannotWrite(path: next.path, reason: "cannot flush it to disk: " + reason))) }
                condition.broadcast()
            } else if stopped {
                condition.unlock()
                return
            } else {
                condition.wait()
            }
        }
    }

    func drain() -> FileWriteError? {
        condition.lock()
        defer { condition.unlock() }
        while !waiting.isEmpty || busy > 0 { condition.wait() }
        defer { failures = [] }
        return failures.min { $0.order < $1.order }?.error
    }

    var failure: FileWriteError? {
        condition.lock()
        defer { condition.unlock() }
        return failures.min { $0.order < $1.order }?.error
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
