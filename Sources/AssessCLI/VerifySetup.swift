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
    /// The command's IO, writing the map's warnings (checked on another thread) before anything else it writes.
    let io: CommandIO
    /// The map's warnings, still to write unless something else was written first.
    private let warnings: PendingWarnings?

    /// Writes the map's warnings if nothing written since set-up did (call before the command returns).
    func writeWarnings() { warnings?.write() }

    /// The verifier for the map and schema options, or `nil` after printing why it cannot be built (exit 3).
    /// Map problems against Sage's ArchiveMap.json are printed as positioned warnings; they are found on another
    /// thread while the command goes on, and written before the first thing written after set-up (`io`).
    static func make(_ options: ArchiveMapOptions, sources: SchemaSources, survey: JSONValue?, io: CommandIO, printer: DiagnosticPrinter) -> VerifySetup? {
        // Read while the schema folders load; each is reported only when every step before it succeeded.
        var catalogRead = CatalogRead()
        // Plain optionals, not tuples of them: a tuple's type would be made at run time.
        var mapRead: ArchiveMap?, mapIssue: InputIssue?
        var toleratedRead: ToleratedErrors?, toleratedIssue: InputIssue?
        var mapFolder: MapFolderFiles?
        let built = SchemaSetup.registry(refDirectories: sources.refDirectories, printer: printer) {
            catalogRead.read(sources.catalog)
            guard let path = options.mapPath else { return }
            do throws(InputIssue) { mapRead = try ArchiveMap(contentsOf: path) } catch { mapIssue = error }
            mapFolder = MapFolderFiles(mapPath: path)
            guard let path = options.tolerated else { return }
            do throws(InputIssue) { toleratedRead = try ToleratedErrors(contentsOf: path) } catch { toleratedIssue = error }
        }
        var registry: SchemaRegistry
        switch built {
        case .success(let built): registry = built
        case .failure(let failure):
            failure.lines.forEach(io.printError)
            return nil
        }
        let resultRegistry = registry
        func fail(_ issue: InputIssue, _ io: CommandIO) -> VerifySetup? {
            io.printError(printer.line(file: issue.file, position: issue.position, severity: .error, message: issue.message))
            return nil
        }
        guard case .success(let catalog) = SchemaSetup.catalog(catalogRead, printer: printer, io: io) else { return nil }
        guard options.mapPath != nil else {
            let schemas = SchemaCache(registry: registry, catalog: catalog)
            return VerifySetup(verifier: ArchiveVerifier(schemas: schemas, resultRegistry: resultRegistry, survey: survey), mapping: nil, io: io, warnings: nil)
        }
        if let mapIssue { return fail(mapIssue, io) }
        guard let map = mapRead, let mapFolder, SchemaSetup.register(mapFolder, in: &registry, printer: printer, io: io) else { return nil }
        let checked = registry
        let warnings = PendingWarnings(writeError: io.writeError) {
            (map.schemaIssues(registry: checked) ?? []).map { issue in
                printer.line(file: issue.file, position: issue.position, severity: .warning, message: issue.message)
            }
        }
        let io = io.writingFirst(warnings)
        if let toleratedIssue { return fail(toleratedIssue, io) }
        let tolerated = toleratedRead ?? ToleratedErrors()
        var mapping = MapVerification(map: map, aliases: options.aliases, tolerated: tolerated, required: options.required, maxErrors: options.maxErrors)
        mapping.names = FlagHints.settingNames
        let schemas = SchemaCache(registry: registry, catalog: catalog)
        return VerifySetup(verifier: ArchiveVerifier(schemas: schemas, resultRegistry: resultRegistry, survey: survey, mapping: mapping),
                           mapping: mapping, io: io, warnings: warnings)
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
