import FoundationEssentials
import JSONCore
import JSONSchema
import ZipArchive
import ResultArchive
import OrderedParallel
import AssessmentLint

/// `assess verify`: checks result archives, one by one or as an ingestion batch, on their own or
/// against Sage's archive map.
struct VerifyCommand: TypedCommand {
    let name = "verify"
    let summary = "Verify result archives: zip structure, metadata.json manifest, schemas (or Sage's archive map), and optionally the survey."
    let discussion = """
        Refuses dangerous archives: names with '..' or absolute paths, encrypted or unsupported
        entries, sizes that lie, CRC errors, compression ratios or totals beyond limits.

        Without --archive-map, metadata.json must list every file and each JSON file is checked
        against the schema its entry names; assessmentResult.json is always checked as a result.
        With --archive-map, every file gets its schema as Sage's ingestion finds it; a file missing
        from metadata.json is a note. Schemas come only from the bundled ones, --ref-dir, the map's
        folder and --catalog: never from the network.

        EXIT STATUS: 0 all valid, 1 some archive invalid or duplicate, 2 usage error,
                     3 unreadable input, bad manifest line, or a schema URI nothing on disk answers to.
        """

    enum Report: String, CaseIterable {
        case text, json
    }

    /// `assess verify`'s options.
    struct Options: ParsableOptions {
        static let survey = Option.value("--survey", valueName: "SURVEY.json", help: "Also check that the result belongs to this survey.")
        static let refDir = SharedOptions.refDir.help("Load every .json schema under DIR for schema URIs, e.g. Sage's published schemas (repeatable).")
        static let format = SharedOptions.format("text (default) or json: one JSON line per archive, then a summary line.", aliases: ["--report"], default: Report.text)
        static let batch = Option.value("--batch", valueName: "DIR", help: "Verify every .zip in DIR; runs seen twice (taskRunUUID) are duplicates.")
        static let recursive = Option.flag("--recursive", "-R", help: "Also verify the .zip files in subfolders of each DIR.")
        static let manifest = Option.value("--manifest", valueName: "FILE", help: "Record metadata, JSON lines {\"path\", \"recordId\", \"assessmentId\", \"assessmentRevision\", \"uploadedOn\", \"clientInfo\", \"appId\"}; - reads standard input.")
        static let options = [survey.spec, refDir.spec, SharedOptions.catalog.spec, format.spec, batch.spec, recursive.spec,
                              ArchiveMapOptions.archiveMap.spec, manifest.spec] + ArchiveMapOptions.lookup + [SharedOptions.jobs.spec]
        static let operands = Operands.trailing("ARCHIVE.zip... | DIR")

        let report: Report, operands: [String], manifest: String?, survey: String?, recursive: Bool
        let map: ArchiveMapOptions, sources: SchemaSources, parallel: OrderedParallelMap

        init(_ values: OptionValues) throws(UsageError) {
            report = try values(Self.format)
            operands = values.operands + [try values(Self.batch)].compactMap { $0 }
            manifest = try values(Self.manifest)
            guard !operands.isEmpty || manifest != nil else {
                throw UsageError("no archives given (ARCHIVE.zip..., DIR, --batch DIR or --manifest FILE)")
            }
            (survey, recursive) = (try values(Self.survey), try values(Self.recursive))
            map = try ArchiveMapOptions(values, mapPath: try values(ArchiveMapOptions.archiveMap))
            sources = SchemaSources(refDirectories: try values(Self.refDir), catalog: try values(SharedOptions.catalog))
            parallel = try values(SharedOptions.jobs)
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        var survey: JSONValue?
        if let path = options.survey {
            guard let read = JSONInput.read(path, io: io, printer: printer) else { return .inputError }
            survey = read.document.value
        }
        guard let setup = VerifySetup.make(options.map, sources: options.sources, survey: survey, io: io, printer: printer) else { return .inputError }
        defer { setup.writeWarnings() }
        let io = setup.io
        BatchMemory.keepFreedMemory()
        let (inputs, collected) = VerifyInput.collect(options.operands, recursive: options.recursive, manifest: options.manifest,
                                                      given: options.map.record, io: io, printer: printer)
        let batch = VerifyBatch(setup: setup, report: options.report, printer: printer)
        return collected.worst(batch.verify(inputs, parallel: options.parallel, io: io))
    }
}
