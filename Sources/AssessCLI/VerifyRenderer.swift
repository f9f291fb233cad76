import JSONCore
import ResultArchive

/// How `verify` prints one archive's report: compiler-style text lines, or one JSON line.
enum VerifyRenderer {
    /// Text lines for standard output: the verdict (or one line per problem), then each file's verdict
    /// (with an archive map) and its errors as `ARCHIVE/FILE:line:col`, then notes.
    static func text(_ report: ArchiveReport, mapped: Bool, printer: DiagnosticPrinter) -> [String] {
        var lines: [String] = []
        if report.problems.isEmpty {
            lines.append("\(report.name): \(report.status.rawValue)")
        } else {
            for problem in report.problems {
                lines.append(printer.line(file: report.name, position: nil, severity: .error, message: "\(report.status.rawValue): \(FlagHints.text(problem.text))"))
            }
        }
        if mapped {
            for file in report.files {
                let schema = file.schema.map { " \($0) (chosen by \(file.chosenBy?.rawValue ?? "?"))" } ?? " (no schema)"
                let notes = file.notes.isEmpty ? "" : "; " + file.notes.joined(separator: "; ")
                lines.append("  \(file.filename): \(file.status.rawValue)\(schema)\(notes)")
                for error in file.errors {
                    lines.append("  " + printer.line(file: report.name + "/" + file.filename, position: error.position, severity: .error,
                                                     message: error.message + " at \(error.instancePointer.isRoot ? "the root" : error.instancePointer.description) (\(error.schemaPath))"))
                }
                if file.errorCount > file.errors.count {
                    lines.append("  \(report.name)/\(file.filename): \(file.errorCount - file.errors.count) more errors (--max-errors)")
                }
            }
        }
        for note in report.notes {
            lines.append(printer.line(file: report.name, position: nil, severity: .note, message: note))
        }
        return lines
    }

    /// One JSON object: `archive`, `status`, `reasons`, `taskRunUUID`; with a map also the record's
    /// `recordId`, `assessmentId`, `assessmentRevision`, `appId` (Sage's shape), `files` and `notes`.
    static func json(_ report: ArchiveReport, mapped: Bool) -> JSONValue {
        var line = JSONObject([
            .init(key: "archive", value: .string(report.name)),
            .init(key: "status", value: .string(report.status.rawValue)),
            .init(key: "reasons", value: .array(report.problems.map { .string(FlagHints.text($0.text)) })),
        ])
        if let run = report.taskRunUUID { line["taskRunUUID"] = .string(run) }
        guard mapped else { return .object(line) }
        if let recordId = report.record?.recordId { line["recordId"] = .string(recordId) }
        if let id = report.key?.assessmentId { line["assessmentId"] = .string(id) }
        if let revision = report.key?.assessmentRevision { line["assessmentRevision"] = .number(JSONNumber(revision)) }
        if let app = report.key?.appId { line["appId"] = .string(app) }
        line["files"] = .array(report.files.map(file))
        // Sage's quarantine shape: each invalid file's errors as messages.
        line["errors"] = .object(JSONObject(report.files.filter { !$0.errors.isEmpty }.map { verdict in
            JSONObject.Member(key: verdict.filename, value: .array(verdict.errors.map { .string($0.description) }))
        }))
        line["notes"] = .array(report.notes.map { .string($0) })
        return .object(line)
    }

    private static func file(_ verdict: FileVerdict) -> JSONValue {
        var object = JSONObject([
            .init(key: "filename", value: .string(verdict.filename)),
            .init(key: "schema", value: verdict.schema.map { .string($0) } ?? .null),
            .init(key: "chosenBy", value: verdict.chosenBy.map { .string($0.rawValue) } ?? .null),
            .init(key: "status", value: .string(verdict.status.rawValue)),
            .init(key: "errors", value: .array(verdict.errors.map(error))),
            .init(key: "errorCount", value: .number(JSONNumber(verdict.errorCount))),
            .init(key: "toleratedCount", value: .number(JSONNumber(verdict.toleratedCount))),
        ])
        if verdict.lookupName != verdict.filename { object["lookupName"] = .string(verdict.lookupName) }
        if case .catalog(let path)? = verdict.origin { object["schemaSource"] = .string("catalog: \(path)") }
        object["notes"] = .array(verdict.notes.map { .string($0) })
        return .object(object)
    }

    private static func error(_ error: FileError) -> JSONValue {
        var object = JSONObject([
            .init(key: "message", value: .string(error.message)),
            .init(key: "keyword", value: .string(error.keyword)),
            .init(key: "instancePath", value: .string(error.instancePointer.description)),
            .init(key: "schemaPath", value: .string(error.schemaPath.description)),
        ])
        if let position = error.position {
            object["line"] = .number(JSONNumber(position.line))
            object["column"] = .number(JSONNumber(position.column))
        }
        return .object(object)
    }
}
