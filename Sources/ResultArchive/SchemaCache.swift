import FoundationEssentials
import Platform
import JSONCore
import AssessmentLint
import AssessmentModel
import AssessmentSchemas
import JSONSchema

/// Where a schema came from.
public enum SchemaOrigin: Sendable, Equatable {
    /// A bundled schema, one of a schema folder or in the map's folder (by `$id` or file URL).
    case registry
    /// A schema catalog's entry: the local file that serves the URI.
    case catalog(path: String)
}

/// A compiled schema and its origin.
public struct ResolvedSchema: Sendable {
    /// The validator, compiled once.
    public let validator: Validator
    /// Where the schema came from.
    public let origin: SchemaOrigin
}

/// Why a schema URI could not be turned into a validator.
public enum SchemaResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing on disk answers to the URI.
    case notFound(uri: String)
    /// The catalog names a file for the URI that is missing, unreadable or not a schema.
    case catalogFile(uri: String, path: String, reason: String)
    /// The schema is there but does not compile (bad keyword value, unresolvable `$ref`, loop).
    case broken(uri: String, reason: String)
    /// A URI under Sage's published schemas that they do not publish: Sage's schemas are on disk
    /// (`ArchiveMetadata.json` among them) but this one is not among them.
    case notPublished(uri: String)

    /// The URI at fault.
    public var uri: String {
        switch self {
        case .notFound(let uri), .catalogFile(let uri, _, _), .broken(let uri, _), .notPublished(let uri): return uri
        }
    }

    /// What to do about it when that holds for the whole run (give Sage's schemas): said once by a
    /// caller that reports many archives, while `summary` is said for each.
    public var hint: HintedText? {
        guard case .notFound(let uri) = self, SageSchemas.isSageURI(uri) else { return nil }
        return "give \(remedy: .schemaFolder) with the schemas of a mobile-client-json checkout (e.g. ../shared/sage/schemas) or \(remedy: .schemaCatalog); assess never downloads schemas"
    }

    /// The error without its `hint`.
    public var summary: String {
        switch self {
        case .notFound(let uri) where SageSchemas.isSageURI(uri):
            return "schema \(uri) is Sage's published schema and is not on disk"
        default:
            return description
        }
    }

    /// The error with its hint, and the places where a front end names its way to apply a remedy.
    public var text: HintedText {
        switch self {
        case .notFound(let uri) where SageSchemas.isSageURI(uri):
            return "\(summary): \(hint ?? "")"
        case .notPublished(let uri):
            return "schema \(uri) is not among Sage's published schemas on disk: mobile-client-json publishes no such schema, so only \(remedy: .catalogEntry) can answer to it"
        case .notFound(let uri):
            return "schema \(uri) is not bundled, under \(remedy: .schemaFolder), in the archive map's folder or in \(remedy: .schemaCatalog); assess never downloads schemas"
        case .catalogFile(let uri, let path, let reason):
            return "the catalog maps \(uri) to \(path), which \(reason)"
        case .broken(let uri, let reason):
            return "schema \(uri) cannot be compiled: \(reason)"
        }
    }

    /// The error with its hint, in the library's words.
    public var description: String { text.description }
}

/// Compiles each schema URI once and shares the validators: safe to call from several threads (a
/// lock guards the table; a schema is compiled by the first caller that needs it, outside the lock, so
/// that threads needing other schemas meanwhile compile or find theirs; a caller needing one being
/// compiled waits for it).
/// Resolution order: the catalog, then the registry (bundled, schema folders, the map's folder), then
/// the same Sage schema on its other host.
///
/// Every catalog file is read and registered (in the order of its URIs) before the first schema is
/// compiled, so a catalog schema's `$ref` to another catalog URI resolves whichever schema a batch
/// happens to need first: an answer depends only on the URI, never on what was asked before.
public final class SchemaCache: @unchecked Sendable {
    private let lock = Lock()
    private var registry: SchemaRegistry
    private let catalog: SchemaCatalog?
    private let options: ValidationOptions
    private var compiled: [String: Result<ResolvedSchema, SchemaResolutionError>] = [:]
    /// URIs being compiled by some thread (outside the lock).
    private var compiling: Set<String> = []
    private let compiledOne = Condition()
    /// Why each catalog file that could not be registered was refused; `nil` until the catalog is read.
    private var catalogFailures: [String: SchemaResolutionError]?

    /// A cache over `registry` and an optional catalog.
    public init(registry: SchemaRegistry, catalog: SchemaCatalog? = nil, options: ValidationOptions = ValidationOptions()) {
        self.registry = registry
        self.catalog = catalog
        self.options = options
    }

