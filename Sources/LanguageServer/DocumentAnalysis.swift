import AssessmentModel
import Foundation
import JSONCore
import JSONSchema

/// What the server knows about one version of a document: its findings and, for a survey that
/// parses, the steps and the references to them.
public struct DocumentAnalysis: Sendable {
    /// How the document is treated.
    public enum Kind: Sendable, Equatable {
        /// A survey: linted as `assess lint` does.
        case survey
        /// Other JSON: syntax only, or validated against the known schema its `$schema` names.
        case json(schema: String?)
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

    /// Analyses `bytes` with the settings of its workspace.
    public init(bytes: [UInt8], settings: DocumentSettings, registry: SchemaRegistry) {
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
        kind = Self.kind(of: parsed?.json.value, settings: settings, registry: &registry)
        switch kind {
        case .survey:
            let linter = Linter(registry: registry, excluding: settings.excludedRules, allowedTypes: settings.allowedTypes, resources: settings.resources,
                                allowedProperties: settings.allowedProperties)
            findings = parsed.map(linter.lint) ?? loadError.map { [JSONSyntaxRule().finding(for: $0)] } ?? []
            survey = parsed
        case .json(let schema):
            survey = nil
            if let parsed {
                findings = schema.map { SchemaRule().check(parsed.json, uri: $0, in: registry) } ?? []
            } else if case .syntax(let error) = loadError {
                findings = [JSONSyntaxRule().finding(for: .syntax(error))]
            } else {
                // Valid JSON whose root is not an object, and not a survey: nothing to say.
                findings = []
            }
        }
        (steps, references) = survey.map(Self.index) ?? ([], [])
    }

    /// A survey when its `$schema` is the format's (ours, or Sage's on either host), its root `type` is a node type of the format (an
    /// `assessment`, or one step kept in its own file), or an `assess.json` governs it and it has a `type`.
    /// Other JSON is validated against its `$schema` when that is bundled, or a file in the workspace (a path
    /// relative to the document, or a `file:` URI), which is then added to `registry`.
    static func kind(of value: JSONValue?, settings: DocumentSettings, registry: inout SchemaRegistry) -> Kind {
        let written = value?["$schema"]?.stringValue
        let surveySchemas = [BundledSchemas.assessmentObjectURI, SageSchemas.assessmentObjectURI]
            + (SageSchemas.alternateURI(SageSchemas.assessmentObjectURI).map { [$0] } ?? [])
        if let written, surveySchemas.contains(written) { return .survey }
        if let type = value?["type"]?.stringValue, NodeKind.knownTypeNames.contains(type) || settings.hasConfig { return .survey }
        // Unparseable text beside an `assess.json` is still linted as a survey (its syntax finding is lint's).
        if value == nil, settings.hasConfig { return .survey }
        if let written, registry.contains(written) { return .json(schema: written) }
        guard let written, let folder = settings.folder else { return .json(schema: nil) }
        let path = written.hasPrefix("file:") ? URL(string: written)?.path : written.contains(":") ? nil : URL(fileURLWithPath: written, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).path
        guard let path, FileManager.default.fileExists(atPath: path), let uri = try? registry.registerFile(at: path) else { return .json(schema: nil) }
        return .json(schema: uri.description)
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
