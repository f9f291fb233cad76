import AssessmentModel
import AssessmentLint
import AssessmentSchemas
import FoundationEssentials
import JSONCore
import JSONSchema

/// What the server knows about one version of a document: its findings and, for a survey that
/// parses, the steps and the references to them.
public struct DocumentAnalysis: Sendable {
    /// How the document is treated.
    public enum Kind: Sendable, Equatable {
        /// A survey: linted as `assess lint` does.
        case survey
        /// Other JSON whose `$schema` names a schema assess knows: validated against it.
        case json(schema: String)
        /// Anything else (other JSON, JSONC, an empty file): nothing is offered for it.
        case other
    }

    /// A step (or section) with the span of its identifier.
    public struct Step: Sendable {
        /// The node as the model decoded it.
        public let node: Node
        /// The container's pointer (`nil` for the root).
        public let container: JSONPointer?
        /// The span of the `identifier` value, when written.
        public let identifierRange: SourceRange?
        /// The span of the whole node object.
        public let range: SourceRange
    }

    /// A `skipToIdentifier` or `nextStepIdentifier` naming a step.
    public struct Reference: Sendable {
        /// The step identifier it names.
        public let identifier: String
        /// The container whose steps it names (targets are siblings).
        public let container: JSONPointer
        /// The step that holds it.
        public let from: JSONPointer
        /// The span of the string value.
        public let range: SourceRange
    }

    /// How the document is treated.
    public let kind: Kind
    /// The text, for position conversions.
    public let lines: TextLines
    /// Every finding, in file order: for a survey exactly what `assess lint` reports.
    public let findings: [Finding]
    /// The parsed survey, when it parses.
    public let survey: SurveyDocument?
    /// Steps and sections in document order (not the root).
    public let steps: [Step]
    /// Every navigation reference to a step identifier.
    public let references: [Reference]
    /// App-defined node types in effect.
    public let allowedTypes: Set<String>

    /// Analyses `bytes` with the settings of its workspace. `languageId` is the client's (`jsonc` is never a
    /// survey); `wasSurvey` says the document's last version that parsed was one (half-typed text stays one);
    /// `schemaCache` keeps the compiled schemas of `registry` for the next analysis.
    public init(bytes: [UInt8], settings: DocumentSettings, registry: SchemaRegistry, languageId: String? = nil, wasSurvey: Bool = false,
                schemaCache: CompiledSchemaCache? = nil) {
        lines = TextLines(bytes)
        allowedTypes = settings.allowedTypes
        // One parse serves the kind, lint and the index (lint of the parsed survey is `lint(bytes:)`'s own path).
        var parsed: SurveyDocument?
        var loadError: SurveyLoadError?
        do {
            parsed = try SurveyDocument(bytes: bytes)
        } catch {
            loadError = error
        }
        var registry = registry
        if languageId == "jsonc" || bytes.allSatisfy(Self.isWhitespace) {
            kind = .other
        } else if let parsed {
            kind = Self.kind(of: parsed.json.value, settings: settings, registry: &registry)
        } else {
            kind = wasSurvey || settings.hasConfig || Self.looksLikeSurvey(bytes, settings: settings) ? .survey : .other
        }
        switch kind {
        case .survey:
            // A survey's kind never adds to the registry, so the server's cache of its schemas applies.
            let linter = Linter(registry: registry, excluding: settings.excludedRules, allowedTypes: settings.allowedTypes,
                                resources: settings.resources, allowedProperties: settings.allowedProperties, schemaCache: schemaCache)
            let syntax = settings.reportsSyntaxErrors ? loadError.map { [Linter.syntaxFinding(for: $0)] } : nil
            findings = parsed.map(linter.lint) ?? syntax ?? []
            survey = parsed
        case .json(let schema):
            survey = nil
            findings = parsed.map { Linter.schemaFindings($0.json, uri: schema, in: registry) } ?? []
        case .other:
            survey = nil
            findings = []
        }
        (steps, references) = survey.map(Self.index) ?? ([], [])
    }

    /// The `$schema`s that make a document a survey: the format's, ours or Sage's on either host.
    static let surveySchemas = [BundledSchemas.assessmentObjectURI, SageSchemas.assessmentObjectURI]
        + (SageSchemas.alternateURI(SageSchemas.assessmentObjectURI).map { [$0] } ?? [])

