import JSONCore

/// Why a schema cannot be compiled, and where in which schema document (or, among
/// `Validator.warnings`, what compiled but deserves a look).
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// A `$ref` that names nothing in the registry.
        case unresolvableReference(String)
        /// A keyword whose value has the wrong form, e.g. `"minLength": -1`.
        case invalidKeywordValue(keyword: String, expected: String)
        /// A `pattern` or `patternProperties` key that is not an ECMA-262 regular expression.
        case invalidPattern(pattern: String, reason: String)
        /// A `$ref` that leads back to the same schema through subschemas that apply to the same
        /// instance (`$ref`, `allOf`, `not`, `if`, …): a warning (`Validator.warnings`), since an
        /// instance that takes the loop gets a `schemaLoop` error instead of recursing forever;
        /// `cycle` lists the schema locations round the loop, starting and ending at the `$ref`'s schema.
        case referenceCycle(reference: String, cycle: [String])
        /// A schema that is neither an object nor a boolean.
        case notASchema(found: JSONPrimitiveType)
    }

    /// What is wrong.
    public let kind: Kind
    /// The absolute URI of the offending schema location.
    public let location: String
    /// The schema document's name (file path or URI).
    public let sourceName: String
    /// The offending value's position in the schema file, when it was parsed with positions.
    public let position: SourcePosition?

    /// A sentence describing the problem.
    public var message: String {
        switch kind {
        case .unresolvableReference(let reference):
            return "cannot resolve $ref \"\(reference)\": no registered schema has that URI"
        case .invalidKeywordValue(let keyword, let expected):
            return "invalid value for \"\(keyword)\": expected \(expected)"
        case .invalidPattern(let pattern, let reason):
            return "invalid regular expression \"\(pattern)\": \(reason)"
        case .referenceCycle(let reference, let cycle):
            return "$ref \"\(reference)\" loops back to the same schema without descending into the instance: "
                + "\(cycle.joined(separator: " → ")); a value that takes this loop is invalid (schema loop)"
        case .notASchema(let found):
            return "a schema must be an object or a boolean, found \(found.withArticle)"
        }
    }

    /// `name:line:col: message (location)`.
    public var description: String {
        let place = position.map { "\(sourceName):\($0)" } ?? sourceName
        return "\(place): \(message) (at \(location))"
    }
}
