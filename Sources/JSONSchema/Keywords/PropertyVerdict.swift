/// A property's schema as a member loop reads it: its node, and when the node's verdict is answered without a call
/// (`SchemaNode.isValidInline`), what answers it, copied out of the node so the loop reads one slot.
struct PropertyVerdict: Sendable {
    let node: NodeReference
    /// How many schemas the inline verdict enters; 0 when the node must be called.
    let depth: Int
    let kinds: KindSet
    let strings: NameProbe<Bool>?

    /// The verdict of `node`, whose inline verdict is settled.
    init(_ node: NodeReference) {
        self.node = node
        let parts = node.withNode { $0.inlineVerdictParts }
        depth = parts?.depth ?? 0
        kinds = parts?.kinds ?? .any
        strings = parts?.strings
    }

    /// The inline verdict (for `depth > 0`, where the depth left allows it): `SchemaNode.isValidInline`'s answer.
    @inline(__always)
    func accepts(_ instance: Instance) -> Bool {
        guard kinds.accepts(instance) else { return false }
        guard let strings else { return true }
        return instance.kind == .string && strings.value(for: instance.bytes) != nil
    }
}
