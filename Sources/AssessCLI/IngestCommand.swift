import FoundationEssentials
import Ingest
import JSONCore
import JSONSchema
import OrderedParallel
import ResultArchive
import AssessmentLint

/// `assess ingest`: archives in, Sage's partitioned NDJSON datasets and our own tables out.
struct IngestCommand: TypedCommand {
    let name = "ingest"
    let summary = "Ingest result archives as Sage's pipeline does: partitioned NDJSON datasets, plus runs, answers, steps and files tables."
    let discussion = """
        Output (under DIR): dataset=NAME/assessmentid=A/year=Y/month=M/day=D/ for every valid JSON file
        with a schema (Sage's layout and inserted fields, plus "filename"; each file one line), the same
        layout for our tables assess_runs, assess_answers, assess_steps and assess_files, and
        assess_rejected/ for invalid and duplicate inputs (every reason, and Sage's shape: assessmentId,
        assessmentRevision, appId, recordId, errors {file: [...]}). In each partition folder the rows go
        to part-NNNNNN.ndjson, one file per run that each commit appends to (--layout batch), or to
        RECORDID.ndjson, one file per record as Sage's job writes them (--layout record; two files of
        a record in one dataset get RECORDID@FILE.ndjson). Standard output: one JSON line per input,
        then a summary line.
        Every input appears exactly once. New files are written then renamed, a run's later commits
        append to its part files; _assess/ledger.ndjson records
        each commit's records and where their rows are, and a commit an interrupted run left unfinished
        is undone by the next run, which ingests its records again. A record already in the ledger is
        not written again: re-running over the same output is idempotent. With --on-record-id latest,
        a later export of a record already ingested replaces it: its rows leave every dataset and table,
        it is listed in assess_rejected/ with status "superseded", and the ledger names the archive
        that holds the record now ("replaces" the one before).

        EXIT STATUS: 0 all ingested (or superseded), 1 some input invalid or duplicate, 2 usage error,
                     3 unreadable map/manifest/config, or the output cannot be written.
        """

    /// `assess ingest`'s options.
    struct Options: ParsableOptions {
        static let archiveMap = Option.required("--archive-map", valueName: "MAP.json", help: "Sage's archive-map.json: it decides each file's schema, hence its dataset.")
        static let output = Option.required("--output", "-o", valueName: "DIR", help: "The output folder (created; re-running over it is idempotent).",
                                            missing: "missing -o DIR (the output folder)")
        static let manifest = Option.value("--manifest", valueName: "FILE", help: "Record metadata, JSON lines {\"path\", \"recordId\", \"assessmentId\", \"assessmentRevision\", \"uploadedOn\", \"clientInfo\", \"appId\"}; - streams standard input.")
        static let refDir = SharedOptions.refDir.help("Load every .json schema under DIR, e.g. Sage's published schemas (repeatable).")
        static let datasetNames = Option.value("--dataset-names", valueName: "FILE", help: "Schema URI → dataset name (Sage's schema_mapping.json); default: the URI's file name without .json.")
        static let layout = Option.choice("--layout", valueName: "LAYOUT", help: "batch (default): one part-NNNNNN.ndjson per partition and run, each commit appending to it; record: Sage's RECORDID.ndjson per record and dataset.",
                                          default: IngestLayout.batch)
        static let onRecordId = Option.choice("--on-record-id", valueName: "POLICY", help: "A record id that comes again (in the batch or a later run): first (default) keeps the first, later ones are duplicates; latest keeps the latest export by the manifest's exportedOn, as Sage does, the earlier one's rows removed from every dataset and listed as superseded.",
                                              default: RecordIdPolicy.first)
        static let explodeArrays = Option.flag("--explode-arrays", help: "Write each object of a file that is a JSON array (motion, audio levels…) as a line of its own, instead of Sage's one array per line.")
        static let commitEvery = Option.parsed("--commit-every", valueName: "N", help: "Make a commit every N ingested records (default 1000; also every 32 MiB of rows and at the end).",
                                               parse: { Int($0).flatMap { $0 >= 1 ? $0 : nil } },
                                               invalid: { "--commit-every needs a whole number of at least 1, not '\($0)'" }).map { $0 ?? 1_000 }
        static let durable = Option.flag("--durable", help: "Flush each commit to disk (fsync) before the ledger records it, so a machine that stops mid-run loses no committed record (slower on a real disk).")
        static let recursive = Option.flag("--recursive", "-R", help: "Also ingest the .zip files in subfolders of each DIR.")
        static let options = [archiveMap.spec, output.spec, manifest.spec, refDir.spec, SharedOptions.catalog.spec] + ArchiveMapOptions.lookup
            + [datasetNames.spec, layout.spec, onRecordId.spec, explodeArrays.spec, commitEvery.spec, durable.spec, recursive.spec, SharedOptions.jobs.spec]
        static let operands = Operands.trailing("[ARCHIVE.zip... | DIR...]")

        let output: String, archives: [String], manifest: String?, layout: IngestLayout, policy: RecordIdPolicy, commitEvery: Int
        let map: ArchiveMapOptions, sources: SchemaSources, datasetNames: String?, explodeArrays: Bool, durable: Bool, recursive: Bool
        let parallel: OrderedParallelMap

        init(_ values: OptionValues) throws(UsageError) {
            let mapPath = try values(Self.archiveMap)
            output = try values(Self.output)
            (archives, manifest) = (values.operands, try values(Self.manifest))
            guard !archives.isEmpty || manifest != nil else { throw UsageError("no archives given (ARCHIVE.zip..., DIR or --manifest FILE|-)") }
            (parallel, layout, policy) = (try values(SharedOptions.jobs), try values(Self.layout), try values(Self.onRecordId))
            commitEvery = try values(Self.commitEvery)
            map = try ArchiveMapOptions(values, mapPath: mapPath)
            sources = SchemaSources(refDirectories: try values(Self.refDir), catalog: try values(SharedOptions.catalog))
            (datasetNames, explodeArrays) = (try values(Self.datasetNames), try values(Self.explodeArrays))
            (durable, recursive) = (try values(Self.durable), try values(Self.recursive))
        }
    }

    func run(_ options: Options, io: CommandIO) throws(UsageError) -> ExitStatus {
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard let setup = VerifySetup.make(options.map, sources: options.sources, survey: nil, io: io, printer: printer) else { return .inputError }
        defer { setup.writeWarnings() }
        let io = setup.io
        guard setup.mapping != nil, let names = IngestSetup.datasetNames(options.datasetNames, io: io, printer: printer),
              let (inputs, manifest) = IngestSetup.inputs(options, io: io) else { return .inputError }
        BatchMemory.keepFreedMemory()
        let ingester = RecordIngester(verifier: setup.verifier, names: names, explodeArrays: options.explodeArrays)
        let sink: IngestSink
        do throws(IngestWriteError) {
            sink = try IngestSink(folder: options.output, layout: options.layout, onRecordId: options.policy, commitRecords: options.commitEvery,
                                  writers: options.parallel.jobs, durable: options.durable)
        } catch {
            io.printError("error: \(error.description)")
            return .inputError
        }
        var batch = IngestBatch(ingester: ingester, sink: sink, countsSuperseded: options.policy == .latest)
        let status = batch.run(inputs, manifest: manifest, parallel: options.parallel, io: io)
        BatchMemory.leaveToExit((setup, batch), io: io)
        return status
    }
}
