import FoundationEssentials
import JSONCore
import JSONSchema
import AssessmentModel
import ResultArchive

/// What `verify` (and the pipeline commands) build from their options: the verifier, with the archive
/// map, catalog, aliases and tolerated errors when given.
struct VerifySetup {
    let verifier: ArchiveVerifier
    let mapping: MapVerification?

    /// The verifier for the map and schema options, or `nil` after printing why it cannot be built (exit 3).
    /// Map problems against Sage's ArchiveMap.json are printed as positioned warnings.
    static func make(_ options: ArchiveMapOptions, sources: SchemaSources, survey: JSONValue?, io: CommandIO, printer: DiagnosticPrinter) -> VerifySetup? {
        guard var registry = SchemaSetup.registry(refDirectories: sources.refDirectories, printer: printer, io: io) else { return nil }
        let resultRegistry = registry
        func fail(_ issue: InputIssue) -> VerifySetup? {
            io.printError(printer.line(file: issue.file, position: issue.position, severity: .error, message: issue.message))
            return nil
        }
        guard case .success(let catalog) = SchemaSetup.catalog(sources.catalog, printer: printer, io: io) else { return nil }
        guard let mapPath = options.mapPath else {
            let schemas = SchemaCache(registry: registry, catalog: catalog)
            return VerifySetup(verifier: ArchiveVerifier(schemas: schemas, resultRegistry: resultRegistry, survey: survey), mapping: nil)
        }
        let map: ArchiveMap
        do { map = try ArchiveMap(contentsOf: mapPath) } catch { return fail(error) }
        guard SchemaSetup.registerMapFolder(of: mapPath, in: &registry, printer: printer, io: io) else { return nil }
        for issue in map.schemaIssues(registry: registry) ?? [] {
            io.printError(printer.line(file: issue.file, position: issue.position, severity: .warning, message: issue.message))
        }
        var tolerated = ToleratedErrors()
        if let path = options.tolerated {
            do { tolerated = try ToleratedErrors(contentsOf: path) } catch { return fail(error) }
        }
        var mapping = MapVerification(map: map, aliases: options.aliases, tolerated: tolerated, required: options.required, maxErrors: options.maxErrors)
        mapping.names = FlagHints.settingNames
        let schemas = SchemaCache(registry: registry, catalog: catalog)
        return VerifySetup(verifier: ArchiveVerifier(schemas: schemas, resultRegistry: resultRegistry, survey: survey, mapping: mapping),
                           mapping: mapping)
    }
}

/// One archive to verify, with what the upload says about it.
struct VerifyInput {
    let file: InputFile
    let record: RecordMetadata?

    /// The archives of the operands and `--manifest`, with `--assessment`/`--revision`/`--app` for those
    /// without a manifest line; unreadable inputs and bad manifest lines are printed (status 3) and skipped.
    static func collect(_ operands: [String], recursive: Bool, manifest: String?, given: RecordMetadata?, io: CommandIO,
                        printer: DiagnosticPrinter) -> (inputs: [VerifyInput], status: ExitStatus) {
        var status = ExitStatus.ok
        var inputs: [VerifyInput] = []
        if !operands.isEmpty {
            let (files, missing) = InputFile.expand(operands, extensions: ["zip"], recursive: recursive)
            if !missing.isEmpty { status = .inputError }
            missing.forEach { io.printError($0.description) }
            inputs += files.map { VerifyInput(file: $0, record: given) }
        }
        if let manifest {
            let file = manifest == "-" ? InputFile(name: "<stdin>", path: nil) : InputFile(name: manifest, path: manifest)
            switch file.read(io) {
            case .failure(let error):
                io.printError(error.description)
                status = status.worst(.inputError)
            case .success(let bytes):
                for line in RecordManifest.read(bytes, name: file.name, folder: RecordManifest.folder(ofManifest: manifest)) {
                    switch line.record {
                    case .failure(let issue):
                        io.printError(printer.line(file: issue.file, position: issue.position, severity: .error, message: issue.message))
                        status = status.worst(.inputError)
                    case .success(let record):
                        let path = record.path ?? ""
                        inputs.append(VerifyInput(file: InputFile(name: path, path: path), record: record))
                    }
                }
            }
        }
        return (inputs, status)
    }
}
