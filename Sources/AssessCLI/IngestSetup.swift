import Foundation
import Ingest
import JSONCore
import JSONSchema
import ResultArchive

/// What `ingest` builds from its options: the mapped verifier, the dataset names, the record metadata
/// of archives given without a manifest line.
enum IngestSetup {
    /// The verifier with the archive map, catalog, aliases and tolerated errors, or `nil` after printing why not.
    static func verifier(_ arguments: ParsedArguments, mapPath: String, io: CommandIO, printer: DiagnosticPrinter) throws(UsageError) -> ArchiveVerifier? {
        let required = try arguments.choice("--required", default: MapVerification.RequiredPolicy.error)
        var aliases: [String: String] = [:]
        for text in arguments.all("--file-alias") {
            guard let alias = MapVerification.alias(text) else { throw UsageError("--file-alias needs NAME=MAPPED (e.g. microphone.json=microphone_levels.json), found '\(text)'") }
            aliases[alias.name] = alias.mapped
        }
        guard let registry = SchemaSetup.registry(for: arguments, printer: printer, io: io) else { return nil }
        func fail(_ issue: InputIssue) -> ArchiveVerifier? {
            io.printError(printer.line(file: issue.file, position: issue.position, severity: .error, message: issue.message))
            return nil
        }
        let map: ArchiveMap, catalog: SchemaCatalog?, tolerated: ToleratedErrors
        do {
            map = try ArchiveMap(contentsOf: mapPath)
            catalog = try arguments.value("--catalog").map { path throws(InputIssue) in try SchemaCatalog(contentsOf: path) }
            tolerated = try arguments.value("--tolerated").map { path throws(InputIssue) in try ToleratedErrors(contentsOf: path) } ?? ToleratedErrors()
        } catch {
            return fail(error)
        }
        // Sage's own maps do not always follow ArchiveMap.json; their job reads them anyway, so do we.
        for issue in map.schemaIssues(registry: registry) ?? [] {
            io.printError(printer.line(file: issue.file, position: issue.position, severity: .warning, message: issue.message))
        }
        let mapping = MapVerification(map: map, aliases: aliases, tolerated: tolerated, required: required)
        return ArchiveVerifier(schemas: SchemaCache(registry: registry, catalog: catalog), resultRegistry: registry, mapping: mapping)
    }

    /// `--dataset-names FILE` (a JSON object of schema URI → dataset name), or `nil` after printing why not.
    static func datasetNames(_ arguments: ParsedArguments, io: CommandIO, printer: DiagnosticPrinter) -> DatasetNames? {
        guard let path = arguments.value("--dataset-names") else { return DatasetNames() }
        guard let input = JSONInput.read(path, io: io, printer: printer) else { return nil }
        var mapping: [String: String] = [:]
        for member in input.document.value.objectValue ?? JSONObject() {
            guard let name = member.value.stringValue else {
                let position = input.document.sourceMap?.position(of: JSONPointer(tokens: [member.key]))
                io.printError(printer.line(file: path, position: position, severity: .error, message: "a dataset name must be a string"))
                return nil
            }
            mapping[member.key] = name
        }
        guard input.document.value.objectValue != nil else {
            io.printError(printer.line(file: path, position: nil, severity: .error, message: "--dataset-names needs a JSON object of schema URI → dataset name"))
            return nil
        }
        return DatasetNames(mapping: mapping)
    }

    /// The record metadata `--assessment`/`--revision`/`--app` give archives named on the command line.
    static func givenRecord(_ arguments: ParsedArguments) throws(UsageError) -> RecordMetadata? {
        guard arguments.value("--assessment") != nil || arguments.value("--revision") != nil || arguments.value("--app") != nil else { return nil }
        var record = RecordMetadata(assessmentId: arguments.value("--assessment"), appId: arguments.value("--app"))
        if let text = arguments.value("--revision") {
            guard let revision = Int(text) else { throw UsageError("--revision needs a whole number, found '\(text)'") }
            record.assessmentRevision = revision
        }
        return record
    }
}
