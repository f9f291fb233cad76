import JSONCore

/// An `allOf` of `if`/`then` branches that each test one member against a string constant (the
/// `type` discriminator of polymorphic schemas: `{"if": {"properties": {"type": {"const": "x"}}},
/// "then": …}`), decided for verdicts by one lookup of that member instead of one `if` per branch.
/// Same verdict as the branches: a branch's `if` holds when the instance is not an object, lacks the
/// member, or has it equal to the constant; then its `then` must hold. Made after compilation, when
/// every subschema's body is known; only in a node's verdict list (errors come from `allOf` itself).
final class ConditionalTableKeyword: Keyword, @unchecked Sendable {
    private let allOf: AllOfKeyword
    /// Each branch's node and its `then` (nil when there is none).
    private let branches: [(node: SchemaNode, then: SchemaNode?)]
    /// The member tested.
    private let member: [UInt8]
    /// The branches whose constant is each string.
    private let branchesByConstant: NameTable<[Int]>

    private init(allOf: AllOfKeyword, branches: [(node: SchemaNode, then: SchemaNode?)], member: [UInt8], constants: [String]) {
        self.allOf = allOf
        self.branches = branches
        self.member = member
        var grouped: [(name: String, value: [Int])] = []
        for (index, constant) in constants.enumerated() {
            if let at = grouped.firstIndex(where: { $0.name == constant }) { grouped[at].value.append(index) } else { grouped.append((constant, [index])) }
        }
        branchesByConstant = NameTable(grouped)
    }

    /// The table for `allOf` when every branch has that shape and tests the same member; else `nil`.
    static func make(_ allOf: AllOfKeyword) -> ConditionalTableKeyword? {
        var branches: [(node: SchemaNode, then: SchemaNode?)] = []
        var member: [UInt8]?
        var constants: [String] = []
        for reference in allOf.nodes {
            let node = reference.node
            guard let conditional = node.onlyVerdictKeyword as? ConditionalKeyword, conditional.otherwise == nil,
                  let properties = conditional.condition.onlyVerdictKeyword as? PropertiesKeyword,
                  let (name, tested) = properties.schemas.onlyEntry,
                  case .string(let constant)? = (tested.node.onlyVerdictKeyword as? ConstKeyword)?.expected,
                  member == nil || member == name else { return nil }
            member = name
            constants.append(constant)
            branches.append((node, conditional.then))
        }
        guard let member, branches.count > 1 else { return nil }
        return ConditionalTableKeyword(allOf: allOf, branches: branches, member: member, constants: constants)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        // Near the depth limit the branches decide, so the limit is met exactly where it would be.
        guard context.remainingDepth > 4 else { return allOf.isValid(instance, context) }
        var selected: [Int]?
        if instance.kind == .object, let value = member.withUnsafeBufferPointer({ instance.tape.member(instance.index, named: $0) }) {
            let tested = instance.at(value)
            selected = tested.kind == .string ? branchesByConstant.value(for: tested.bytes) ?? [] : []
        }
        func holds(_ index: Int) -> Bool {
            guard let then = branches[index].then else { return true }
            guard let inner = context.entering(branches[index].node, instance) else { return false }
            return then.isValid(instance, inner)
        }
        if let selected { return selected.allSatisfy(holds) }
        return branches.indices.allSatisfy(holds)
    }
}
