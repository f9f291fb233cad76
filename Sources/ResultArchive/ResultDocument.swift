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
