import AssessmentRunner
import FoundationEssentials
import Platform
import JSONCore
import AssessmentModel
import FileIO
import AssessmentLint
import AssessmentSchemas
import ResultArchive

/// The files `assess run` writes (`--result`, `--archive`, `--record`): checked before the run, never
/// replacing an existing file without `--force`.
struct RunOutputs {
    let resultPath: String?
    let archivePath: String?
    let recordPath: String?
    let force: Bool

    /// Why an output cannot be written, found before the run starts (an existing file without
    /// `--force`, a folder that does not exist), or `nil`.
    func problemBeforeRun(record: Bool) -> String? {
        let paths = [resultPath, archivePath, record ? recordPath : nil].compactMap { $0 }
        return paths.compactMap { OutputFile.problem(writing: $0, force: force) }.first
    }

    /// Writes `--result` and `--archive` for a finished session; a failed run (the step cap, a loop at
    /// the start) writes neither, so no archive ever holds a run that did not end.
    func write(_ session: RunSession, io: CommandIO) -> ExitStatus {
        if session.status == .failed, resultPath != nil || archivePath != nil {
            io.printError("error: no result or archive written: the run failed")
            return .findings
        }
        let result = JSONWriter.pretty.bytes(session.result)
        if let resultPath {
            do {
                try AtomicFile.write(result, to: resultPath, overwrite: force)
            } catch {
                io.printError("error: \(FlagHints.describe(error))")
                return .inputError
            }
        }
        if let archivePath {
            let builder = ArchiveBuilder(timestamp: Timestamp.date(session.result["endDate"]?.stringValue ?? "") ?? Date())
            do {
                try builder.write([ArchiveInput(filename: "assessmentResult.json", bytes: result, contentType: "application/json",
                                                jsonSchema: SageSchemas.assessmentResultObjectURI, identifier: session.navigator.assessment.identifier)],
                                  to: archivePath, overwrite: force)
            } catch {
                io.printError("error: \(error)")
                return .inputError
            }
        }
        return .ok
    }
}

/// Checks on a file (or folder) a command is about to write. One rule for every output: the folder
/// it goes into must exist (nothing creates missing folders), and what exists is replaced only with `--force`.
enum OutputFile {
    /// Why `path` cannot be written: it exists (without `force`), is a folder, or its folder is missing.
    static func problem(writing path: String, force: Bool) -> String? {
        if let isDirectory = FileStatus.isFolder(path) {
            if isDirectory { return "error: cannot write \(path): it is a folder" }
            return force ? nil : "error: \(path) already exists (use --force to replace it)"
        }
        return missingFolder(of: path)
    }

    /// Why files cannot be written into `folder`: it is a file, or it is missing and so is its parent
    /// (a missing `folder` itself is created, as a missing file would be).
    static func problem(writingInto folder: String) -> String? {
        if let isDirectory = FileStatus.isFolder(folder) {
            return isDirectory ? nil : "error: cannot write into \(folder): it is a file"
        }
        return missingFolder(of: folder)
    }

    private static func missingFolder(of path: String) -> String? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileStatus.isFolder(folder) == true else {
            return "error: cannot write \(path): no such folder \(folder)"
        }
        return nil
    }
}

/// The script an interactive session records (`--record`); saved at the end, on end of input, or on Ctrl-C.
final class ScriptRecorder: @unchecked Sendable {
    let path: String
    private let overwrite: Bool
    private let lock = Lock()
    private var entries: [AnswerScript.Entry] = []
    private var saved = false

    init(path: String, overwrite: Bool) {
        self.path = path
        self.overwrite = overwrite
    }

    /// Adds the entry that replays one performed action.
    func append(_ entry: AnswerScript.Entry) {
        lock.withLock { entries.append(entry) }
    }

    /// Writes the script so far; the number of entries, or why it could not be written.
    func save() -> Result<Int, FileWriteError> {
        // Held while writing: an interrupt and the end of the session may both save.
        lock.lock()
        defer { lock.unlock() }
        do {
            // Once this session has written the file, later saves replace its own earlier copy.
            try AtomicFile.write(JSONWriter.pretty.bytes(AnswerScript.entries(entries).json), to: path, overwrite: overwrite || saved)
            saved = true
            return .success(entries.count)
        } catch {
            return .failure(error)
        }
    }
}
