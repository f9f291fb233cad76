import Glibc

/// Threads of the operating system (pthreads) with a stack of a given size, for work that runs beside the
/// caller (`detach`) or that needs a deeper stack than the caller's (`run`).
public enum NativeThread {
    /// 512 MB: the stack for work that recurses with a document's nesting (the `assess` binary runs its
    /// command on one; deep input is then limited by the parsers' own bounds, not by the stack).
    public static let largeStackSize = 1 << 29

    /// Starts `body` on a new detached thread with a stack of `stackSize` bytes (the system's default when
    /// `nil`); false if no thread could be created (then `body` does not run).
    @discardableResult
    public static func detach(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        start(stackSize: stackSize, detached: true, body) != nil
    }

    /// `body`'s result, computed on a new thread with a stack of `stackSize` bytes while the caller waits
    /// (on the calling thread if no thread could be created).
    public static func run<Value>(stackSize: Int, _ body: () -> Value) -> Value {
        withoutActuallyEscaping(body) { body in
            let box = ResultBox(body)
            guard let thread = start(stackSize: stackSize, detached: false, { box.result = box.body() }) else { return body() }
            pthread_join(thread, nil)
            // The joined thread stored a result before it ended.
            return box.result ?? body()
        }
    }

    private static func start(stackSize: Int?, detached: Bool, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        let context = Unmanaged.passRetained(BodyBox(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<BodyBox>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<BodyBox>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// The closure a new thread runs, passed through `pthread_create`'s context pointer.
    private final class BodyBox {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// The work and its result, handed to the thread while the caller waits (never used by both at once).
    private final class ResultBox<Value>: @unchecked Sendable {
        let body: () -> Value
        var result: Value?
        init(_ body: @escaping () -> Value) { self.body = body }
    }
}
