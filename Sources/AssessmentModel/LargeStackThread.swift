import Foundation

/// A thread with a 512 MB stack (the `assess` binary's own) for work that recurses with a document's
/// nesting, so a library caller on an ordinary 8 MB thread does not overflow.
package enum LargeStackThread {
    /// `body`'s result, computed on a new large-stack thread while the caller waits.
    package static func run<Value>(_ body: () -> Value) -> Value {
        withoutActuallyEscaping(body) { body in
            let box = Box(body)
            let done = DispatchSemaphore(value: 0)
            let worker = Thread {
                box.result = box.body?()
                box.body = nil  // the work must not outlive the call (the thread may still hold the box)
                done.signal()
            }
            worker.stackSize = 1 << 29
            worker.start()
            done.wait()
            // The worker always stores a result before signalling.
            return box.result ?? body()
        }
    }

    /// The work and its result, handed to the worker while the caller waits (never used by both at once).
    private final class Box<Value>: @unchecked Sendable {
        var body: (() -> Value)?
        var result: Value?
        init(_ body: @escaping () -> Value) { self.body = body }
    }
}
