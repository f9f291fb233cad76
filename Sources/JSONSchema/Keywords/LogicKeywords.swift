import JSONCore

/// `allOf`: the instance must be valid against every subschema.
final class AllOfKeyword: Keyword, @unchecked Sendable {
    let nodes: [NodeReference]

    init(nodes: [SchemaNode]) {
        self.nodes = nodes.map(NodeReference.init)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        AllOfKeyword(nodes: try site.schemaArray("allOf", &compiler))
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        nodes.allSatisfy { $0.isValid(instance, context) }
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        for (index, node) in nodes.enumerated() {
            node.collectErrors(instance, at: path.descending(keyword: "allOf", String(index)), context, into: &errors)
        }
    }
}

/// `anyOf`: the instance must be valid against at least one subschema.
final class AnyOfKeyword: SubschemaListKeyword, @unchecked Sendable {
    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        try AnyOfKeyword("anyOf", at: site, &compiler)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        nodes.contains { $0.isValid(instance, context) }
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard !isValid(instance, context) else { return }
        errors.append(ValidationError(.anyOf, keyword: location, path: path,
                                      branches: branchErrors(nodes, instance, path, keyword: "anyOf", context)))
    }
}

/// `oneOf`: the instance must be valid against exactly one subschema.
final class OneOfKeyword: SubschemaListKeyword, @unchecked Sendable {
    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        try OneOfKeyword("oneOf", at: site, &compiler)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        var matched = false
        for node in nodes where node.isValid(instance, context) {
            if matched { return false }
            matched = true
        }
        return matched
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        let matching = nodes.indices.filter { nodes[$0].isValid(instance, context) }
        switch matching.count {
        case 1: return
        case 0:
            errors.append(ValidationError(.oneOfNone, keyword: location, path: path,
                                          branches: branchErrors(nodes, instance, path, keyword: "oneOf", context)))
        default:
            errors.append(ValidationError(.oneOfMany(matching: matching), keyword: location, path: path))
        }
    }
}

/// `not`: the instance must not be valid against the subschema.
final class NotKeyword: AssertionKeyword, @unchecked Sendable {
    let node: SchemaNode

    init(location: KeywordLocation, node: SchemaNode) {
        self.node = node
        super.init(location: location)
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        NotKeyword(location: site.keyword("not"), node: compiler.subschema(site, "not"))
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        node.isValid(instance, context) ? .not : nil
    }
}

/// `if` / `then` / `else`: when the instance is valid against `if` it must satisfy `then`, otherwise `else`.
final class ConditionalKeyword: Keyword, @unchecked Sendable {
    let condition: SchemaNode
    let then: SchemaNode?
    let otherwise: SchemaNode?

    init(condition: SchemaNode, then: SchemaNode?, otherwise: SchemaNode?) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        // Without `then` and `else`, `if` has no effect and is not compiled (nor checked for cycles).
        guard site.object["then"] != nil || site.object["else"] != nil else { return nil }
        let condition = compiler.subschema(site, "if")
        let then = site.object["then"] == nil ? nil : compiler.subschema(site, "then")
        let otherwise = site.object["else"] == nil ? nil : compiler.subschema(site, "else")
        return ConditionalKeyword(condition: condition, then: then, otherwise: otherwise)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        if condition.isValid(instance, context) { return then?.isValid(instance, context) ?? true }
        return otherwise?.isValid(instance, context) ?? true
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        if condition.isValid(instance, context) {
            then?.collectErrors(instance, at: path.descending(keyword: "then"), context, into: &errors)
        } else {
            otherwise?.collectErrors(instance, at: path.descending(keyword: "else"), context, into: &errors)
        }
    }
}

/// The errors of every subschema of an `anyOf`/`oneOf`, one branch each.
private func branchErrors(
    _ nodes: [NodeReference], _ instance: Instance, _ path: EvaluationPath, keyword: String, _ context: EvaluationContext
) -> [ValidationError.Branch] {
    nodes.enumerated().map { index, node in
        ValidationError.Branch(index: index, errors: node.errors(instance, at: path.descending(keyword: keyword, String(index)), context))
    }
}
