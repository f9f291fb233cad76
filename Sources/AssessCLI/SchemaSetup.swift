import Dispatch
import FoundationEssentials
import Platform
import JSONCore
import JSONSchema
import AssessmentModel
import AssessmentSchemas
import ResultArchive
import OrderedParallel

/// Builds registries and validators from `--schema` and `--ref-dir` options.
enum SchemaSetup {
    /// A registry with the bundled schemas and every `.json` under the given folders.
    static func registry(refDirectories: [String], printer: DiagnosticPrinter) -> Result<SchemaRegistry, SetupFailure> {
        registry(refDirectories: refDirectories, printer: printer, alongside: {})
    }

    /// A registry with the bundled schemas and every `.json` under the given folders, with `alongside` run meanwhile:
    /// the bundled schemas are indexed on another thread while this one lists the folders, both then share the
    /// folders' files, and this thread runs `alongside` once it finds no file left. The error is that of
    /// registering each folder in turn: a folder that cannot be listed, or its first bad file in sorted order.
    static func registry(refDirectories: [String], printer: DiagnosticPrinter, alongside: () -> Void) -> Result<SchemaRegistry, SetupFailure> {
        guard !refDirectories.isEmpty else {
            alongside()
            return .success(BundledSchemas.registry())
        }
        let bundled = Background { BundledSchemas.registry() }
        // The folders up to the first that cannot be listed: the files of those before it come first.
        var listed: [[String]] = []
        var unlisted: SchemaLoadError?
        for directory in refDirectories where unlisted == nil {
            do throws(SchemaLoadError) { listed.append(try SchemaRegistry.schemaFiles(under: directory)) } catch { unlisted = error }
        }
        let loads = SchemaFileLoads(paths: listed.flatMap { $0 })
        // The other cores take files too (on two cores one thread, the single iteration run where it is called).
        let helper = Background { DispatchQueue.concurrentPerform(iterations: max(1, OrderedParallelMap.allCores - 1)) { _ in loads.loadRemaining() } }
        loads.loadRemaining()
        alongside()
        helper.value
        var registry = bundled.value
        do throws(SchemaLoadError) { try loads.register(into: &registry) } catch { return .failure(SetupFailure(lines: [describe(error, printer)])) }
        if let unlisted { return .failure(SetupFailure(lines: [describe(unlisted, printer)])) }
        return .success(registry)
    }

    /// The registry for a command's `--ref-dir` folders, or `nil` after printing why it cannot be built.
    static func registry(refDirectories: [String], printer: DiagnosticPrinter, io: CommandIO) -> SchemaRegistry? {
        switch registry(refDirectories: refDirectories, printer: printer) {
        case .success(let registry): return registry
        case .failure(let failure):
            failure.lines.forEach(io.printError)
            return nil
        }
    }

    /// Compiles the schema named by a path, or by a URI of the registry or the catalog (Sage's URIs on
    /// either host resolve to Sage's files under `--ref-dir`), with its warning lines.
    static func validator(
        schema: String, registry: SchemaRegistry, options: ValidationOptions, printer: DiagnosticPrinter, catalog: SchemaCatalog? = nil
    ) -> Result<CompiledSchema, SetupFailure> {
        var registry = registry
        guard !FileManager.default.fileExists(atPath: schema), schema.contains(":") else {
            let uri: String
            do {
                uri = try registry.registerFile(at: schema).description
            } catch {
                return .failure(SetupFailure(lines: [describe(error, printer)]))
            }
            do {
                let validator = try Validator(registered: uri, in: registry, options: options)
                return .success(compiled(validator, uri: uri, file: schema, registry: registry, printer: printer))
            } catch {
                return .failure(SetupFailure(lines: [
                    printer.line(file: error.sourceName, position: error.position, severity: .error,
                                 message: "broken schema: \(FlagHints.message(error)) (at \(error.location))"),
                ]))
            }
        }
        let cache = SchemaCache(registry: registry, catalog: catalog, options: options)
        if !cache.canResolve(schema), let unknown = unknownURI(schema, in: registry, printer: printer) {
            return .failure(SetupFailure(lines: [unknown]))
        }
        switch cache.schema(for: schema) {
        case .success(let resolved): return .success(compiled(resolved.validator, uri: schema, file: schema, registry: registry, printer: printer))
        case .failure(let error): return .failure(SetupFailure(lines: [printer.line(severity: .error, message: FlagHints.text(error.text))]))
        }
    }

    /// A compiled schema with its warnings: loops of in-place `$ref`s and `$id`s shared with other files.
    private static func compiled(_ validator: Validator, uri: String, file: String, registry: SchemaRegistry, printer: DiagnosticPrinter) -> CompiledSchema {
        CompiledSchema(validator: validator, warnings: warningLines(validator, printer: printer) + sharedIDLines(uri, file: file, in: registry, printer: printer))
    }

    /// One warning line for each problem a compiled schema has that does not stop it (a loop of
    /// in-place `$ref`s), at its place in the schema file.
    static func warningLines(_ validator: Validator, printer: DiagnosticPrinter) -> [String] {
        validator.warnings.map { warning in
            printer.line(file: warning.sourceName, position: warning.position, severity: .warning, message: warning.message)
        }
    }