    /// The compiled schema for `uri`, or why there is none (the answer is remembered either way).
    public func schema(for uri: String) -> Result<ResolvedSchema, SchemaResolutionError> {
        compiledOne.lock()
        while true {
            if let known = compiled[uri] {
                compiledOne.unlock()
                return known
            }
            guard compiling.contains(uri) else { break }
            compiledOne.wait()
        }
        compiling.insert(uri)
        compiledOne.unlock()
        // The registry and the catalog's answers do not change once the catalog is registered: compiled on a copy.
        lock.lock()
        registerCatalog()
        let registry = registry, failures = catalogFailures
        lock.unlock()
        let result = resolve(uri, registry: registry, catalogFailures: failures)
        compiledOne.lock()
        compiled[uri] = result
        compiling.remove(uri)
        compiledOne.broadcast()
        compiledOne.unlock()
        return result
    }

    /// Whether something on disk answers to `uri` (without compiling it).
    public func canResolve(_ uri: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        registerCatalog()
        if catalog?.paths[uri] != nil || registry.contains(uri) { return true }
        return SageSchemas.alternateURI(uri).map(registry.contains) ?? false
    }

    /// The JSON of a schema resolved before (catalog files included), for keywords such as `examples`.
    public func schemaValue(for uri: String) -> JSONValue? {
        lock.lock()
        defer { lock.unlock() }
        registerCatalog()
        return registry.schemaValue(for: uri) ?? SageSchemas.alternateURI(uri).flatMap(registry.schemaValue)
    }

    private func resolve(_ uri: String, registry: SchemaRegistry, catalogFailures: [String: SchemaResolutionError]?) -> Result<ResolvedSchema, SchemaResolutionError> {
        if let path = catalog?.paths[uri] {
            if let failure = catalogFailures?[uri] { return .failure(failure) }
            return compile(uri, origin: .catalog(path: path), registry: registry)
        }
        if registry.contains(uri) { return compile(uri, origin: .registry, registry: registry) }
        if let alternate = SageSchemas.alternateURI(uri), registry.contains(alternate) { return compile(alternate, origin: .registry, registry: registry) }
        if SageSchemas.isSageURI(uri), SageSchemas.bases.contains(where: { registry.contains($0 + "v2/ArchiveMetadata.json") }) {
            return .failure(.notPublished(uri: uri))
        }
        return .failure(.notFound(uri: uri))
    }

    /// Registers every catalog file once, remembering why each one that cannot serve its URI is refused.
    private func registerCatalog() {
        guard catalogFailures == nil else { return }
        var failures: [String: SchemaResolutionError] = [:]
        let metaschema = catalog.flatMap { $0.paths.isEmpty ? nil : Validator.draft7Metaschema() }
        for (uri, path) in (catalog?.paths ?? [:]).sorted(by: { $0.key < $1.key }) {
            switch Self.catalogSchema(uri: uri, path: path, metaschema: metaschema) {
            case .success(let document): registry.register(document.value, uri: uri, sourceName: path, sourceMap: document.sourceMap)
            case .failure(let failure): failures[uri] = failure
            }
        }
        catalogFailures = failures
    }

    /// The schema document a catalog entry names, or why it cannot serve `uri`.
    private static func catalogSchema(uri: String, path: String, metaschema: Validator?) -> Result<JSONDocument, SchemaResolutionError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.catalogFile(uri: uri, path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"))
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: Array(data), options: .init(recordPositions: true))
        } catch {
            return .failure(.catalogFile(uri: uri, path: path, reason: "is not JSON (\(error.position): \(error.message))"))
        }
        guard document.value.objectValue != nil || document.value.boolValue != nil else {
            return .failure(.catalogFile(uri: uri, path: path, reason: "is not a JSON Schema (it is \(document.value.primitiveType.withArticle))"))
        }
        if let metaschema, let error = metaschema.validate(document.value).first {
            return .failure(.catalogFile(uri: uri, path: path, reason: "is not a JSON Schema: \(error.bestMatch.description)"))
        }
        return .success(document)
    }

    private func compile(_ uri: String, origin: SchemaOrigin, registry: SchemaRegistry) -> Result<ResolvedSchema, SchemaResolutionError> {
        do {
            return .success(ResolvedSchema(validator: try Validator(registered: uri, in: registry, options: options), origin: origin))
        } catch {
            return .failure(.broken(uri: uri, reason: error.description))
        }
    }
}
