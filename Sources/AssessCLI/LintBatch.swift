import AssessmentLint
import AssessmentModel
import FoundationEssentials
import JSONCore
import JSONSchema
import OrderedParallel
import ResultArchive

/// `assess lint` over many files: each survey (or archive map) linted in parallel, reports taken in order.
struct LintBatch {
    let options: LintCommand.Options
    let registry: SchemaRegistry
    /// The schema URI surveys are checked against instead of the bundled one.
    let schema: String?
    let printer: DiagnosticPrinter

    /// The reports of `files` in order, and the worst status among them (unreadable inputs, findings).
    func lint(_ files: [InputFile], io: CommandIO) -> (reports: [LintReport], status: ExitStatus) {
        var status = ExitStatus.ok
        var reports: [LintReport] = []
        let strict = options.strict
        var meter = ParallelInputs.meter(total: files.count, noun: "surveys", io: io)
        // Surveys are linted in parallel; their messages and reports are taken in order.
        options.parallel.run(files, transform: { file -> (report: LintReport?, errors: String) in
            let held = HeldErrors()
            let heldIO = held.io(from: io)
            return (lint(file, io: heldIO), held.written)
        }, consume: { outcome in
            meter.advance()
            if !outcome.errors.isEmpty { io.writeError(outcome.errors) }
            guard let report = outcome.report else {
                status = status.worst(.inputError)
                return
            }
            reports.append(report)
            if report.unreadable {
                status = status.worst(.inputError)
            } else if report.fails(strict: strict) {
                status = status.worst(.findings)
            }
        })
        meter.finish()
        return (reports, status)
    }

    /// One file's report, or `nil` after printing why it cannot be linted.
    private func lint(_ file: InputFile, io: CommandIO) -> LintReport? {
        let bytes: [UInt8]
        switch file.read(io) {
        case .failure(let error):
            io.printError(error.description)
            return nil
        case .success(let read): bytes = read
        }
        if ArchiveMapLinter.isArchiveMap(bytes) {
            guard let report = Self.lintMap(bytes, file: file, registry: registry, catalog: options.sources.catalog, io: io, printer: printer) else {
                return nil
            }
            return LintReport(file: report.file, findings: report.findings.filter { !options.excluded.contains($0.ruleID) }, unreadable: report.unreadable)
        }
        guard let settings = SurveySettings.load(for: file.path, options: options.settings, io: io) else { return nil }
        let linter = Linter(registry: registry, schema: schema, excluding: options.excluded,
                            allowedTypes: settings.allowedTypes, resources: settings.resources,
                            allowedProperties: settings.allowedProperties)
        return linter.lint(bytes: bytes, file: file.name)
    }

    /// An archive map's findings; its folder's schemas and `--catalog` resolve its URIs.
    private static func lintMap(_ bytes: [UInt8], file: InputFile, registry: SchemaRegistry, catalog: String?, io: CommandIO,
                         printer: DiagnosticPrinter) -> LintReport? {
        var registry = registry
        if let path = file.path, !SchemaSetup.registerMapFolder(of: path, in: &registry, printer: printer, io: io) { return nil }
        guard case .success(let catalog) = SchemaSetup.catalog(catalog, printer: printer, io: io) else { return nil }
        return ArchiveMapLinter(schemas: SchemaCache(registry: registry, catalog: catalog), registry: registry).lint(bytes: bytes, file: file.name)
    }
}
