import JSONCore

/// The draft-07 keyword table: which keywords hold subschemas, and the order keywords compile in.
enum SchemaKeywords {
    /// How a keyword holds subschemas.
    enum SubschemaShape: Sendable {
        case single, array, map
    }

    /// The subschema shape of a keyword (given as UTF-8 bytes), or `nil` for keywords without subschemas.
    static func subschemaShape(of keyword: UnsafeBufferPointer<UInt8>) -> SubschemaShape? {
        subschemaShapes.value(for: keyword)
    }

    private static let subschemaShapes = NameTable<SubschemaShape>(
        ["additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if", "then", "else"].map { ($0, .single) }
            + ["items", "allOf", "anyOf", "oneOf"].map { ($0, .array) }
            + ["properties", "patternProperties", "definitions", "dependencies"].map { ($0, .map) })

    typealias Compile = @Sendable (SchemaSite, inout SchemaCompiler) throws(SchemaError) -> Keyword?

    /// Every validating keyword, in the order its errors are reported.
    static let table: [(name: String, compile: Compile)] = [
        ("type", TypeKeyword.compile),
        ("enum", EnumKeyword.compile),
        ("const", ConstKeyword.compile),
        ("multipleOf", MultipleOfKeyword.compile),
        ("maximum", NumericLimitKeyword.compileMaximum),
        ("exclusiveMaximum", NumericLimitKeyword.compileExclusiveMaximum),
        ("minimum", NumericLimitKeyword.compileMinimum),
        ("exclusiveMinimum", NumericLimitKeyword.compileExclusiveMinimum),
        ("maxLength", CountLimitKeyword.compileMaxLength),
        ("minLength", CountLimitKeyword.compileMinLength),
        ("pattern", PatternKeyword.compile),
        ("format", FormatKeyword.compile),
        ("contentMediaType", ContentKeyword.compile),
        ("contentEncoding", { (site, compiler) throws(SchemaError) in
            site.object["contentMediaType"] == nil ? try ContentKeyword.compile(site, &compiler) : nil
        }),
        ("items", ItemsKeyword.compile),
        ("additionalItems", AdditionalItemsKeyword.compile),
        ("maxItems", CountLimitKeyword.compileMaxItems),
        ("minItems", CountLimitKeyword.compileMinItems),
        ("uniqueItems", UniqueItemsKeyword.compile),
        ("contains", ContainsKeyword.compile),
        ("maxProperties", CountLimitKeyword.compileMaxProperties),
        ("minProperties", CountLimitKeyword.compileMinProperties),
        ("required", RequiredKeyword.compile),
        ("properties", PropertiesKeyword.compile),
        ("patternProperties", PatternPropertiesKeyword.compile),
        ("additionalProperties", AdditionalPropertiesKeyword.compile),
        ("dependencies", DependenciesKeyword.compile),
        ("propertyNames", PropertyNamesKeyword.compile),
        ("if", ConditionalKeyword.compile),
        ("allOf", AllOfKeyword.compile),
        ("anyOf", AnyOfKeyword.compile),
        ("oneOf", OneOfKeyword.compile),
        ("not", NotKeyword.compile),
    ]

    /// Compiles the keywords of one schema object; with `$ref`, every sibling is ignored (draft-07).
    static func compile(_ site: SchemaSite, with compiler: inout SchemaCompiler) throws(SchemaError) -> [Keyword] {
        if let reference = site.object["$ref"] {
            return [try ReferenceKeyword.compile(reference, site, &compiler)]
        }
        var keywords: [Keyword] = []
        for entry in table where site.object[entry.name] != nil {
            if let keyword = try entry.compile(site, &compiler) { keywords.append(keyword) }
        }
        return keywords
    }
}

extension SchemaSite {
    /// A keyword's value must have the given form; the error names the keyword and what was expected.
    func invalid(_ keyword: String, expected: String, _ compiler: SchemaCompiler) -> SchemaError {
        compiler.error(.invalidKeywordValue(keyword: keyword, expected: expected), at: location.appending(keyword))
    }

    /// A non-negative integer operand (`maxLength`, `minItems`, …).
    func nonNegativeInteger(_ keyword: String, _ compiler: SchemaCompiler) throws(SchemaError) -> Int {
        guard case .number(let number) = object[keyword], number.isInteger, number >= JSONNumber(0) else {
            throw invalid(keyword, expected: "a non-negative integer", compiler)
        }
        return number.intValue ?? Int.max
    }

    /// A number operand (`maximum`, `multipleOf`, …).
    func number(_ keyword: String, _ compiler: SchemaCompiler) throws(SchemaError) -> JSONNumber {
        guard case .number(let number) = object[keyword] else { throw invalid(keyword, expected: "a number", compiler) }
        return number
    }

    /// An object operand whose members are subschemas (`properties`, `patternProperties`).
    func schemaMap(_ keyword: String, _ compiler: SchemaCompiler) throws(SchemaError) -> JSONObject {
        guard case .object(let map) = object[keyword] else {
            throw invalid(keyword, expected: "an object whose values are schemas", compiler)
        }
        return map
    }

    /// A non-empty array operand of subschemas, compiled (`allOf`, `anyOf`, `oneOf`, tuple `items`).
    func schemaArray(_ keyword: String, _ compiler: inout SchemaCompiler, allowEmpty: Bool = false) throws(SchemaError) -> [SchemaNode] {
        guard case .array(let elements) = object[keyword], allowEmpty || !elements.isEmpty else {
            throw invalid(keyword, expected: "a non-empty array of schemas", compiler)
        }
        var nodes: [SchemaNode] = []
        for index in elements.indices { nodes.append(compiler.subschema(self, keyword, String(index))) }
        return nodes
    }
}
