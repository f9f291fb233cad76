import ECMARegex
import JSONCore

/// `required`: every listed property must be present.
final class RequiredKeyword: Keyword {
    let location: KeywordLocation
    let names: [String]

    init(location: KeywordLocation, names: [String]) {
        self.location = location
        self.names = names
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        guard case .array(let list) = site.object["required"] else {
            throw site.invalid("required", expected: "an array of property names", compiler)
        }
        var names: [String] = []
        for name in list {
            guard case .string(let text) = name else { throw site.invalid("required", expected: "an array of property names", compiler) }
            names.append(text)
        }
        return names.isEmpty ? nil : RequiredKeyword(location: site.keyword("required"), names: names)
    }

    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        guard case .object(let object) = instance else { return true }
        return names.allSatisfy { object[$0] != nil }
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for name in names where object[name] == nil {
            errors.append(ValidationError(.required(missing: name), keyword: location, path: path))
        }
    }
}

/// `properties`: each named member present must be valid against its schema.
final class PropertiesKeyword: Keyword {
    /// In schema order; small schemas are scanned, which beats hashing every member name.
    let list: [(name: String, node: SchemaNode)]
    let schemas: [String: SchemaNode]

    init(list: [(name: String, node: SchemaNode)], schemas: [String: SchemaNode]) {
        self.list = list
        self.schemas = schemas
    }

    static let scanLimit = 12

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        var list: [(String, SchemaNode)] = []
        for member in try site.schemaMap("properties", compiler) {
            list.append((member.key, try compiler.subschema(site, "properties", member.key)))
        }
        let schemas = Dictionary(list, uniquingKeysWith: { _, last in last })
        return list.isEmpty ? nil : PropertiesKeyword(list: list, schemas: schemas)
    }

    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        guard case .object(let object) = instance else { return true }
        if list.count <= Self.scanLimit {
            return list.withUnsafeBufferPointer { entries in
                for index in entries.indices {
                    if let value = object[entries[index].name], !entries[index].node.isValid(value, context) { return false }
                }
                return true
            }
        }
        return object.members.withUnsafeBufferPointer { members in
            for index in members.indices {
                if let node = schemas[members[index].key], !node.isValid(members[index].value, context) { return false }
            }
            return true
        }
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for member in object {
            guard let node = schemas[member.key], !node.isValid(member.value, context) else { continue }
            node.collectErrors(member.value, at: path.descending(keyword: "properties", member.key, instance: member.key),
                               context, into: &errors)
        }
    }
}

/// `patternProperties`: each member whose name matches a pattern must be valid against its schema.
final class PatternPropertiesKeyword: Keyword {
    let patterns: [(source: String, regex: ECMARegex, node: SchemaNode)]

    init(patterns: [(source: String, regex: ECMARegex, node: SchemaNode)]) {
        self.patterns = patterns
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        var patterns: [(String, ECMARegex, SchemaNode)] = []
        for member in try site.schemaMap("patternProperties", compiler) {
            let regex = try compiler.regex(member.key, at: site.location.appending("patternProperties").appending(member.key))
            patterns.append((member.key, regex, try compiler.subschema(site, "patternProperties", member.key)))
        }
        return patterns.isEmpty ? nil : PatternPropertiesKeyword(patterns: patterns)
    }

    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        guard case .object(let object) = instance else { return true }
        for member in object {
            for pattern in patterns where pattern.regex.matches(member.key) {
                if !pattern.node.isValid(member.value, context) { return false }
            }
        }
        return true
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for member in object {
            for pattern in patterns where pattern.regex.matches(member.key) && !pattern.node.isValid(member.value, context) {
                pattern.node.collectErrors(
                    member.value, at: path.descending(keyword: "patternProperties", pattern.source, instance: member.key),
                    context, into: &errors)
            }
        }
    }
}

/// `additionalProperties`: members matched by neither `properties` nor `patternProperties`.
final class AdditionalPropertiesKeyword: Keyword {
    let location: KeywordLocation
    let node: SchemaNode
    let declared: Set<String>
    let patterns: [ECMARegex]

