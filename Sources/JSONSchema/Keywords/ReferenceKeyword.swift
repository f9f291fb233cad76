import JSONCore

/// `$ref`: the instance must be valid against the referenced schema; evaluation paths go through it.
final class ReferenceKeyword: Keyword, @unchecked Sendable {
    /// Kept alive by the validator's node list; not retained, so recursive schemas form no cycle.
    let target: NodeReference

    init(target: SchemaNode) {
        self.target = NodeReference(target)
    }

    static func compile(_ value: JSONValue, _ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword {
        guard case .string(let reference) = value else {
            throw site.invalid("$ref", expected: "a URI reference string", compiler)
        }
        return ReferenceKeyword(target: try compiler.referencedNode(reference, from: site))
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        target.isValid(instance, context)
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        target.collectErrors(instance, at: path.descending(keyword: "$ref"), context, into: &errors)
    }
}
