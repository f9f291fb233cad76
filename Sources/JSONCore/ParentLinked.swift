/// A class whose instances form chains through a parent link (pointers that share their prefixes, lists
/// of ancestors), freed link by link instead of recursively.
///
/// Left to itself, releasing the last reference to a link releases its parent from inside its
/// `deinit`, one stack frame per link, and a chain of tens of thousands of links overflows the stack.
/// A conforming class calls ``releaseParentsIteratively()`` from its `deinit`.
package protocol ParentLinked: AnyObject {
    /// Unlinks the parent and returns it (`nil` at the root). A method rather than a settable
    /// requirement, so that the parent stays `private(set)` and the optimiser sees every write to it
    /// (a protocol setter would cost a dynamic exclusivity check per link).
    func detachParent() -> Self?
}

extension ParentLinked {
    /// Detaches the parent, then frees in a loop every link above it that no one else holds; the first
    /// link still held elsewhere (a prefix another chain shares) ends the walk.
    @inlinable
    package func releaseParentsIteratively() {
        var next = detachParent()
        while isKnownUniquelyReferenced(&next), let link = next {
            next = link.detachParent()
        }
    }
}
