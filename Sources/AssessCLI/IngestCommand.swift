import Foundation
import Ingest
import JSONCore
import JSONSchema
import OrderedParallel
import ResultArchive
import AssessmentLint

/// `assess ingest`: archives in, Sage's partitioned NDJSON datasets and our own tables out.
struct IngestCommand: Command {
    let spec = CommandSpec(
        name: "ingest",
        summary: "Ingest result archives as Sage's pipeline does: partitioned NDJSON datasets, plus runs, answers, steps and files tables.",
        synopsis: "--archive-map MAP.json -o DIR [--manifest FILE|-] [--ref-dir DIR]... [--catalog FILE] [--file-alias NAME=MAPPED]... [--tolerated FILE] [--required error|warning] [--max-errors N] [--dataset-names FILE] [--layout batch|record] [--on-record-id first|latest] [--explode-arrays] [--commit-every N] [--durable] [--jobs N] [ARCHIVE.zip... | DIR...]",
        options: [
            .value("--archive-map", valueName: "MAP.json", help: "Sage's archive-map.json: it decides each file's schema, hence its dataset."),
            .value("--output", "-o", valueName: "DIR", help: "The output folder (created; re-running over it is idempotent)."),
            .value("--manifest", valueName: "FILE", help: "Record metadata, JSON lines {\"path\", \"recordId\", \"assessmentId\", \"assessmentRevision\", \"uploadedOn\", \"clientInfo\", \"appId\"}; - streams standard input."),
            SharedOptions.refDir("Load every .json schema under DIR, e.g. Sage's published schemas (repeatable)."),
            SharedOptions.catalog,
        ] + SharedOptions.archiveMapLookup + [
            .value("--dataset-names", valueName: "FILE", help: "Schema URI → dataset name (Sage's schema_mapping.json); default: the URI's file name without .json."),
            .value("--layout", valueName: "LAYOUT", help: "batch (default): one part-NNNNNN.ndjson per partition and run, each commit appending to it; record: Sage's RECORDID.ndjson per record and dataset."),
            .value("--on-record-id", valueName: "POLICY", help: "A record id that comes again (in the batch or a later run): first (default) keeps the first, later ones are duplicates; latest keeps the latest export by the manifest's exportedOn, as Sage does, the earlier one's rows removed from every dataset and listed as superseded."),
            .flag("--explode-arrays", help: "Write each object of a file that is a JSON array (motion, audio levels…) as a line of its own, instead of Sage's one array per line."),
            .value("--commit-every", valueName: "N", help: "Make a commit every N ingested records (default 1000; also every 32 MiB of rows and at the end)."),
            .flag("--durable", help: "Flush each commit to disk (fsync) before the ledger records it, so a machine that stops mid-run loses no committed record (slower on a real disk)."),
            .flag("--recursive", "-R", help: "Also ingest the .zip files in subfolders of each DIR."),
            ParallelInputs.option,
        ],
        discussion: """
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
            """)

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard arguments.value("--archive-map") != nil else { throw UsageError("missing --archive-map MAP.json") }
        guard let output = arguments.value("--output") else { throw UsageError("missing -o DIR (the output folder)") }
        guard !arguments.positionals.isEmpty || arguments.value("--manifest") != nil else {
            throw UsageError("no archives given (ARCHIVE.zip..., DIR or --manifest FILE|-)")
        }
        let parallel = try ParallelInputs.map(arguments)
        let layout = try arguments.choice("--layout", default: IngestLayout.batch)
        let policy = try arguments.choice("--on-record-id", default: RecordIdPolicy.first)
        var commitEvery = 1_000
        if let text = arguments.value("--commit-every") {
            guard let number = Int(text), number >= 1 else { throw UsageError("--commit-every needs a whole number of at least 1, not '\(text)'") }
            commitEvery = number
        }
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard let setup = try VerifySetup.make(arguments, survey: nil, io: io, printer: printer), setup.mapping != nil,
              let names = IngestSetup.datasetNames(arguments, io: io, printer: printer) else { return .inputError }
        let verifier = setup.verifier
        let given = try VerifyInput.givenRecord(arguments)
        let (files, missing) = InputFile.expand(arguments.positionals, extensions: ["zip"], recursive: arguments.flag("--recursive"))
        var inputs: [IngestInput] = missing.map { IngestInput(name: $0.name, path: $0.name, record: given, issue: nil) }
        inputs += files.compactMap { $0.path.map { IngestInput(name: $0, path: $0, record: given, issue: nil) } }
        var manifest: ManifestStream?
        if let path = arguments.value("--manifest") {
            let folder = RecordManifest.folder(ofManifest: path)
            if path == "-" {
                manifest = ManifestStream(name: "<stdin>", folder: folder) { io.readLine().map { Array($0.utf8) } }
            } else if let handle = FileHandle(forReadingAtPath: path) {
                manifest = ManifestStream(handle: handle, name: path, folder: folder)
            } else {
                io.printError("error: cannot read \(path): \(RecordIngester.unreadableReason(path))")
                return .inputError
            }
        }
        BatchMemory.keepFreedMemory()
        let ingester = RecordIngester(verifier: verifier, names: names, explodeArrays: arguments.flag("--explode-arrays"))
        var sink: IngestSink
        do throws(IngestWriteError) {
            sink = try IngestSink(folder: output, layout: layout, onRecordId: policy, commitRecords: commitEvery, writers: parallel.jobs,
                                  durable: arguments.flag("--durable"))
        } catch {
            io.printError("error: \(error.description)")
            return .inputError
        }
        var counts: [IngestOutcome.Status: Int] = [:], superseded = 0
        var failure: IngestWriteError?
        var meter = ParallelInputs.meter(total: manifest == nil ? inputs.count : nil, noun: "archives", io: io)
        var listed = inputs.makeIterator()
        let all = AnySequence { AnyIterator { listed.next() ?? manifest?.next() } }
        // Workers verify and lay out each record; the ordered stage decides duplicates and commits.
        func report(_ outcomes: [IngestOutcome]) {
            for outcome in outcomes {
                counts[outcome.status, default: 0] += 1
                if outcome.status == .superseded || outcome.supersedes != nil { superseded += 1 }
                io.print(JSONWriter.compact.string(outcome.json))
            }
        }
        // An input that could not be read (no such file, a manifest line without a usable path) keeps
        // its rejected row, and makes the exit status 3, as in `verify`.
        var unreadable = false
        parallel.run(all, transform: { ingester.prepare($0) }) { prepared in
            meter.advance()
            if prepared.report == nil { unreadable = true }
            guard failure == nil else { return }
            do throws(IngestWriteError) { report(try sink.take(prepared)) } catch { failure = error }
        }
        meter.finish()
        if failure == nil {
            do throws(IngestWriteError) { report(try sink.finish()) } catch { failure = error }
        }
        if let failure {
            io.printError("error: \(failure.description); ingestion stopped (re-run to finish: the records reported above are committed, the others will be ingested then)")
            return .inputError
        }
        let total = counts.values.reduce(0, +)
        var summary = JSONObject([
            .init(key: "total", value: .number(JSONNumber(total))),
            .init(key: "ingested", value: .number(JSONNumber(counts[.ingested] ?? 0))),
            .init(key: "invalid", value: .number(JSONNumber(counts[.invalid] ?? 0))),
            .init(key: "duplicate", value: .number(JSONNumber(counts[.duplicate] ?? 0))),
        ])
        // Exports replaced by a later one: those that came after it, and those it replaced.
        if policy == .latest { summary["superseded"] = .number(JSONNumber(superseded)) }
        io.print(JSONWriter.compact.string(["summary": .object(summary)]))
        if unreadable { return .inputError }
        return (counts[.invalid] ?? 0) + (counts[.duplicate] ?? 0) == 0 ? .ok : .findings
    }
}