    init(location: KeywordLocation, node: SchemaNode, declared: Set<String>, patterns: [ECMARegex]) {
        self.location = location
        self.node = node
        self.declared = declared
        self.patterns = patterns
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        let declared = Set(site.object["properties"]?.objectValue?.keys ?? [])
        var patterns: [ECMARegex] = []
        for key in site.object["patternProperties"]?.objectValue?.keys ?? [] {
            patterns.append(try compiler.regex(key, at: site.location.appending("patternProperties").appending(key)))
        }
        return AdditionalPropertiesKeyword(location: site.keyword("additionalProperties"),
                                           node: try compiler.subschema(site, "additionalProperties"),
                                           declared: declared, patterns: patterns)
    }

    private func isAdditional(_ name: String) -> Bool {
        !declared.contains(name) && !patterns.contains { $0.matches(name) }
    }

    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        guard case .object(let object) = instance else { return true }
        for member in object where isAdditional(member.key) && !node.isValid(member.value, context) { return false }
        return true
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for member in object where isAdditional(member.key) && !node.isValid(member.value, context) {
            let memberPath = path.descending(keyword: "additionalProperties", instance: member.key)
            if case .boolean(false) = node.body {
                errors.append(ValidationError(.additionalProperty(name: member.key), keyword: location,
                                              path: EvaluationPath(instance: memberPath.instance, keyword: path.keyword)))
            } else {
                node.collectErrors(member.value, at: memberPath, context, into: &errors)
            }
        }
    }
}

/// `dependencies`: when a property is present, other properties (array form) or a schema (schema form) apply.
final class DependenciesKeyword: Keyword {
    enum Dependency {
        case properties([String])
        case schema(SchemaNode)
    }

    let location: KeywordLocation
    let dependencies: [(property: String, dependency: Dependency)]

    init(location: KeywordLocation, dependencies: [(property: String, dependency: Dependency)]) {
        self.location = location
        self.dependencies = dependencies
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        var dependencies: [(String, Dependency)] = []
        guard case .object(let map) = site.object["dependencies"] else {
            throw site.invalid("dependencies", expected: "an object of schemas or property-name arrays", compiler)
        }
        for member in map {
            if case .array(let names) = member.value {
                let strings = names.compactMap(\.stringValue)
                guard strings.count == names.count else {
                    throw site.invalid("dependencies", expected: "arrays of property names", compiler)
                }
                dependencies.append((member.key, .properties(strings)))
            } else {
                dependencies.append((member.key, .schema(try compiler.subschema(site, "dependencies", member.key))))
            }
        }
        return DependenciesKeyword(location: site.keyword("dependencies"), dependencies: dependencies)
    }

    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        guard case .object(let object) = instance else { return true }
        for (property, dependency) in dependencies where object[property] != nil {
            switch dependency {
            case .properties(let names): if !names.allSatisfy({ object[$0] != nil }) { return false }
            case .schema(let node): if !node.isValid(instance, context) { return false }
            }
        }
        return true
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for (property, dependency) in dependencies where object[property] != nil {
            switch dependency {
            case .properties(let names):
                for name in names where object[name] == nil {
                    errors.append(ValidationError(.dependency(property: property, missing: name), keyword: location, path: path))
                }
            case .schema(let node):
                node.collectErrors(instance, at: path.descending(keyword: "dependencies", property), context, into: &errors)
            }
        }
    }
}

/// `propertyNames`: every member name, as a string instance, must be valid against the schema.
final class PropertyNamesKeyword: Keyword {
    let location: KeywordLocation
    let node: SchemaNode

    init(location: KeywordLocation, node: SchemaNode) {
        self.location = location
        self.node = node
    }

    static func compile(_ site: SchemaSite, _ compiler: inout SchemaCompiler) throws(SchemaError) -> (any Keyword)? {
        PropertyNamesKeyword(location: site.keyword("propertyNames"), node: try compiler.subschema(site, "propertyNames"))
    }

    func isValid(_ instance: JSONValue, _ context: EvaluationContext) -> Bool {
        guard case .object(let object) = instance else { return true }
        return object.allSatisfy { node.isValid(.string($0.key), context) }
    }

    func collectErrors(
        _ instance: JSONValue, at path: EvaluationPath, _ context: EvaluationContext, into errors: inout [ValidationError]
    ) {
        guard case .object(let object) = instance else { return }
        for member in object where !node.isValid(.string(member.key), context) {
            let namePath = EvaluationPath(instance: path.instance.appending(member.key), keyword: path.keyword.appending("propertyNames"))
            let reasons = node.errors(.string(member.key), at: namePath, context)
            errors.append(ValidationError(.propertyName(member.key), keyword: location, path: namePath.withKeyword(path.keyword),
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
