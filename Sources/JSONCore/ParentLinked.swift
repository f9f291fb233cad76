/// A class whose instances form chains through `parent` (pointers that share their prefixes, lists of
/// ancestors), freed link by link instead of recursively.
///
/// Left to itself, releasing the last reference to a link releases its parent from inside its
/// `deinit`, one stack frame per link, and a chain of tens of thousands of links overflows the stack.
/// A conforming class calls ``releaseParentsIteratively()`` from its `deinit`.
package protocol ParentLinked: AnyObject {
    /// The link this one extends; `nil` at the root.
    var parent: Self? { get set }
}

extension ParentLinked {
    /// Detaches `parent`, then frees in a loop every link above it that no one else holds; the first
    /// link still held elsewhere (a prefix another chain shares) ends the walk.
    @inlinable
    package func releaseParentsIteratively() {
        var next = parent
        parent = nil
        while isKnownUniquelyReferenced(&next), let link = next {
            next = link.parent
            link.parent = nil
        }
    }
}
