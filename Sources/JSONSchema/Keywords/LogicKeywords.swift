import JSONCore

/// `allOf`: the instance must be valid against every subschema.
final class AllOfKeyword: Keyword {
    let nodes: [SchemaNode]

    init(nodes: [SchemaNode]) {
        self.nodes = nodes
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        AllOfKeyword(nodes: try site.schemaArray("allOf", &compiler))
    }

    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        nodes.allSatisfy { $0.isValid(instance, context) }
    }

    func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        for (index, node) in nodes.enumerated() {
            node.collectErrors(instance, at: path.descending(keyword: "allOf", String(index)), context, into: &errors)
        }
    }
}

/// `anyOf`: the instance must be valid against at least one subschema.
final class AnyOfKeyword: Keyword {
    let location: KeywordLocation
    let nodes: [SchemaNode]

    init(location: KeywordLocation, nodes: [SchemaNode]) {
        self.location = location
        self.nodes = nodes
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        AnyOfKeyword(location: site.keyword("anyOf"), nodes: try site.schemaArray("anyOf", &compiler))
    }

    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        nodes.contains { $0.isValid(instance, context) }
    }

    func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard !isValid(instance, context) else { return }
        errors.append(ValidationError(.anyOf, keyword: location, path: path,
                                      branches: branchErrors(nodes, instance, path, keyword: "anyOf", context)))
    }
}

/// `oneOf`: the instance must be valid against exactly one subschema.
final class OneOfKeyword: Keyword {
    let location: KeywordLocation
    let nodes: [SchemaNode]

    init(location: KeywordLocation, nodes: [SchemaNode]) {
        self.location = location
        self.nodes = nodes
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        OneOfKeyword(location: site.keyword("oneOf"), nodes: try site.schemaArray("oneOf", &compiler))
    }

    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        var matched = false
        for node in nodes where node.isValid(instance, context) {
            if matched { return false }
            matched = true
        }
        return matched
    }

    func collectErrors(
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
final class NotKeyword: AssertionKeyword {
    let location: KeywordLocation
    let node: SchemaNode

    init(location: KeywordLocation, node: SchemaNode) {
        self.location = location
        self.node = node
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        NotKeyword(location: site.keyword("not"), node: try compiler.subschema(site, "not"))
    }

    func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        node.isValid(instance, context) ? .not : nil
    }
}

/// `if` / `then` / `else`: when the instance is valid against `if` it must satisfy `then`, otherwise `else`.
final class ConditionalKeyword: Keyword {
    let condition: SchemaNode
    let then: SchemaNode?
    let otherwise: SchemaNode?

    init(condition: SchemaNode, then: SchemaNode?, otherwise: SchemaNode?) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        let condition = try compiler.subschema(site, "if")
        let then = site.object["then"] == nil ? nil : try compiler.subschema(site, "then")
        let otherwise = site.object["else"] == nil ? nil : try compiler.subschema(site, "else")
        guard then != nil || otherwise != nil else { return nil }
        return ConditionalKeyword(condition: condition, then: then, otherwise: otherwise)
    }

    func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        if condition.isValid(instance, context) { return then?.isValid(instance, context) ?? true }
        return otherwise?.isValid(instance, context) ?? true
    }

    func collectErrors(
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
    _ nodes: [SchemaNode], _ instance: Instance, _ path: EvaluationPath, keyword: String, _ context: EvaluationContext
) -> [ValidationError.Branch] {
    nodes.enumerated().map { index, node in
        ValidationError.Branch(index: index, errors: node.errors(instance, at: path.descending(keyword: keyword, String(index)), context))
    }
}
