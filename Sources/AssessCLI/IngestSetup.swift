import FoundationEssentials
import Ingest
import JSONCore
import JSONSchema
import OrderedParallel
import ResultArchive

/// What `ingest` builds from its options beside `VerifySetup`'s verifier: the dataset names.
enum IngestSetup {
    /// `--dataset-names FILE` (a JSON object of schema URI → dataset name), or `nil` after printing why not.
    static func datasetNames(_ path: String?, io: CommandIO, printer: DiagnosticPrinter) -> DatasetNames? {
        guard let path else { return DatasetNames() }
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

    /// The archives of the operands (missing ones kept, to be rejected) and the `--manifest` stream, or
    /// `nil` after printing why the manifest cannot be read.
    static func inputs(_ options: IngestCommand.Options, io: CommandIO) -> (inputs: [IngestInput], manifest: ManifestStream?)? {
        let given = options.map.record
        let (files, missing) = InputFile.expand(options.archives, extensions: ["zip"], recursive: options.recursive)
        var inputs: [IngestInput] = missing.map { IngestInput(name: $0.name, path: $0.name, record: given, issue: nil) }
        inputs += files.compactMap { $0.path.map { IngestInput(name: $0, path: $0, record: given, issue: nil) } }
        guard let path = options.manifest else { return (inputs, nil) }
        let folder = RecordManifest.folder(ofManifest: path)
        if path == "-" {
            return (inputs, ManifestStream(name: "<stdin>", folder: folder) { io.readLine().map { Array($0.utf8) } })
        } else if let manifest = ManifestStream(readingAtPath: path, name: path, folder: folder) {
            return (inputs, manifest)
        }
        io.printError("error: cannot read \(path): \(RecordIngester.unreadableReason(path))")
        return nil
    }
}

/// The listed inputs, then the manifest's: a concrete sequence (an `AnySequence` of a closure costs two generic
/// types made at run time, on the path before the first archive).
private struct AllInputs: Sequence, IteratorProtocol {
    var listed: IndexingIterator<[IngestInput]>
    var manifest: ManifestStream?

    mutating func next() -> IngestInput? {
        listed.next() ?? manifest?.next()
    }
}

/// `assess ingest` over its inputs: workers verify and lay out each record; the ordered stage decides
/// duplicates and commits, printing one JSON line per input and the summary.
struct IngestBatch {
    let ingester: RecordIngester
    var sink: IngestSink
    /// Whether the summary counts superseded exports (`--on-record-id latest`).
    let countsSuperseded: Bool
    private var counts: [IngestOutcome.Status: Int] = [:]
    private var superseded = 0

    init(ingester: RecordIngester, sink: IngestSink, countsSuperseded: Bool) {
        self.ingester = ingester
        self.sink = sink
        self.countsSuperseded = countsSuperseded
    }

    /// Ingests the listed inputs, then the manifest's; the exit status.
    mutating func run(_ inputs: [IngestInput], manifest: ManifestStream?, parallel: OrderedParallelMap, io: CommandIO) -> ExitStatus {
        var failure: IngestWriteError?
        var meter = ParallelInputs.meter(total: manifest == nil ? inputs.count : nil, noun: "archives", io: io)
        let all = AllInputs(listed: inputs.makeIterator(), manifest: manifest)
        // An input that could not be read (no such file, a manifest line without a usable path) keeps
        // its rejected row, and makes the exit status 3, as in `verify`.
        var unreadable = false
        let ingester = ingester
        // The default window, 4 records per job: while one thread takes records in order, writing rows or
        // making a commit, the others go on preparing records. On the 500-archive mix a window of 16 per job
        // took ~550 more page faults of 3,400 with `--jobs 2` for the same voluntary switches and time.
        parallel.run(all, transform: { ingester.prepare($0) }) { prepared in
            meter.advance()
            if prepared.report == nil { unreadable = true }
            guard failure == nil else { return }
            do throws(IngestWriteError) { report(try sink.take(prepared), io: io) } catch { failure = error }
        }
        meter.finish()
        if failure == nil {
            do throws(IngestWriteError) { report(try sink.finish(), io: io) } catch { failure = error }
        }
        if let failure {
            io.printError("error: \(failure.description); ingestion stopped (re-run to finish: the records reported above are committed, the others will be ingested then)")
            return .inputError
        }
        printSummary(io)
        if unreadable { return .inputError }
        return (counts[.invalid] ?? 0) + (counts[.duplicate] ?? 0) == 0 ? .ok : .findings
    }

    /// Prints the outcomes a commit settled, one line each, in one write.
    private mutating func report(_ outcomes: [IngestOutcome], io: CommandIO) {
        guard !outcomes.isEmpty else { return }
        for outcome in outcomes {
            counts[outcome.status, default: 0] += 1
            if outcome.status == .superseded || outcome.supersedes != nil { superseded += 1 }
        }
        io.writeOutput(String(decoding: IngestOutcome.lines(outcomes), as: UTF8.self))
    }

    private func printSummary(_ io: CommandIO) {
        var summary = JSONObject([
            .init(key: "total", value: .number(JSONNumber(counts.values.reduce(0, +)))),
            .init(key: "ingested", value: .number(JSONNumber(counts[.ingested] ?? 0))),
            .init(key: "invalid", value: .number(JSONNumber(counts[.invalid] ?? 0))),
            .init(key: "duplicate", value: .number(JSONNumber(counts[.duplicate] ?? 0))),
        ])
        // Exports replaced by a later one: those that came after it, and those it replaced.
        if countsSuperseded { summary["superseded"] = .number(JSONNumber(superseded)) }
        io.print(JSONWriter.compact.string(["summary": .object(summary)]))
    }
}
