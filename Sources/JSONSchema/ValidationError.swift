import JSONCore

/// What a failed keyword found wrong, with the data needed to describe it.
public enum ValidationErrorKind: Sendable, Hashable {
    case falseSchema
    case type(expected: [JSONPrimitiveType], actual: JSONPrimitiveType)
    case enumeration(allowed: [JSONValue])
    case constant(expected: JSONValue)
    case multipleOf(divisor: JSONNumber)
    case maximum(limit: JSONNumber, exclusive: Bool)
    case minimum(limit: JSONNumber, exclusive: Bool)
    case maxLength(limit: Int, actual: Int)
    case minLength(limit: Int, actual: Int)
    case pattern(String)
    /// The string (or member name) is too long for the pattern's matching budget: not decided, so not valid.
    case patternUndecided(String)
    case format(String)
    case content(String)
    case maxItems(limit: Int, actual: Int)
    case minItems(limit: Int, actual: Int)
    case uniqueItems(firstIndex: Int, duplicateIndex: Int)
    case additionalItems(allowed: Int)
    case contains
    case maxProperties(limit: Int, actual: Int)
    case minProperties(limit: Int, actual: Int)
    case required(missing: String)
    case additionalProperty(name: String)
    case dependency(property: String, missing: String)
    case propertyName(String)
    case anyOf
    case oneOfNone
    case oneOfMany(matching: [Int])
    case not
    /// Evaluation stopped: more than `limit` schemas applied inside one another (a very deeply
    /// nested instance under a recursive schema); the instance is treated as invalid.
    case tooDeep(limit: Int)
    /// Evaluation came back to the schema at `schema` (an absolute URI) at the same value without
    /// descending into it: a loop of `$ref`s and in-place applicators that would never end. The value
    /// is treated as invalid; the rest of the instance is validated as usual.
    case schemaLoop(schema: String)
}

/// One reason an instance does not satisfy a schema, located in both documents.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public let kind: ValidationErrorKind
    /// The keyword's path from the root schema, through any `$ref` followed (`/properties/a/$ref/type`).
    public let keywordLocation: JSONPointer
    /// The keyword's absolute URI, after resolving references (`https://x/s.json#/definitions/a/type`).
    public let absoluteKeywordLocation: String
    /// Where in the instance the failing value is.
    public let instanceLocation: JSONPointer
    /// The errors of each failed subschema, for `anyOf`/`oneOf` (by subschema index) and nested
    /// reasons for `propertyNames`.
    public let branches: [Branch]

    /// The errors of one subschema of an applicator.
    public struct Branch: Sendable, Hashable {
        /// The subschema's index in `anyOf`/`oneOf`, or 0 for single-subschema keywords.
        public let index: Int
        /// Why the instance failed that subschema.
        public let errors: [ValidationError]
    }

    init(
        _ kind: ValidationErrorKind, keyword: KeywordLocation, path: EvaluationPath, branches: [Branch] = []
    ) {
        self.kind = kind
        keywordLocation = path.keyword.appending(keyword.name)
        absoluteKeywordLocation = keyword.absolute
        instanceLocation = path.instance
        self.branches = branches
    }

    init(
        _ kind: ValidationErrorKind, keywordLocation: JSONPointer, absoluteKeywordLocation: String,
        instanceLocation: JSONPointer
    ) {
        self.kind = kind
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.instanceLocation = instanceLocation
        branches = []
    }

    /// A sentence saying what is wrong, without locations.
    public var message: String { ErrorDescriber.describe(kind) }

    /// The message with the instance and keyword locations.
    public var description: String {
        let instance = instanceLocation.isRoot ? "the root" : instanceLocation.description
        return "\(message) at \(instance) (\(keywordLocation.description.isEmpty ? "/" : keywordLocation.description))"
    }

    /// The most specific explanation: for `anyOf`/`oneOf` failures, the best branch's best error.
    public var bestMatch: ValidationError {
        guard let branch = BestMatch.branch(of: self), let best = BestMatch.error(in: branch.errors) else { return self }
        return best.bestMatch
    }
}

/// The keyword of a compiled schema: its name and absolute URI.
struct KeywordLocation: Sendable, Hashable {
    let name: String
    /// The schema object holding the keyword.
    let schema: AbsoluteLocation

    /// The keyword's absolute URI, rendered when an error needs it.
    var absolute: String { schema.text + "/" + JSONPointer.escape(name) }
}

/// Where evaluation stands: in the instance, and along the schema path taken (through `$ref`s).
struct EvaluationPath: Sendable {
    var instance: JSONPointer
    var keyword: JSONPointer

    static let root = EvaluationPath(instance: .root, keyword: .root)

    /// The path into a subschema of `keyword`, optionally at a child of the instance.
    func descending(keyword tokens: String..., instance token: String? = nil) -> EvaluationPath {
        var copy = self
        for keywordToken in tokens { copy.keyword = copy.keyword.appending(keywordToken) }
        if let token { copy.instance = copy.instance.appending(token) }
        return copy
    }
}
