import ECMARegex
import JSONCore

/// `required`: every listed property must be present.
final class RequiredKeyword: Keyword, @unchecked Sendable {
    let location: KeywordLocation
    let names: [PropertyName]

    init(location: KeywordLocation, names: [PropertyName]) {
        self.location = location
        self.names = names
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        guard case .array(let list) = site.object["required"] else {
            throw site.invalid("required", expected: "an array of property names", compiler)
        }
        var names: [PropertyName] = []
        for name in list {
            guard case .string(let text) = name else { throw site.invalid("required", expected: "an array of property names", compiler) }
            names.append(PropertyName(text))
        }
        return names.isEmpty ? nil : RequiredKeyword(location: site.keyword("required"), names: names)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        return names.allSatisfy { instance.has($0) }
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .object else { return }
        for name in names where !instance.has(name) {
            errors.append(ValidationError(.required(missing: name.string), keyword: location, path: path))
        }
    }
}

/// `properties`: each named member present must be valid against its schema.
final class PropertiesKeyword: Keyword, @unchecked Sendable {
    let schemas: NameTable<NodeReference>

    init(schemas: NameTable<NodeReference>) {
        self.schemas = schemas
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        var list: [(String, NodeReference)] = []
        for member in try site.schemaMap("properties", compiler) {
            list.append((member.key, NodeReference(compiler.subschema(site, "properties", member.key))))
        }
        return list.isEmpty ? nil : PropertiesKeyword(schemas: NameTable(list))
    }

    /// Each property's verdict as the member loop reads it, once settled (`settleVerdicts`): the table keeps the
    /// slots the probe reads.
    private var verdictTable: NameTable<PropertyVerdict>?
    @exclusivity(unchecked) private(set) var verdictProbe: NameProbe<PropertyVerdict>?
    /// The most schemas an inline verdict of the table enters.
    @exclusivity(unchecked) private(set) var verdictDepth = 0

    /// Reads each property node's inline verdict into the table the member loop uses (once every node's is settled).
    func settleVerdicts() {
        guard verdictTable == nil else { return }
        var depth = 0
        let entries = schemas.entries.map { entry in
            let verdict = PropertyVerdict(entry.value)
            depth = max(depth, verdict.depth)
            return (name: String(decoding: entry.name, as: UTF8.self), value: verdict)
        }
        let table = NameTable(entries)
        (verdictTable, verdictProbe, verdictDepth) = (table, table.probe, depth)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        guard let probe = verdictProbe else { return isValidNodeByNode(instance, context) }
        // Where every inline verdict fits in the depth left, none needs its own check.
        let inline = context.remainingDepth >= verdictDepth
        for (name, value) in instance.members {
            guard let verdict = probe.value(for: name.bytes) else { continue }
            guard verdict.depth > 0, inline else {
                if !verdict.node.isValid(value, context) { return false }
                continue
            }
            if !verdict.accepts(value) { return false }
        }
        return true
    }

    /// `isValid` with each member's verdict asked of its node (before `settleVerdicts`).
    private func isValidNodeByNode(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        let probe = schemas.probe
        for (name, value) in instance.members {
            if let node = probe.value(for: name.bytes), !node.isValidInline(value, context) { return false }
        }
        return true
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .object else { return }
        for (name, value) in instance.members {
            guard let node = schemas.value(for: name.bytes) else { continue }
            node.collectErrors(value, at: path.descending(keyword: "properties", name.string, instance: name.string),
                               context, into: &errors)
        }
    }
}

/// `patternProperties`: each member whose name matches a pattern must be valid against its schema.
/// A member name whose search ends undecided (see `RegexSearchOutcome.budgetExhausted`) fails with
/// `patternUndecided` rather than being taken as not matching.
final class PatternPropertiesKeyword: Keyword, @unchecked Sendable {
    let location: KeywordLocation
    let patterns: [(source: String, regex: ECMARegex, node: NodeReference)]

    init(location: KeywordLocation, patterns: [(source: String, regex: ECMARegex, node: NodeReference)]) {
        self.location = location
        self.patterns = patterns
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        var patterns: [(String, ECMARegex, NodeReference)] = []
        for member in try site.schemaMap("patternProperties", compiler) {
            let regex = try compiler.regex(member.key, at: site.location.appending("patternProperties").appending(member.key))
            patterns.append((member.key, regex, NodeReference(compiler.subschema(site, "patternProperties", member.key))))
        }
        return patterns.isEmpty ? nil : PatternPropertiesKeyword(location: site.keyword("patternProperties"), patterns: patterns)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        for (name, value) in instance.members {
            for pattern in patterns {
                switch pattern.regex.search(utf8: name.bytes) {
                case .noMatch: continue
                case .budgetExhausted: return false
                case .match: if !pattern.node.isValid(value, context) { return false }
                }
            }
        }
        return true
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .object else { return }
        for (name, value) in instance.members {
            for pattern in patterns {
                switch pattern.regex.search(utf8: name.bytes) {
                case .noMatch: continue
                case .budgetExhausted:
                    errors.append(ValidationError(.patternUndecided(pattern.source), keyword: location,
                                                  path: path.descending(instance: name.string)))
                case .match:
                    pattern.node.collectErrors(
                        value, at: path.descending(keyword: "patternProperties", pattern.source, instance: name.string),
                        context, into: &errors)
                }
            }
        }
    }
}

