import JSONCore

/// `items`: one schema for every element, or a schema per position (tuple form).
final class ItemsKeyword: Keyword, @unchecked Sendable {
    enum Form {
        case every(NodeReference)
        case tuple([NodeReference])
    }

    let form: Form

    init(form: Form) {
        self.form = form
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        switch site.object["items"] {
        case .array?: return ItemsKeyword(form: .tuple(try site.schemaArray("items", &compiler, allowEmpty: true).map(NodeReference.init)))
        case .object?, .bool?: return ItemsKeyword(form: .every(NodeReference(compiler.subschema(site, "items"))))
        default: throw site.invalid("items", expected: "a schema or an array of schemas", compiler)
        }
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .array else { return true }
        switch form {
        case .every(let node):
            return node.withNode { node in
                // An object schema of `properties` alone (an array of samples): its keyword called without a dynamic call.
                if let properties = node.onlyProperties {
                    return properties._withUnsafeGuaranteedRef { $0.elementsAreValid(instance, node: node, context) }
                }
                for element in instance.elements where !node.isValidInline(element, context) { return false }
                return true
            }
        case .tuple(let nodes):
            for (element, node) in zip(instance.elements, nodes) where !node.isValid(element, context) { return false }
        }
        return true
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .array else { return }
        let elements = instance.elements
        switch form {
        case .every(let node):
            for (index, element) in elements.enumerated() {
                node.collectErrors(element, at: path.descending(keyword: "items", instance: String(index)), context, into: &errors)
            }
        case .tuple(let nodes):
            for (index, (element, node)) in zip(elements, nodes).enumerated() {
                node.collectErrors(element, at: path.descending(keyword: "items", String(index), instance: String(index)),
                                   context, into: &errors)
            }
        }
    }
}

/// `additionalItems`: with tuple `items`, the schema for the elements past the tuple.
final class AdditionalItemsKeyword: Keyword, @unchecked Sendable {
    let location: KeywordLocation
    let node: SchemaNode
    let tupleLength: Int

    init(location: KeywordLocation, node: SchemaNode, tupleLength: Int) {
        self.location = location
        self.node = node
        self.tupleLength = tupleLength
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        guard case .array(let tuple) = site.object["items"] else { return nil }
        return AdditionalItemsKeyword(location: site.keyword("additionalItems"),
                                      node: compiler.subschema(site, "additionalItems"), tupleLength: tuple.count)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .array, instance.count > tupleLength else { return true }
        for element in instance.elements.dropFirst(tupleLength) where !node.isValid(element, context) { return false }
        return true
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .array, instance.count > tupleLength else { return }
        if case .boolean(false) = node.body {
            errors.append(ValidationError(.additionalItems(allowed: tupleLength), keyword: location, path: path))
            return
        }
        for (index, element) in instance.elements.enumerated().dropFirst(tupleLength) {
            node.collectErrors(element, at: path.descending(keyword: "additionalItems", instance: String(index)),
                               context, into: &errors)
        }
    }
}

/// `uniqueItems`: no two elements of an array may be equal (JSON equality).
final class UniqueItemsKeyword: AssertionKeyword, @unchecked Sendable {
    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        guard case .bool(let unique) = site.object["uniqueItems"] else {
            throw site.invalid("uniqueItems", expected: "a boolean", compiler)
        }
        return unique ? UniqueItemsKeyword(location: site.keyword("uniqueItems")) : nil
    }

    override func failure(_ instance: Instance, _ context: EvaluationContext) -> ValidationErrorKind? {
        guard instance.kind == .array, instance.count > 1 else { return nil }
        let elements = Array(instance.elements)
        if elements.count <= 16 {
            for second in 1..<elements.count {
                for first in 0..<second where elements[first].equals(elements[second]) {
                    return .uniqueItems(firstIndex: first, duplicateIndex: second)
                }
            }
            return nil
        }
        var seen: [JSONValue: Int] = [:]
        for (index, element) in elements.enumerated() {
            let value = element.value
            if let first = seen[value] { return .uniqueItems(firstIndex: first, duplicateIndex: index) }
            seen[value] = index
        }
        return nil
    }
}

/// `contains`: at least one element must be valid against the schema.
final class ContainsKeyword: SubschemaKeyword, @unchecked Sendable {
    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        ContainsKeyword("contains", at: site, &compiler)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .array else { return true }
        return instance.elements.contains { node.isValid($0, context) }
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard !isValid(instance, context) else { return }
        errors.append(ValidationError(.contains, keyword: location, path: path))
    }
}
