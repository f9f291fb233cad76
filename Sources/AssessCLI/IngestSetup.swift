import Foundation
import Ingest
import JSONCore
import JSONSchema
import ResultArchive

/// What `ingest` builds from its options beside `VerifySetup`'s verifier: the dataset names.
enum IngestSetup {
    /// `--dataset-names FILE` (a JSON object of schema URI → dataset name), or `nil` after printing why not.
    static func datasetNames(_ arguments: ParsedArguments, io: CommandIO, printer: DiagnosticPrinter) -> DatasetNames? {
        guard let path = arguments.value("--dataset-names") else { return DatasetNames() }
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
}
