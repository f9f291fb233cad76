import Foundation
import JSONCore
import JSONSchema
import ZipArchive
import ResultArchive

/// `assess verify`: checks result archives, one by one or as an ingestion batch.
struct VerifyCommand: Command {
    let spec = CommandSpec(
        name: "verify",
        summary: "Verify result archives: zip structure, metadata.json manifest, schemas, and optionally the survey.",
        synopsis: "[--survey SURVEY.json] [--ref-dir DIR]... [--format text|json] [--recursive] ARCHIVE.zip... | DIR | --batch DIR",
        options: [
            .value("--survey", valueName: "SURVEY.json", help: "Also check that the result belongs to this survey."),
            SharedOptions.refDir("Load every .json schema under DIR for manifest jsonSchema URIs (repeatable)."),
            SharedOptions.format("text (default) or json: one JSON line per archive, then a summary line.", aliases: ["--report"]),
            .value("--batch", valueName: "DIR", help: "Verify every .zip in DIR; runs seen twice (taskRunUUID) are duplicates."),
            .flag("--recursive", "-R", help: "Also verify the .zip files in subfolders of each DIR."),
        ],
        discussion: """
            Refuses dangerous archives: names with '..' or absolute paths, encrypted or unsupported
            entries, sizes that lie, CRC errors, compression ratios or totals beyond limits.

            EXIT STATUS: 0 all valid, 1 some archive invalid or duplicate, 2 usage error, 3 unreadable input.
            """)

    enum Report: String, CaseIterable {
        case text, json
    }

    func run(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        let report = try arguments.choice("--format", default: Report.text)
        var operands = arguments.positionals
        if let batch = arguments.value("--batch") { operands.append(batch) }
        guard !operands.isEmpty else { throw UsageError("no archives given (ARCHIVE.zip..., DIR or --batch DIR)") }
        let printer = DiagnosticPrinter(useColor: io.usesColor)
        guard let registry = SchemaSetup.registry(for: arguments, printer: printer, io: io) else { return .inputError }
        var survey: JSONValue?
        if let path = arguments.value("--survey") {
            guard let read = JSONInput.read(path, io: io, printer: printer) else { return .inputError }
            survey = read.document.value
        }
        var batch = BatchVerifier(verifier: ArchiveVerifier(registry: registry, survey: survey))
        let (files, missing) = InputFile.expand(operands, extensions: ["zip"], recursive: arguments.flag("--recursive"))
        var status: ExitStatus = missing.isEmpty ? .ok : .inputError
        missing.forEach { io.printError($0.description) }
        var counts: [ArchiveReport.Status: Int] = [:]
        for file in files {
            let bytes: [UInt8]
            switch file.read(io) {
            case .success(let read): bytes = read
            case .failure(let error):
                io.printError(error.description)
                status = status.worst(.inputError)
                continue
            }
            let verdict = batch.verify(bytes, name: file.name)
            counts[verdict.status, default: 0] += 1
            if verdict.status != .valid { status = status.worst(.findings) }
            switch report {
            case .text:
                if verdict.problems.isEmpty {
                    io.print("\(file.name): \(verdict.status.rawValue)")
                } else {
                    for problem in verdict.problems {
                        io.print(printer.line(file: file.name, position: nil, severity: .error, message: "\(verdict.status.rawValue): \(problem)"))
                    }
                }
            case .json:
                var line = JSONObject([
                    .init(key: "archive", value: .string(file.name)),
                    .init(key: "status", value: .string(verdict.status.rawValue)),
                    .init(key: "reasons", value: .array(verdict.problems.map { .string($0.description) })),
                ])
                if let run = verdict.taskRunUUID { line["taskRunUUID"] = .string(run) }
                io.print(JSONWriter.compact.string(.object(line)))
            }
        }
        if report == .json {
            let summary: JSONValue = ["summary": [
                "total": .number(JSONNumber(files.count)),
                "valid": .number(JSONNumber(counts[.valid] ?? 0)),
                "invalid": .number(JSONNumber(counts[.invalid] ?? 0)),
                "duplicate": .number(JSONNumber(counts[.duplicate] ?? 0)),
            ]]
            io.print(JSONWriter.compact.string(summary))
        }
        return status
    }
}
