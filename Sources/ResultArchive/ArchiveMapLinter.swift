import FoundationEssentials
import JSONCore
import JSONSchema
import AssessmentModel
import AssessmentLint

/// `assess lint` on Sage's `archive-map.json`: the map against `ArchiveMap.json` (v3), every schema URI
/// resolvable offline, files of one assessment that share a dataset, and named schemas that their own
/// published example does not satisfy.
public struct ArchiveMapLinter: Sendable {
    private let schemas: SchemaCache
    private let registry: SchemaRegistry

    /// A linter resolving URIs through `schemas`; `registry` is searched for Sage's ArchiveMap.json.
    public init(schemas: SchemaCache, registry: SchemaRegistry) {
        self.schemas = schemas
        self.registry = registry
    }

    /// Whether `bytes` look like an archive map rather than a survey: an object with an `assessments`
    /// array and no `type`, or one whose `$schema` names ArchiveMap.json.
    public static func isArchiveMap(_ bytes: [UInt8]) -> Bool {
        // Surveys never name either; skip parsing them twice.
        guard contains(bytes, "\"assessments\"") || contains(bytes, "ArchiveMap.json") else { return false }
        guard let value = try? JSONDocument(bytes: bytes).value, value.objectValue != nil else { return false }
        if value["$schema"]?.stringValue?.hasSuffix("/ArchiveMap.json") ?? false { return true }
        return value["assessments"]?.arrayValue != nil && value["type"] == nil
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// Every finding of the map in `bytes`.
    public func lint(bytes: [UInt8], file: String) -> LintReport {
        let map: ArchiveMap
        do {
            map = try ArchiveMap(bytes: bytes, name: file)
        } catch {
            let position = error.position ?? SourcePosition(line: 1, column: 1, offset: 0)
            let syntax = (try? JSONDocument(bytes: bytes)) == nil
            return LintReport(file: file, findings: [Finding(rule: syntax ? .jsonSyntax : .archiveMapSchema, severity: .error,
                                                             message: error.message, pointer: error.pointer ?? .root, range: .at(position))],
                              unreadable: syntax)
        }
        func finding(_ rule: LintRuleID, _ severity: LintSeverity, _ text: HintedText, at pointer: JSONPointer) -> Finding {
            let range = map.document.sourceMap?.range(of: pointer) ?? .at(SourcePosition(line: 1, column: 1, offset: 0))
            return Finding(rule: rule, severity: severity, text: text, pointer: pointer, range: range)
        }
        var findings: [Finding] = []
        if let issues = map.schemaIssues(registry: registry) {
            findings += issues.map { finding(.archiveMapSchema, .error, HintedText($0.message), at: $0.pointer ?? .root) }
        } else {
            findings.append(finding(.archiveMapSchema, .warning,
                                    "not checked against Sage's ArchiveMap.json (\(ArchiveMap.schemaURI)): give \(remedy: .schemaFolder) with the schemas of a mobile-client-json checkout", at: .root))
        }
        var examplesChecked: Set<String> = []
        for entry in allFiles(map) {
            guard let uri = entry.jsonSchema else { continue }
            let at = entry.pointer.appending("jsonSchema")
            switch schemas.schema(for: uri) {
            case .failure(let error):
                findings.append(finding(.archiveMapUnresolvedSchema, .error, "\(entry.filename): \(error.text)", at: at))
            case .success(let resolved):
                guard examplesChecked.insert(uri).inserted, let message = exampleProblem(uri: uri, validator: resolved.validator) else { continue }
                findings.append(finding(.archiveMapExampleFails, .warning, "\(entry.filename): \(message)", at: at))
            }
        }
        for assessment in map.assessments {
            var first: [String: ArchiveMap.FileInfo] = [:]
            for file in assessment.files {
                guard let uri = file.jsonSchema else { continue }
                guard let earlier = first[uri] else {
                    first[uri] = file
                    continue
                }
                findings.append(finding(.archiveMapSharedDataset, .warning,
                    "\"\(earlier.filename)\" (line \(map.position(of: earlier.pointer)?.line ?? 1)) and \"\(file.filename)\" of \"\(assessment.assessmentIdentifier)\" (revision \(assessment.assessmentRevision)) share the schema \(uri), so one dataset: Sage's job writes both to the same key and the second overwrites the first; assess ingest keeps both, one object per file with the file name as a field",
                    at: file.pointer))
            }
        }
        findings.sort { ($0.position.offset, $0.ruleID) < ($1.position.offset, $1.ruleID) }
        return LintReport(file: file, findings: findings, unreadable: false)
    }

    private func allFiles(_ map: ArchiveMap) -> [ArchiveMap.FileInfo] {
        map.common + map.assessments.flatMap(\.files) + map.apps.flatMap { $0.defaults.flatMap(\.files) + $0.anyOf }
    }

    /// Why the schema's own top-level `examples` fail it, or `nil` when they pass (or it has none).
    private func exampleProblem(uri: String, validator: Validator) -> String? {
        guard let examples = schemas.schemaValue(for: uri)?["examples"]?.arrayValue else { return nil }
        for (index, example) in examples.enumerated() {
            if let error = validator.validate(example).first {
                return "the schema's own example \(index) does not satisfy it (\(error.bestMatch.description)); no file shaped like it can pass"
            }
        }
        return nil
    }
}
