import JSONCore
import JSONSchema

/// Reports where a survey breaks the format's schema (or the one its `"$schema"` names), one finding
/// per error, at its best match; and each `$ref` loop of that schema as a warning at the file's start.
public struct SchemaRule: LintCheck {
    public let id = LintRuleID.schema
    public let severity = LintSeverity.error
    public let summary = "the survey breaks the format's schema (or the one its \"$schema\" names)"

    public init() {}

    /// The note for a `"$schema"` that names no schema assess knows: the format's schema was used instead.
    public func unknownSchemaNote(_ survey: LintContext, declared: String) -> Finding {
        survey.finding(self, "\"$schema\" names \(declared), which is not a schema assess knows; the survey is checked against the bundled \(BundledSchemas.assessmentObjectURI) (give the schema with --ref-dir DIR or --schema)",
                       at: JSONPointer.root.appending("$schema"), severity: .note)
    }

    /// The schema findings for a survey, validated against the schema registered as `uri`.
    public func check(_ survey: LintContext, uri: String, in registry: SchemaRegistry) -> [Finding] {
        let options = ValidationOptions(maxDepth: LargeStack.validationDepth(sections: survey.sectionDepth))
        guard let validator = try? Validator(registered: uri, in: registry, options: options) else {
            return [Finding(rule: id, severity: severity, message: "schema \"\(uri)\" cannot be compiled or is not registered",
                            pointer: .root, range: .at(SourcePosition(line: 1, column: 1, offset: 0)))]
        }
        // A loop in the schema itself is the schema author's to fix: a warning naming its place there.
        let loops = validator.warnings.map { warning in
            Finding(rule: id, severity: .warning, message: "schema \(warning.description)",
                    pointer: .root, range: .at(SourcePosition(line: 1, column: 1, offset: 0)))
        }
        let instance = survey.document.json.value
        return loops + LargeStack.run(depth: survey.sectionDepth) { validator.validate(instance) }.map { error in
            let best = error.bestMatch
            let step = survey.stepName(containing: best.instanceLocation).flatMap { $0.isEmpty ? nil : "step \"\($0)\": " } ?? ""
            return survey.finding(self, step + best.message + " (\(best.keywordLocation.lastToken ?? "schema"))", at: best.instanceLocation)
        }
    }
}
