import JSONCore

/// A JSON file of an archive read as a value (`assessmentResult.json`, `metadata.json`): its tape, read
/// in place for the few members verification and ingestion look up, made into a tree only when asked.
/// A tape from the parser holds each member name once (the tree's "last value, first place" applied),
/// so a member found on it is the one the tree has.
public struct ResultDocument: Sendable {
    /// The parsed file.
    package let tape: JSONTape

    /// The document of a parsed file.
    package init(tape: JSONTape) {
        self.tape = tape
    }

    /// The whole value as a tree.
    public var value: JSONValue { tape.value }

    /// The member `name` of the top-level object as a tree, or `nil` (no such member, or not an object).
    public func member(_ name: StaticString) -> JSONValue? {
        tape.withView { view in view.member(0, name).map(view.value(at:)) }
    }

    /// The member `name` of the top-level object when it is a string, else `nil`.
    public func string(_ name: StaticString) -> String? {
        tape.withView { view in view.member(0, name).flatMap(view.stringValue) }
    }
}

extension JSONTapeView {
    /// The index of the value of member `name` of the value at `index` when that is an object, else `nil`.
    @inlinable
    package func member(_ index: Int, _ name: StaticString) -> Int? {
        guard kind(index) == .object else { return nil }
        return member(index, named: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// The string at `index`, or `nil` when it holds another kind of value.
    package func stringValue(_ index: Int) -> String? {
        kind(index) == .string ? string(index) : nil
    }

    /// Whether the value at `index` is the string `text`.
    @inlinable
    package func isString(_ index: Int, _ text: StaticString) -> Bool {
        kind(index) == .string && hasBytes(index, text)
    }

    /// Whether the string or key at `index` has the bytes of `text`.
    @inlinable
    package func hasBytes(_ index: Int, _ text: StaticString) -> Bool {
        bytesEqual(index, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
