import FoundationEssentials
import Platform
import JSONCore

/// A file named on the command line (or standard input), read as bytes.
struct InputFile: Sendable {
    /// The name used in messages: the path as given, or `<stdin>`.
    let name: String
    /// The path to read, or `nil` for standard input.
    let path: String?

    /// The file's bytes, or why they cannot be read.
    func read(_ io: CommandIO) -> Result<[UInt8], InputError> {
        guard let path else { return .success(io.readInput()) }
        guard let data = FileManager.default.contents(atPath: path) else {
            let isDirectory = FileStatus.isFolder(path)
            return .failure(InputError(name: name, reason: isDirectory.map { $0 ? "is a folder" : "permission denied" } ?? "no such file"))
        }
        return .success(Array(data))
    }

    /// Expands operands: `-` is standard input, a folder contributes its `.json` files (sorted; in
    /// subfolders too unless `recursive` is false).
    static func expand(_ operands: [String], extensions: Set<String> = ["json"], recursive: Bool = true) -> (files: [InputFile], errors: [InputError]) {
        var files: [InputFile] = []
        var errors: [InputError] = []
        for operand in operands {
            if operand == "-" {
                files.append(InputFile(name: "<stdin>", path: nil))
                continue
            }
            guard let isDirectory = FileStatus.isFolder(operand) else {
                errors.append(InputError(name: operand, reason: "no such file"))
                continue
            }
            guard isDirectory else {
                files.append(InputFile(name: operand, path: operand))
                continue
            }
            let listed = recursive ? try? FileManager.default.subpathsOfDirectory(atPath: operand)
                                   : try? FileManager.default.contentsOfDirectory(atPath: operand)
            let found = (listed ?? [])
                .filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }
                .sorted()
            if found.isEmpty {
                let reason = "folder holds no .\(extensions.sorted().joined(separator: "/.")) files" + (recursive ? "" : " (--recursive also reads its subfolders)")
                errors.append(InputError(name: operand, reason: reason))
            }
            let prefix = operand.hasSuffix("/") ? operand : operand + "/"
            files += found.map { InputFile(name: prefix + $0, path: prefix + $0) }
        }
        return (files, errors)
    }
}

/// An input that could not be read.
struct InputError: Error, Sendable {
    let name: String
    let reason: String

    /// The one wording for an input that cannot be read: `error: cannot read NAME: REASON`.
    var description: String { "error: cannot read \(name): \(reason)" }
}

/// A JSON file (or `-`) read and parsed with positions.
struct JSONInput {
    let bytes: [UInt8]
    let document: JSONDocument

    /// The file parsed, or `nil` after printing why it cannot be read or parsed (`file:line:col`).
    static func read(_ path: String, io: CommandIO, printer: DiagnosticPrinter) -> JSONInput? {
        let file = path == "-" ? InputFile(name: "<stdin>", path: nil) : InputFile(name: path, path: path)
        switch file.read(io) {
        case .failure(let error):
            io.printError(error.description)
            return nil
        case .success(let bytes):
            do {
                return JSONInput(bytes: bytes, document: try JSONDocument(bytes: bytes, options: .init(recordPositions: true)))
            } catch {
                io.printError(printer.line(file: file.name, position: error.position, severity: .error, message: error.message))
                return nil
            }
        }
    }
}
