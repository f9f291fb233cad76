import JSONCore

/// An `allOf` of `if`/`then` branches that each test one member against a string constant (the
/// `type` discriminator of polymorphic schemas: `{"if": {"properties": {"type": {"const": "x"}}},
/// "then": …}`), decided for verdicts by one lookup of that member instead of one `if` per branch.
/// Same verdict as the branches: a branch's `if` holds when the instance is not an object, lacks the
/// member, or has it equal to the constant; then its `then` must hold. Made after compilation, when
/// every subschema's body is known; only in a node's verdict list (errors come from `allOf` itself).
final class ConditionalTableKeyword: Keyword, @unchecked Sendable {
    /// One branch: its node (entered as `allOf` would) and its `then`.
    struct Branch {
        let node: NodeReference
        let then: NodeReference
    }

    private let allOf: AllOfKeyword
    /// Every branch, in order.
    private let branches: [Branch]
    /// The branches again, grouped by constant (each group in order).
    private let grouped: [Branch]
    /// The member tested.
    private let member: [UInt8]
    /// Each constant's range of `grouped`.
    private let groups: NameTable<Range<Int>>

    private init(allOf: AllOfKeyword, branches: [Branch], member: [UInt8], constants: [String]) {
        self.allOf = allOf
        self.branches = branches
        self.member = member
        var grouped: [Branch] = []
        var groups: [(name: String, value: Range<Int>)] = []
        for constant in constants where !groups.contains(where: { $0.name == constant }) {
            let start = grouped.count
            grouped += zip(constants, branches).filter { $0.0 == constant }.map(\.1)
            groups.append((constant, start..<grouped.count))
        }
        self.grouped = grouped
        self.groups = NameTable(groups)
    }

    /// The table for `allOf` when every branch has that shape and tests the same member; else `nil`.
    static func make(_ allOf: AllOfKeyword) -> ConditionalTableKeyword? {
        var branches: [Branch] = []
        var member: [UInt8]?
        var constants: [String] = []
        for reference in allOf.nodes {
            // (`if` compiles only with a `then` or an `else`: without an `else`, every branch has a `then`.)
            guard let conditional = reference.node.onlyVerdictKeyword as? ConditionalKeyword, conditional.otherwise == nil,
                  let then = conditional.then,
                  let properties = conditional.condition.onlyVerdictKeyword as? PropertiesKeyword,
                  let (name, tested) = properties.schemas.onlyEntry,
                  case .string(let constant)? = (tested.node.onlyVerdictKeyword as? ConstKeyword)?.expected,
                  member == nil || member == name else { return nil }
            member = name
            constants.append(constant)
            branches.append(Branch(node: reference, then: NodeReference(then)))
        }
        guard let member, branches.count > 1 else { return nil }
        return ConditionalTableKeyword(allOf: allOf, branches: branches, member: member, constants: constants)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        // Near the depth limit the branches decide, so the limit is met exactly where it would be.
        guard context.remainingDepth > 4 else { return allOf.isValid(instance, context) }
        guard instance.kind == .object, let value = member.withUnsafeBufferPointer({ instance.tape.member(instance.index, named: $0) }) else {
            // Without the member every `if` holds.
            return branches.allSatisfy { holds($0, instance, context) }
        }
        // With it, only the `if`s of its constant hold (none when it is not a string).
        let tested = instance.at(value)
        guard tested.kind == .string, let range = groups.value(for: tested.bytes) else { return true }
        // By index: a slice of `grouped` would retain its buffer.
        for index in range where !holds(grouped[index], instance, context) { return false }
        return true
    }

    /// A branch whose `if` holds: its `then` must, entered as the branch's own node would enter it.
    @inline(__always)
    private func holds(_ branch: Branch, _ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard let inner = branch.node.entered(from: context, instance) else { return false }
        return branch.then.isValid(instance, inner)
    }
}