    /// One warning line for each `$id` the schema at `uri` shares with another file, saying which file
    /// other schemas' `$ref`s reach (the schema's own `$ref`s resolve within it).
    static func sharedIDLines(_ uri: String, file: String, in registry: SchemaRegistry, printer: DiagnosticPrinter) -> [String] {
        registry.sharedIDs(of: uri).map { shared in
            printer.line(file: file, position: nil, severity: .warning, message: "$id \"\(shared.uri)\" is also declared by "
                + shared.others.joined(separator: ", ") + "; $refs to it from other schemas resolve to "
                + (shared.wonByThisFile ? "this file" : "\(shared.winner) (this file's own $refs resolve within it)"))
        }
    }

    /// The error for a schema URI that nothing registered answers to: for Sage's URIs, the options that
    /// give Sage's schemas; otherwise the closest bundled `$id`. `nil` when it is known.
    static func unknownURI(_ uri: String, in registry: SchemaRegistry, printer: DiagnosticPrinter) -> String? {
        guard !registry.contains(uri) else { return nil }
        if SageSchemas.isSageURI(uri) {
            return printer.line(severity: .error, message: FlagHints.text(SchemaResolutionError.notFound(uri: uri).text))
        }
        let hint = Suggestion.closest(to: uri, among: BundledSchemas.files.map(\.id)).map { "; did you mean \($0)?" }
            ?? " (give a schema file, the $id of a bundled schema, or one under --ref-dir or in --catalog)"
        return printer.line(severity: .error, message: "unknown schema URI \(uri)\(hint)")
    }

    /// The `--catalog` of a command (`.success(nil)` without one), or a failure after printing why it cannot be read.
    static func catalog(_ path: String?, printer: DiagnosticPrinter, io: CommandIO) -> Result<SchemaCatalog?, SetupFailure> {
        var read = CatalogRead()
        read.read(path)
        return catalog(read, printer: printer, io: io)
    }

    /// The `--catalog` of a command as read (`.success(nil)` without one), or a failure after printing why it cannot be read.
    static func catalog(_ read: CatalogRead, printer: DiagnosticPrinter, io: CommandIO) -> Result<SchemaCatalog?, SetupFailure> {
        guard let error = read.issue else { return .success(read.catalog) }
        let failure = SetupFailure(lines: [printer.line(file: error.file, position: error.position, severity: .error, message: error.message)])
        failure.lines.forEach(io.printError)
        return .failure(failure)
    }

    /// Registers the schemas beside an archive map: the other `.json` files of its folder and everything
    /// under its `schemas/` subfolder (a mobile-client-json checkout's layout); `nil` after printing why not.
    static func registerMapFolder(of mapPath: String, in registry: inout SchemaRegistry, printer: DiagnosticPrinter, io: CommandIO) -> Bool {
        register(MapFolderFiles(mapPath: mapPath), in: &registry, printer: printer, io: io)
    }

    /// Registers the schemas beside an archive map, read before; `nil` after printing why not.
    static func register(_ files: MapFolderFiles, in registry: inout SchemaRegistry, printer: DiagnosticPrinter, io: CommandIO) -> Bool {
        do throws(SchemaLoadError) {
            try files.loads.register(into: &registry)
            if let unlisted = files.unlisted { throw unlisted }
            return true
        } catch {
            io.printError(describe(error, printer) + " (beside the archive map, whose folder's schemas are used)")
            return false
        }
    }

    /// One line for a schema that cannot be loaded.
    static func describe(_ error: SchemaLoadError, _ printer: DiagnosticPrinter) -> String {
        switch error {
        case .unreadable(let path, let reason):
            return printer.line(severity: .error, message: "cannot read \(path): \(reason)")
        case .invalidJSON(let path, let parseError):
            return printer.line(file: path, position: parseError.position, severity: .error, message: parseError.message)
        }
    }
}

/// The schema files beside an archive map, listed and loaded (so that it can be done while other set-up work
/// goes on), to register in this order: the other `.json` files of its folder, sorted, then the files under its
/// `schemas/` subfolder, or the error of listing it.
struct MapFolderFiles {
    let loads: SchemaFileLoads
    let unlisted: SchemaLoadError?

    /// Lists and loads the files beside the map at `mapPath`.
    init(mapPath: String) {
        let folder = URL(fileURLWithPath: mapPath).deletingLastPathComponent()
        let map = URL(fileURLWithPath: mapPath).standardized.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var paths: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = folder.appendingPathComponent(name).standardized.path
            guard path != map, FileStatus.isFolder(path) == false else { continue }
            paths.append(path)
        }
        let schemas = folder.appendingPathComponent("schemas").path
        var unlisted: SchemaLoadError?
        if FileStatus.isFolder(schemas) == true {
            do throws(SchemaLoadError) { paths += try SchemaRegistry.schemaFiles(under: schemas) } catch { unlisted = error }
        }
        let loads = SchemaFileLoads(paths: paths)
        loads.loadAll()
        self.loads = loads
        self.unlisted = unlisted
    }
}

/// A `--catalog` file as read: the catalog, or the issue that stops it (neither without the option).
struct CatalogRead {
    var catalog: SchemaCatalog?
    var issue: InputIssue?

    /// Reads the catalog at `path`, if any.
    mutating func read(_ path: String?) {
        guard let path else { return }
        do throws(InputIssue) { catalog = try SchemaCatalog(contentsOf: path) } catch { issue = error }
    }
}

/// A compiled schema and the warning lines about it (loops, shared `$id`s).
struct CompiledSchema {
    let validator: Validator
    let warnings: [String]
}

/// Why a schema could not be set up: lines ready to print; the command exits with status 3.
struct SetupFailure: Error {
    let lines: [String]
}
