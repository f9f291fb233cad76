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

    /// Whether the file fails: an error, or with `strict` any warning (notes never fail).
    public func fails(strict: Bool) -> Bool {
        findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}

/// Runs every check on surveys: JSON syntax, duplicate keys, schema conformance and the logic rules.
public struct Linter: Sendable {
    /// Every logic rule, in the order `--list-rules` shows them.
    public static let logicRules: [any LintRule] = [
        UnknownNodeTypeRule(), UnknownInputTypeRule(), RegExValidatorRule(), UIHintRule(), UnresolvedTransformRule(), DuplicateIdentifierRule(), InputIdentifierRule(), UnknownTargetRule(), RuleWithoutTargetRule(), ReservedTargetRule(),
        UnreachableStepRule(), EndlessLoopRule(), DuplicateChoiceValueRule(), ValueTypeRule(), UnmatchableAnswerRule(),
        OrderingOperatorRule(), ShadowedRuleRule(), SelectorOnSingleChoiceRule(), EmptyChoicesRule(), MissingBaseTypeRule(),
        UnknownButtonRule(),
    ]

    /// The checks that are not logic rules, with their ids and summaries.
    public static let builtInChecks: [(id: String, severity: LintSeverity, summary: String)] = [
        ("json-syntax", .error, "the file is not strict JSON"),
        ("duplicate-key", .error, "an object repeats a key (phones keep only the last value)"),
        ("schema", .error, "the survey breaks the format's schema (or the one its \"$schema\" names)"),
    ]

    /// Every rule id.
    public static var allRuleIDs: [String] { builtInChecks.map(\.id) + logicRules.map(\.id) }

    private let registry: SchemaRegistry
    private let schemaOverride: String?
    private let excluded: Set<String>
    private let allowedTypes: Set<String>
    private let resources: SurveyResources?

    /// `registry` resolves schemas (bundled ones are added); `schema` overrides the file's `"$schema"`;
    /// `allowedTypes` are an app's own node types; `resources` is where `transform` nodes find their files.
    public init(registry: SchemaRegistry = BundledSchemas.registry(), schema: String? = nil, excluding excluded: Set<String> = [],
                allowedTypes: Set<String> = [], resources: SurveyResources? = nil) {
        self.registry = registry
        self.schemaOverride = schema.map(BundledSchemas.canonicalURI)
        self.excluded = excluded
        self.allowedTypes = allowedTypes
        self.resources = resources
    }

    /// Lints one file's bytes.
    public func lint(bytes: [UInt8], file: String) -> LintReport {
        let document: SurveyDocument
        do {
            document = try SurveyDocument(bytes: bytes)
        } catch {
            let finding: Finding
            switch error {
            case .syntax(let parse):
                finding = Finding(ruleID: "json-syntax", severity: .error, message: parse.message, pointer: .root, position: parse.position)
            case .notAnObject(let found):
                finding = Finding(ruleID: "json-syntax", severity: .error, message: "a survey must be a JSON object, found \(found.withArticle)",
                                  pointer: .root, position: SourcePosition(line: 1, column: 1, offset: 0))
            }
            return LintReport(file: file, findings: [finding], unreadable: true)
        }
        let survey = LintContext(document: document, allowedTypes: allowedTypes, resources: resources)
        var findings = document.json.duplicateKeys.map { duplicate in
            Finding(ruleID: "duplicate-key", severity: .error,
                    message: "key \"\(duplicate.key)\" is repeated in the same object; phones keep only the last value",
                    pointer: duplicate.object.appending(duplicate.key), position: duplicate.position,
                    notes: [Finding.Note(message: "first occurrence", position: duplicate.firstPosition)])
        }
        var logic: [Finding] = []
        for rule in Linter.logicRules where !excluded.contains(rule.id) { logic += rule.check(survey) }
        if !excluded.contains("schema") {
            // A logic finding at the same place says it better than the schema's message.
            let explained = Set(logic.map(\.pointer))
            findings += schemaFindings(survey).filter { !explained.contains($0.pointer) }
        }
        findings += logic
        findings = findings.filter { !excluded.contains($0.ruleID) }
        findings.sort { ($0.position.offset, $0.ruleID) < ($1.position.offset, $1.ruleID) }
        return LintReport(file: file, findings: findings, unreadable: false)
    }

    private func schemaFindings(_ survey: LintContext) -> [Finding] {
        let declared = survey.document.json.value["$schema"]?.stringValue.map(BundledSchemas.canonicalURI)
        let uri = schemaOverride ?? declared.flatMap { registry.contains($0) ? $0 : nil } ?? BundledSchemas.assessmentObjectURI
        var notes: [Finding] = []
        if schemaOverride == nil, let declared, !registry.contains(declared) {
            let pointer = JSONPointer.root.appending("$schema")
            notes.append(Finding(ruleID: "schema", severity: .note,
                                 message: "\"$schema\" names \(declared), which is not a schema assess knows; the survey is checked against the bundled \(BundledSchemas.assessmentObjectURI) (give the schema with --ref-dir DIR or --schema)",
                                 pointer: pointer, position: survey.document.position(of: pointer)))
        }
        let options = ValidationOptions(maxDepth: LargeStack.validationDepth(sections: survey.sectionDepth))
        guard let validator = try? Validator(registered: uri, in: registry, options: options) else {
            return notes + [Finding(ruleID: "schema", severity: .error, message: "schema \"\(uri)\" cannot be compiled or is not registered",
                                    pointer: .root, position: SourcePosition(line: 1, column: 1, offset: 0))]
        }
        let instance = survey.document.json.value
        return notes + LargeStack.run(depth: survey.sectionDepth) { validator.validate(instance) }.map { error in
            let best = error.bestMatch
            let step = survey.stepName(containing: best.instanceLocation).flatMap { $0.isEmpty ? nil : "step \"\($0)\": " } ?? ""
            return Finding(ruleID: "schema", severity: .error, message: step + best.message + " (\(best.keywordLocation.lastToken ?? "schema"))",
                           pointer: best.instanceLocation, position: survey.document.position(of: best.instanceLocation))
        }
    }
}