    /// A survey when its `$schema` is the format's, its root `type` is a node type of the format (an
    /// `assessment`, or one step kept in its own file) or an app type allowed for it, or an `assess.json`
    /// governs it and it has a `type`. Other JSON is validated against its `$schema` when that is bundled, or
    /// a file in the workspace (a path relative to the document, or a `file:` URI), which is then added to
    /// `registry`; anything else is not assess's.
    static func kind(of value: JSONValue, settings: DocumentSettings, registry: inout SchemaRegistry) -> Kind {
        let written = value["$schema"]?.stringValue
        if let written, surveySchemas.contains(written) { return .survey }
        if let type = value["type"]?.stringValue, isNodeType(type, settings: settings) || settings.hasConfig { return .survey }
        if let written, registry.contains(written) { return .json(schema: written) }
        guard let written, let folder = settings.folder else { return .other }
        let path = written.hasPrefix("file:") ? URL(string: written)?.path : written.contains(":") ? nil : URL(fileURLWithPath: written, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).path
        guard let path, FileManager.default.fileExists(atPath: path), let uri = try? registry.registerFile(at: path) else { return .other }
        return .json(schema: uri.description)
    }

    /// Text that does not parse is a survey when its root object's `$schema` or `type`, read from the text
    /// as far as it goes, says so (the same test as for parsed text).
    static func looksLikeSurvey(_ bytes: [UInt8], settings: DocumentSettings) -> Bool {
        guard let open = bytes.firstIndex(where: { !isWhitespace($0) }), bytes[open] == UInt8(ascii: "{") else { return false }
        if let written = CursorContext.member("$schema", ofObjectAt: open, in: bytes), surveySchemas.contains(written) { return true }
        return CursorContext.member("type", ofObjectAt: open, in: bytes).map { isNodeType($0, settings: settings) } ?? false
    }

    private static func isNodeType(_ type: String, settings: DocumentSettings) -> Bool {
        NodeKind.knownNames.contains(type) || settings.allowedTypes.contains(type)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func index(_ survey: SurveyDocument) -> ([Step], [Reference]) {
        var steps: [Step] = []
        var references: [Reference] = []
        let map = survey.sourceMap
        let root = survey.assessment
        for visit in root.steps == nil ? [] : root.descendants() {
            let node = visit.node
            steps.append(Step(node: node, container: visit.container.pointer,
                              identifierRange: map?.range(of: node.pointer.appending("identifier")), range: survey.range(of: node.pointer)))
            for named in node.namedTargets {
                guard case .node(let identifier) = named.target, let range = map?.range(of: named.pointer) else { continue }
                references.append(Reference(identifier: identifier, container: visit.container.pointer, from: node.pointer, range: range))
            }
        }
        return (steps, references)
    }

    /// The step named `identifier` among the steps of `container`.
    public func step(_ identifier: String, in container: JSONPointer) -> Step? {
        steps.first { $0.container == container && $0.node.identifier == identifier }
    }

    /// The innermost step whose object holds `offset`.
    public func step(containing offset: Int) -> Step? {
        steps.last { $0.range.start.offset <= offset && offset < $0.range.end.offset }
    }

    /// The reference whose string holds `offset`.
    public func reference(at offset: Int) -> Reference? {
        references.first { $0.range.start.offset <= offset && offset <= $0.range.end.offset }
    }

    /// The step whose identifier string holds `offset`.
    public func definition(at offset: Int) -> Step? {
        steps.first { step in step.identifierRange.map { $0.start.offset <= offset && offset <= $0.end.offset } ?? false }
    }

    /// The step a place names: the step itself on its identifier, the target on a reference.
    public func target(at offset: Int) -> Step? {
        if let step = definition(at: offset) { return step }
        guard let reference = reference(at: offset) else { return nil }
        return step(reference.identifier, in: reference.container)
    }

    /// Every reference to a step.
    public func references(to step: Step) -> [Reference] {
        guard let container = step.container else { return [] }
        return references.filter { $0.container == container && $0.identifier == step.node.identifier }
    }
}
