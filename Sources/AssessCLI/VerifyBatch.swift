import FoundationEssentials
import JSONCore
import OrderedParallel
import ResultArchive

/// `assess verify` over many archives: read and verified in parallel, duplicates marked and lines printed in order.
struct VerifyBatch {
    let setup: VerifySetup
    let report: VerifyCommand.Report
    let printer: DiagnosticPrinter

    /// Verifies and prints every input (then the JSON summary line); the worst status among them.
    func verify(_ inputs: [VerifyInput], parallel: OrderedParallelMap, io: CommandIO) -> ExitStatus {
        let mapped = setup.mapping != nil, verifier = setup.verifier, report = report, printer = printer
        var batch = BatchVerifier(verifier: verifier)
        var status = ExitStatus.ok
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
            for hint in verdict.hints.map(FlagHints.text) where (report == .text || mapped) && hinted.insert(hint).inserted { io.printError("note: \(hint)") }
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