/// `additionalProperties`: members matched by neither `properties` nor `patternProperties`.
final class AdditionalPropertiesKeyword: Keyword, @unchecked Sendable {
    let location: KeywordLocation
    let node: SchemaNode
    let declared: NameTable<Bool>
    let patterns: [ECMARegex]

    init(location: KeywordLocation, node: SchemaNode, declared: NameTable<Bool>, patterns: [ECMARegex]) {
        self.location = location
        self.node = node
        self.declared = declared
        self.patterns = patterns
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        let declared = NameTable((site.object["properties"]?.objectValue?.keys ?? []).map { ($0, true) })
        var patterns: [ECMARegex] = []
        for key in site.object["patternProperties"]?.objectValue?.keys ?? [] {
            patterns.append(try compiler.regex(key, at: site.location.appending("patternProperties").appending(key)))
        }
        return AdditionalPropertiesKeyword(location: site.keyword("additionalProperties"),
                                           node: compiler.subschema(site, "additionalProperties"),
                                           declared: declared, patterns: patterns)
    }

    private func isAdditional(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        // An undecided search counts as matching: patternProperties reports that member.
        !declared.contains(name) && !patterns.contains { $0.search(utf8: name) != .noMatch }
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        for (name, value) in instance.members where isAdditional(name.bytes) && !node.isValid(value, context) { return false }
        return true
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .object else { return }
        for (name, value) in instance.members where isAdditional(name.bytes) {
            let memberPath = path.descending(keyword: "additionalProperties", instance: name.string)
            if case .boolean(false) = node.body {
                errors.append(ValidationError(.additionalProperty(name: name.string), keyword: location,
                                              path: memberPath.withKeyword(path.keyword)))
            } else {
                node.collectErrors(value, at: memberPath, context, into: &errors)
            }
        }
    }
}

/// `dependencies`: when a property is present, other properties (array form) or a schema (schema form) apply.
final class DependenciesKeyword: Keyword, @unchecked Sendable {
    enum Dependency {
        case properties([PropertyName])
        case schema(SchemaNode)
    }

    let location: KeywordLocation
    let dependencies: [(property: PropertyName, dependency: Dependency)]

    init(location: KeywordLocation, dependencies: [(property: PropertyName, dependency: Dependency)]) {
        self.location = location
        self.dependencies = dependencies
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        var dependencies: [(PropertyName, Dependency)] = []
        guard case .object(let map) = site.object["dependencies"] else {
            throw site.invalid("dependencies", expected: "an object of schemas or property-name arrays", compiler)
        }
        for member in map {
            if case .array(let names) = member.value {
                let strings = names.compactMap(\.stringValue)
                guard strings.count == names.count else {
                    throw site.invalid("dependencies", expected: "arrays of property names", compiler)
                }
                dependencies.append((PropertyName(member.key), .properties(strings.map(PropertyName.init))))
            } else {
                dependencies.append((PropertyName(member.key), .schema(compiler.subschema(site, "dependencies", member.key))))
            }
        }
        return DependenciesKeyword(location: site.keyword("dependencies"), dependencies: dependencies)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        for (property, dependency) in dependencies where instance.has(property) {
            switch dependency {
            case .properties(let names): if !names.allSatisfy({ instance.has($0) }) { return false }
            case .schema(let node): if !node.isValid(instance, context) { return false }
            }
        }
        return true
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .object else { return }
        for (property, dependency) in dependencies where instance.has(property) {
            switch dependency {
            case .properties(let names):
                for name in names where !instance.has(name) {
                    errors.append(ValidationError(.dependency(property: property.string, missing: name.string), keyword: location, path: path))
                }
            case .schema(let node):
                node.collectErrors(instance, at: path.descending(keyword: "dependencies", property.string), context, into: &errors)
            }
        }
    }
}

/// `propertyNames`: every member name, as a string instance, must be valid against the schema.
final class PropertyNamesKeyword: SubschemaKeyword, @unchecked Sendable {
    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> Keyword? {
        PropertyNamesKeyword("propertyNames", at: site, &compiler)
    }

    override func isValid(_ instance: Instance, _ context: EvaluationContext) -> Bool {
        guard instance.kind == .object else { return true }
        return instance.members.allSatisfy { node.isValid($0.name, context) }
    }

    override func collectErrors(
        _ instance: Instance, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard instance.kind == .object else { return }
        for (name, _) in instance.members where !node.isValid(name, context) {
            let namePath = EvaluationPath(instance: path.instance.appending(name.string), keyword: path.keyword.appending("propertyNames"))
            let reasons = node.errors(name, at: namePath, context)
            errors.append(ValidationError(.propertyName(name.string), keyword: location, path: namePath.withKeyword(path.keyword),
                                          branches: [ValidationError.Branch(index: 0, errors: reasons)]))
        }
    }
}

extension EvaluationPath {
    /// The same instance location with another keyword path.
    func withKeyword(_ keyword: JSONPointer) -> EvaluationPath {
        EvaluationPath(instance: instance, keyword: keyword)
    }
}
