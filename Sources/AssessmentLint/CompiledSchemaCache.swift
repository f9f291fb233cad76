import AssessmentModel
import FoundationEssentials
import Platform
import JSONSchema

/// Compiled schemas kept across lints against one registry: a language server lints the same survey at
/// every pause in typing, and compiling the format's schema is a fifth of such a lint. Each (URI, options)
/// pair is compiled once. A cache belongs to one registry: give it only to linters of that registry.
public final class CompiledSchemaCache: @unchecked Sendable {
    private struct Key: Hashable {
        let uri: String
        let options: ValidationOptions
    }

    private let lock = Lock()
    private var validators: [Key: Validator] = [:]

    /// An empty cache.
    public init() {}

    /// How many schemas it holds.
    var count: Int { lock.withLock { validators.count } }

    /// The validator of the schema registered as `uri`, compiled on first use.
    func validator(_ uri: String, in registry: SchemaRegistry, options: ValidationOptions) throws(SchemaError) -> Validator {
        let key = Key(uri: uri, options: options)
        if let cached = lock.withLock({ validators[key] }) { return cached }
        let compiled = try Validator(registered: uri, in: registry, options: options)
        lock.withLock { validators[key] = compiled }
        return compiled
    }
}
