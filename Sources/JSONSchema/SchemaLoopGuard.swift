import JSONCore

/// The body of a schema node that a loop of in-place subschemas can re-enter (the compiler marks
/// one node on every such loop): it evaluates the node's own keywords, unless the same node is
/// already being evaluated at the same instance value, in which case the loop is taken and would
/// never end. Then it records a `schemaLoop` for the evaluation and answers "invalid".
///
/// Only marked nodes pay for the check; every other node evaluates as before.
final class LoopGuardKeyword: Keyword, @unchecked Sendable {
    /// The node's keywords, as compiled.
    let keywords: [Keyword]
    /// The guarded node's absolute location.
    let schema: AbsoluteLocation

    init(keywords: [Keyword], schema: AbsoluteLocation) {
        self.keywords = keywords
        self.schema = schema
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard context.state.pointee.loops.enter(self, at: instance.index, keywordLocation: nil) else { return false }
        defer { context.state.pointee.loops.leave() }
        return keywords.allSatisfy { $0.isValid(instance, context) }
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard context.state.pointee.loops.enter(self, at: instance.index, keywordLocation: path.keyword) else { return }
        defer { context.state.pointee.loops.leave() }
        for keyword in keywords { keyword.collectErrors(instance, at: path, context, into: &errors) }
    }
}

/// Which guarded nodes are being evaluated, at which instance values, and which loops were taken.
struct LoopTracker {
    /// One guarded node entered and not yet left.
    private struct Entry {
        let node: ObjectIdentifier
        let instanceIndex: Int
    }

    /// A loop taken: the node re-entered, the instance value, and the evaluation path that re-entered
    /// it when errors were being collected (the boolean pass has no paths).
    struct Hit {
        let node: ObjectIdentifier
        let instanceIndex: Int
        let schema: AbsoluteLocation
        var keywordLocation: JSONPointer?
    }

    private var active: [Entry] = []
    /// Every loop taken, once per node and instance value, in the order first taken.
    private(set) var hits: [Hit] = []

    /// Enters `node` at an instance value; false (after recording the loop) when it is already being
    /// evaluated there. Evaluation only ever moves to values further along the tape, so the entries
    /// at this value are the last ones: the scan stops at the first entry for an earlier value.
    mutating func enter(_ node: LoopGuardKeyword, at index: Int, keywordLocation: JSONPointer?) -> Bool {
        let id = ObjectIdentifier(node)
        for entry in active.reversed() {
            guard entry.instanceIndex == index else { break }
            if entry.node == id {
                record(Hit(node: id, instanceIndex: index, schema: node.schema, keywordLocation: keywordLocation))
                return false
            }
        }
        active.append(Entry(node: id, instanceIndex: index))
        return true
    }

    /// Leaves the node entered last.
    mutating func leave() {
        active.removeLast()
    }

    private mutating func record(_ hit: Hit) {
        guard let known = hits.firstIndex(where: { $0.node == hit.node && $0.instanceIndex == hit.instanceIndex }) else {
            hits.append(hit)
            return
        }
        if hits[known].keywordLocation == nil { hits[known].keywordLocation = hit.keywordLocation }
    }
}

extension ValidationError {
    /// The error of an instance value that took a schema loop.
    init(_ hit: LoopTracker.Hit, _ view: JSONTapeView) {
        self.init(.schemaLoop(schema: hit.schema.text), keywordLocation: hit.keywordLocation ?? .root,
                  absoluteKeywordLocation: hit.schema.text, instanceLocation: view.pointer(to: hit.instanceIndex))
    }
}
