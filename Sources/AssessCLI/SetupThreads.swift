import Dispatch
import Platform

/// A value computed on a thread of its own (with the `assess` binary's 512 MB stack, for work that recurses
/// with a document's nesting) while the caller goes on with other set-up work; `value` waits for it.
final class Background<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = Lock()
    private let body: @Sendable () -> Value
    private var result: Value?

    /// Starts computing `body` on a new thread (on the caller's when no thread can be made).
    init(_ body: @escaping @Sendable () -> Value) {
        self.body = body
        let compute: @Sendable () -> Void = { [self] in
            let value = body()
            lock.withLock { result = value }
            done.signal()
        }
        if !NativeThread.detach(stackSize: NativeThread.largeStackSize, compute) { compute() }
    }

    /// The value, once the thread has computed it (any number of times, from any thread).
    var value: Value {
        done.wait()
        done.signal()  // lets every later reader through
        // The thread stores its result before signalling.
        return lock.withLock { result } ?? body()
    }
}

/// Warning lines computed on another thread while the command goes on, written to standard error before
/// anything else the command writes (on either stream), so they keep their place ahead of later output.
final class PendingWarnings: @unchecked Sendable {
    private let lines: Background<[String]>
    private let writeError: @Sendable (String) -> Void
    private let lock = Lock()
    private var written = false

    /// Lines `compute` gives on its own thread, for `writeError` (the unwrapped stream).
    init(writeError: @escaping @Sendable (String) -> Void, _ compute: @escaping @Sendable () -> [String]) {
        self.writeError = writeError
        lines = Background(compute)
    }

    /// Writes the lines (waiting for them) unless they were written already.
    func write() {
        lock.withLock {
            guard !written else { return }
            written = true
            for line in lines.value { writeError(line + "\n") }
        }
    }
}

extension CommandIO {
    /// This IO, writing `pending`'s lines before the first thing written to either stream.
    func writingFirst(_ pending: PendingWarnings) -> CommandIO {
        var io = self
        let (output, error) = (writeOutput, writeError)
        io.writeOutput = { text in
            pending.write()
            output(text)
        }
        io.writeError = { text in
            pending.write()
            error(text)
        }
        return io
    }
}
