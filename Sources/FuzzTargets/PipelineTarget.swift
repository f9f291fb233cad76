import AssessmentModel
import AssessmentLint
import AssessmentSchemas
import Ingest
import JSONCore
import ResultArchive

/// The pipeline's configuration files (archive map, record manifest, schema catalog, tolerated errors,
/// `--file-alias`) from any bytes: each is read or refused with an issue positioned inside the input,
/// a map that reads looks files up the same way twice and lints without crashing; a JSON document's
/// NDJSON line spliced from its bytes is the line made through the tree.
enum PipelineTarget {
    private static let registry = BundledSchemas.registry()

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false).count
        func checkPlace(_ issue: InputIssue, _ what: String) throws(FuzzFailure) {
            guard let position = issue.position else { return }
            try FuzzFailure.check(position.line >= 1 && position.line <= lines && position.column >= 1 && position.offset <= bytes.count,
                                  "\(what): issue at \(position) outside the input (\(lines) lines, \(bytes.count) bytes): \(issue.message)")
        }
        switch Result(catching: { () throws(InputIssue) in try ArchiveMap(bytes: bytes, name: "map.json") }) {
        case .success(let map):
            for (assessment, revision) in [("fuzz", 1), ("spelling", 5), ("", 0)] {
                let record = RecordKey(assessmentId: assessment, assessmentRevision: revision, appId: "app")
                for file in ["metadata.json", "assessmentResult.json", "motion.json"] {
                    let first = map.schema(for: file, record: record), second = map.schema(for: file, record: record)
                    try FuzzFailure.check(first == second, "lookup of \(file) is not deterministic")
                }
                _ = map.requiredFiles(for: record)
            }
        case .failure(let issue):
            try checkPlace(issue, "archive map")
        }
        let linted = ArchiveMapLinter(schemas: SchemaCache(registry: registry), registry: registry).lint(bytes: bytes, file: "map.json")
        for finding in linted.findings {
            try FuzzFailure.check(finding.position.line >= 1 && finding.position.line <= lines, "map lint finding at \(finding.position) outside the input")
        }
        for line in RecordManifest.read(bytes, name: "manifest.jsonl", folder: "/records") {
            try FuzzFailure.check(line.line >= 1 && line.line <= lines, "manifest line \(line.line) of \(lines)")
            if case .failure(let issue) = line.record { try checkPlace(issue, "manifest") }
        }
        do { _ = try SchemaCatalog(bytes: bytes, name: "catalog.json", folder: "/schemas") } catch { try checkPlace(error, "catalog") }
        do { _ = try ToleratedErrors(bytes: bytes, name: "tolerated.json") } catch { try checkPlace(error, "tolerated errors") }
        _ = MapVerification.alias(String(decoding: bytes.prefix(256), as: UTF8.self))
        let fields: [(String, JSONValue)] = [("recordid", "r1"), ("year", 2026)]
        if let spliced = NDJSONLine.splicing(fields, into: bytes), let tree = NDJSONLine.treeLine(fields, into: bytes) {
            try FuzzFailure.check(!spliced.dropLast().contains(0x0A) && !spliced.contains(0x0D), "a spliced line holds a line break")
            let splicedValue = try? JSONDocument(bytes: Array(spliced.dropLast())).value, treeValue = try? JSONDocument(bytes: Array(tree.dropLast())).value
            try FuzzFailure.check(splicedValue != nil && splicedValue == treeValue, "the spliced line is not the tree's line")
        }
    }
}
