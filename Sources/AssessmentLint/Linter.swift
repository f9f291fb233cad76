import AssessmentModel
import AssessmentSchemas
import JSONCore
import JSONSchema

/// The outcome of linting one file.
public struct LintReport: Sendable {
    /// The file's name as given.
    public let file: String
    /// Every finding, in file order.
    public let findings: [Finding]
    /// True when the file could not be parsed at all (status 3 for the CLI).
    public let unreadable: Bool

    /// A report from its parts (other linters, such as the archive-map linter, make them too).
    public init(file: String, findings: [Finding], unreadable: Bool) {
        self.file = file
        self.findings = findings
        self.unreadable = unreadable
    }

    /// Whether the file fails: an error, or with `strict` any warning (notes never fail).
    public func fails(strict: Bool) -> Bool {
        findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}

/// Runs every check on surveys: JSON syntax, duplicate keys, schema conformance and the logic rules.
public struct Linter: Sendable {
    /// Every logic rule, in the order `--list-rules` shows them.
    public static var logicRules: [any LintRule] { LintRegistry.logicRules }

    /// The finding for a survey that could not be read (`json-syntax`).
    public static func syntaxFinding(for error: SurveyLoadError) -> Finding {
        JSONSyntaxRule().finding(for: error)
    }

    /// The `schema` findings of a survey against the schema `uri` of `registry`, without the logic rules
    /// (messages name the step that holds each error).
    public static func schemaFindings(_ survey: LintContext, uri: String, in registry: SchemaRegistry) -> [Finding] {
        SchemaRule().check(survey, uri: uri, in: registry)
    }

    /// The `schema` findings of a parsed document against the schema `uri` of `registry`, without the logic
    /// rules (for a file that is not a survey, or does not decode as one).
    public static func schemaFindings(_ document: JSONDocument, uri: String, in registry: SchemaRegistry) -> [Finding] {
        SchemaRule().check(document, uri: uri, in: registry)
    }

    private let registry: SchemaRegistry
    private let schemaOverride: String?
    private let excluded: Set<String>
    private let allowedTypes: Set<String>
    private let resources: SurveyResources?
    private let allowedProperties: Set<String>
    private let schemaCache: CompiledSchemaCache?

    /// `registry` resolves schemas (bundled ones are added); `schema` overrides the file's `"$schema"`;
    /// `allowedTypes` are an app's own node types; `resources` is where `transform` nodes find their files;
    /// `allowedProperties` are an app's own members (see `UnknownPropertyRule`); `schemaCache` (of this
    /// registry) keeps compiled schemas for the next lint.
    public init(registry: SchemaRegistry = BundledSchemas.registry(), schema: String? = nil, excluding excluded: Set<String> = [],
                allowedTypes: Set<String> = [], resources: SurveyResources? = nil, allowedProperties: Set<String> = [],
                schemaCache: CompiledSchemaCache? = nil) {
        self.registry = registry
        self.schemaCache = schemaCache
        self.schemaOverride = schema
        self.excluded = excluded
        self.allowedTypes = allowedTypes
        self.resources = resources
        self.allowedProperties = allowedProperties
    }

    /// Lints one file's bytes.
    public func lint(bytes: [UInt8], file: String) -> LintReport {
        lintAndRead(bytes: bytes, file: file).report
    }

    /// Lints one file's bytes and returns the survey read from them (`nil` when unreadable), so a caller
    /// that goes on to run it parses it once.
    public func lintAndRead(bytes: [UInt8], file: String) -> (report: LintReport, document: SurveyDocument?) {
        let document: SurveyDocument
        do {
            document = try SurveyDocument(bytes: bytes)
        } catch {
            return (LintReport(file: file, findings: [JSONSyntaxRule().finding(for: error)], unreadable: true), nil)
        }
        return (LintReport(file: file, findings: lint(document), unreadable: false), document)
    }

    /// Lints a parsed survey, findings in file order.
    public func lint(_ document: SurveyDocument) -> [Finding] {
        let survey = LintContext(document: document, allowedTypes: allowedTypes, resources: resources, allowedProperties: allowedProperties)
        var findings = DuplicateKeyRule().check(survey)
        var logic: [Finding] = []
        for rule in LintRegistry.logicRules where !excluded.contains(rule.id.rawValue) { logic += rule.check(survey) }
        if !excluded.contains(LintRuleID.schema.rawValue) {
            // A logic finding at the same place says it better than the schema's message; except that a step
            // cannot be reached says nothing about what the step itself lacks (an identifier, its steps).
            let explained = Set(logic.filter { $0.rule != .unreachableStep }.map(\.pointer))
            findings += SchemaRule().check(survey, uri: schemaURI(of: document), in: registry, cache: schemaCache).filter { !explained.contains($0.pointer) }
            if schemaOverride == nil, let declared = declaredSchema(of: document), !registry.contains(declared) {
                findings.append(SchemaRule().unknownSchemaNote(survey, declared: declared))
            }
        }
        findings += logic
        findings = findings.filter { !excluded.contains($0.ruleID) }
        findings.sort { ($0.position.offset, $0.ruleID) < ($1.position.offset, $1.ruleID) }
        return findings
    }

    /// The schema a survey is checked against: the override, else its registered `"$schema"`, else the format's.
    private func schemaURI(of document: SurveyDocument) -> String {
        schemaOverride ?? declaredSchema(of: document).flatMap { registry.contains($0) ? $0 : nil } ?? BundledSchemas.assessmentObjectURI
    }

    /// The file's `"$schema"`, except Sage's published URIs (either host): a survey naming one is still
    /// checked with our deeper schema, and gets no unknown-schema note.
    private func declaredSchema(of document: SurveyDocument) -> String? {
        document.json.value["$schema"]?.stringValue.flatMap { SageSchemas.isSageURI($0) ? nil : $0 }
    }
}
