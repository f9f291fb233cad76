import AssessmentModel
import AssessmentSchemas
import JSONCore
import JSONSchema

/// Reports where a survey breaks the format's schema (or the one its `"$schema"` names), one finding
/// per error, at its best match; and each `$ref` loop of that schema as a warning at the file's start.
struct SchemaRule: LintCheck {
    let id = LintRuleID.schema
    let severity = LintSeverity.error
    let summary = "the survey breaks the format's schema (or the one its \"$schema\" names)"

    init() {}

    /// The note for a `"$schema"` that names no schema assess knows: the format's schema was used instead.
    func unknownSchemaNote(_ survey: LintContext, declared: String) -> Finding {
        let text: HintedText = "\"$schema\" names \(declared), which is not a schema assess knows; the survey is checked against the bundled \(BundledSchemas.assessmentObjectURI) (give the schema with \(remedy: .provideSchema))"
        return survey.finding(self, text, at: JSONPointer.root.appending("$schema"), severity: .note)
    }

    /// The schema findings for a survey, validated against the schema registered as `uri` (compiled once
    /// per `cache`, when one is given).
    func check(_ survey: LintContext, uri: String, in registry: SchemaRegistry, cache: CompiledSchemaCache? = nil) -> [Finding] {
        findings(survey.document.json.value, depth: survey.sectionDepth, uri: uri, in: registry, cache: cache,
                 range: survey.document.range(of:), prefix: { pointer in
            survey.stepName(containing: pointer).flatMap { $0.isEmpty ? nil : "step \"\($0)\": " } ?? ""
        }, survey: survey)
    }

    /// The schema findings for any JSON document (not a survey), against the schema registered as `uri`.
    func check(_ document: JSONDocument, uri: String, in registry: SchemaRegistry) -> [Finding] {
        findings(document.value, depth: 0, uri: uri, in: registry, cache: nil, range: { pointer in
            document.sourceMap.map { $0.range(of: pointer) ?? .at($0.position(of: pointer)) } ?? .at(SourcePosition(line: 1, column: 1, offset: 0))
        }, prefix: { _ in "" })
    }

    private func findings(_ instance: JSONValue, depth: Int, uri: String, in registry: SchemaRegistry, cache: CompiledSchemaCache?,
                          range: (JSONPointer) -> SourceRange, prefix: (JSONPointer) -> String, survey: LintContext? = nil) -> [Finding] {
        let options = ValidationOptions(maxDepth: LargeStack.validationDepth(sections: depth))
        let compiled = cache.map { cache in try? cache.validator(uri, in: registry, options: options) }
            ?? (try? Validator(registered: uri, in: registry, options: options))
        guard let validator = compiled else {
            return [Finding(rule: id, severity: severity, message: "schema \"\(uri)\" cannot be compiled or is not registered",
                            pointer: .root, range: .at(SourcePosition(line: 1, column: 1, offset: 0)))]
        }
        // A loop in the schema itself is the schema author's to fix: a warning naming its place there.
        let loops = validator.warnings.map { warning in
            Finding(rule: id, severity: .warning, message: "schema \(warning.description)",
                    pointer: .root, range: .at(SourcePosition(line: 1, column: 1, offset: 0)))
        }
        return loops + LargeStack.run(depth: depth) { validator.validate(instance) }.map { error in
            let best = error.bestMatch
            // In surveys a wrong member value is named, with the value meant as a fix when one is.
            let hint = survey == nil ? nil : SchemaHint(best, in: instance)
            let fixes = hint?.meant.flatMap { survey?.replacing(best.instanceLocation, with: $0) } ?? []
            return Finding(rule: id, severity: severity,
                           message: prefix(best.instanceLocation) + (hint?.message ?? best.message) + " (\(best.keywordLocation.lastToken ?? "schema"))",
                           pointer: best.instanceLocation, range: range(best.instanceLocation), fixes: fixes)
        }
    }
}
