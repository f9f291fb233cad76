import Platform

/// A thread with a 512 MB stack (the `assess` binary's own) for work that recurses with a document's
/// nesting, so a library caller on an ordinary 8 MB thread does not overflow.
package enum LargeStackThread {
    /// `body`'s result, computed on a new large-stack thread while the caller waits.
    package static func run<Value>(_ body: () -> Value) -> Value {
        NativeThread.run(stackSize: NativeThread.largeStackSize, body)
    }
}
