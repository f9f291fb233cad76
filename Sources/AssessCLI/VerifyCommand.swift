import Foundation
import JSONCore
import JSONSchema
import ZipArchive
import ResultArchive
import OrderedParallel
import AssessmentLint

/// `assess verify`: checks result archives, one by one or as an ingestion batch, on their own or
/// against Sage's archive map.
struct VerifyCommand: Command {
    let spec = CommandSpec(
        name: "verify",
        summary: "Verify result archives: zip structure, metadata.json manifest, schemas (or Sage's archive map), and optionally the survey.",
        synopsis: "[--archive-map MAP.json [--manifest FILE|-] [--assessment ID --revision N --app ID] [--file-alias NAME=MAPPED]... [--tolerated FILE] [--required error|warning]] [--catalog FILE] [--survey SURVEY.json] [--ref-dir DIR]... [--format text|json] [--recursive] [--jobs N] ARCHIVE.zip... | DIR | --batch DIR",
        options: [
            .value("--survey", valueName: "SURVEY.json", help: "Also check that the result belongs to this survey."),
            SharedOptions.refDir("Load every .json schema under DIR for schema URIs, e.g. Sage's published schemas (repeatable)."),
            SharedOptions.catalog,
            SharedOptions.format("text (default) or json: one JSON line per archive, then a summary line.", aliases: ["--report"]),
            .value("--batch", valueName: "DIR", help: "Verify every .zip in DIR; runs seen twice (taskRunUUID) are duplicates."),
            .flag("--recursive", "-R", help: "Also verify the .zip files in subfolders of each DIR."),
            .value("--archive-map", valueName: "MAP.json", help: "Sage's archive-map.json: it decides each file's schema (metadata.json, assessment, app, common)."),
            .value("--manifest", valueName: "FILE", help: "Record metadata, JSON lines {\"path\", \"recordId\", \"assessmentId\", \"assessmentRevision\", \"uploadedOn\", \"clientInfo\", \"appId\"}; - reads standard input."),
        ] + SharedOptions.archiveMapLookup + [
            ParallelInputs.option,
        ],
        discussion: """
            Refuses dangerous archives: names with '..' or absolute paths, encrypted or unsupported
            entries, sizes that lie, CRC errors, compression ratios or totals beyond limits.

            Without --archive-map, metadata.json must list every file and each JSON file is checked
            against the schema its entry names; assessmentResult.json is always checked as a result.
            With --archive-map, every file gets its schema as Sage's ingestion finds it; a file missing
            from metadata.json is a note. Schemas come only from the bundled ones, --ref-dir, the map's
            folder and --catalog: never from the network.

            EXIT STATUS: 0 all valid, 1 some archive invalid or duplicate, 2 usage error,
                         3 unreadable input, bad manifest line, or a schema URI nothing on disk answers to.
            """)

    enum Report: String, CaseIterable {
        case text, json
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        let report = try arguments.choice("--format", default: Report.text)
        var operands = arguments.positionals
        if let batch = arguments.value("--batch") { operands.append(batch) }
        guard !operands.isEmpty || arguments.value("--manifest") != nil else {
            throw UsageError("no archives given (ARCHIVE.zip..., DIR, --batch DIR or --manifest FILE)")
        }
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        var survey: JSONValue?
        if let path = arguments.value("--survey") {
            guard let read = JSONInput.read(path, io: io, printer: printer) else { return .inputError }
            survey = read.document.value
        }
        guard let setup = try VerifySetup.make(arguments, survey: survey, io: io, printer: printer) else { return .inputError }
        let mapped = setup.mapping != nil
        let parallel = try ParallelInputs.map(arguments)
        BatchMemory.keepFreedMemory()
        let verifier = setup.verifier
        var batch = BatchVerifier(verifier: verifier)
        let (inputs, collected) = try VerifyInput.collect(arguments, operands: operands, io: io, printer: printer)
        var status = collected
        var counts: [ArchiveReport.Status: Int] = [:]
        var meter = ParallelInputs.meter(total: inputs.count, noun: "archives", io: io)
        var hinted: Set<String> = []
        // Archives are read and verified in parallel; duplicates are marked and lines printed in order.
        parallel.run(inputs.map { ($0.file, $0.record) }, transform: { file, record -> Result<ArchiveReport, InputError> in
            file.read(io).map { verifier.verify($0, name: file.name, record: record) }
        }, consume: { outcome in
            meter.advance()
            let verdict: ArchiveReport
            switch outcome {
            case .success(let report): verdict = batch.mark(report)
            case .failure(let error):
                io.printError(error.description)
                status = status.worst(.inputError)
                return
            }
            counts[verdict.status, default: 0] += 1
            if verdict.status != .valid { status = status.worst(.findings) }
            if verdict.hasUnresolvedSchema { status = status.worst(.inputError) }
            switch report {
            case .text: VerifyRenderer.text(verdict, mapped: mapped, printer: printer).forEach(io.print)
            case .json: io.print(JSONWriter.compact.string(VerifyRenderer.json(verdict, mapped: mapped)))
            }
            // Advice that holds for the whole run (how to give the schemas) once, not per archive, where
            // the notes it explains are shown (a JSON line without a map has none).
            for hint in verdict.hints where (report == .text || mapped) && hinted.insert(hint).inserted { io.printError("note: \(hint)") }
        })
        meter.finish()
        if report == .json {
            let summary: JSONValue = ["summary": [
                "total": .number(JSONNumber(inputs.count)),
                "valid": .number(JSONNumber(counts[.valid] ?? 0)),
                "invalid": .number(JSONNumber(counts[.invalid] ?? 0)),
                "duplicate": .number(JSONNumber(counts[.duplicate] ?? 0)),
            ]]
            io.print(JSONWriter.compact.string(summary))
        }
        return status
    }
}
