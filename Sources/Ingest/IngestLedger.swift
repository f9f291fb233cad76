import Foundation
import JSONCore
import OrderedParallel
import ZipArchive

/// What earlier runs over an output folder ingested, and how a commit is made durable: the journal
/// `_assess/ledger.ndjson` (one line per ingested record, naming its commit and where its rows are) and
/// a marker per commit in flight (`_assess/pending/N.json`, the files it is placing). Spark and Glue
/// skip folders starting with `_`.
///
/// A commit writes its marker, places its files (each written then renamed), appends its records to the
/// journal in one write, then removes the marker. Opening the ledger after an interrupted run undoes
/// every commit that still has a marker: its files are removed and its journal lines dropped, so its
/// records are ingested again, whole, by the next run.
struct IngestLedger {
    /// One ingested record.
    struct Entry {
        let commit: Int
        let recordId: String
        let taskRunUUID: String?
        /// The input as named in reports (a path, or `MANIFEST:LINE`).
        let input: String
        /// Where its rows are: a file under the output folder, the first line (1-based) and the line count.
        let objects: [(path: String, line: Int, lines: Int)]

        /// The entry's journal line (with its line feed).
        var line: [UInt8] {
            var line = JSONBytes()
            line.beginObject()
            line.key("commit"); line.integer(commit)
            line.key("recordId"); line.string(recordId)
            line.key("taskRunUUID"); line.string(taskRunUUID)
            line.key("input"); line.string(input)
            line.key("objects")
            line.beginArray()
            for object in objects {
                line.beginObject()
                line.key("path"); line.string(object.path)
                line.key("line"); line.integer(object.line)
                line.key("lines"); line.integer(object.lines)
                line.endObject()
            }
            line.endArray()
            line.endObject()
            line.endLine()
            return line.bytes
        }

        init(commit: Int, recordId: String, taskRunUUID: String?, input: String, objects: [(path: String, line: Int, lines: Int)]) {
            self.commit = commit
            self.recordId = recordId
            self.taskRunUUID = taskRunUUID
            self.input = input
            self.objects = objects
        }

        /// The entry of a journal line, or `nil` for a line that is not one (a torn last line).
        init?(_ value: JSONValue) {
            guard let commit = value["commit"]?.numberValue?.intValue, let recordId = value["recordId"]?.stringValue,
                  let input = value["input"]?.stringValue, let objects = value["objects"]?.arrayValue else { return nil }
            self.commit = commit
            self.recordId = recordId
            taskRunUUID = value["taskRunUUID"]?.stringValue
            self.input = input
            self.objects = objects.compactMap { object in
                guard let path = object["path"]?.stringValue, let line = object["line"]?.numberValue?.intValue,
                      let lines = object["lines"]?.numberValue?.intValue else { return nil }
                return (path, line, lines)
            }
        }
    }

    static let journal = "_assess/ledger.ndjson"
    static let pending = "_assess/pending"

    /// The output folder.
    let folder: String
    /// Whether each commit reaches the disk before the journal records it (`fsync`): a machine that stops
    /// (power, kernel) then loses no committed record either; otherwise files are flushed at the run's end.
    let durable: Bool
    /// Each ingested record's run (`nil` when it has none), by record identifier.
    private(set) var runOfRecord: [String: String?] = [:]
    /// The record each ingested run came in, by `taskRunUUID`.
    private(set) var recordOfRun: [String: String] = [:]
    /// The number of the last commit made.
    private(set) var lastCommit = 0

    /// The ledger of `folder`, after undoing what an interrupted run left in flight.
    init(folder: String, durable: Bool = false) throws(IngestWriteError) {
        self.folder = folder
        self.durable = durable
        try IngestLedger.makeFolder(folder + "/" + IngestLedger.pending)
        let undone = try undoInterruptedCommits()
        var entries = readJournal()
        if !undone.isEmpty {
            entries.removeAll { undone.contains($0.commit) }
            try rewriteJournal(entries)
            for commit in undone { unlink(markerPath(commit)) }
        }
        for entry in entries { remember(entry) }
    }

    /// Runs a commit of `files` (path under the output folder → bytes) recording `entries`, writing the files
    /// on up to `writers` threads; without `overwrite`, a file already there stops the commit (the ledger
    /// does not know it: nothing is replaced). When files cannot be written, the error of the first of them
    /// (in `files` order) is thrown and the commit stays in flight, to be undone by the next run.
    mutating func commit(_ number: Int, files: [(path: String, chunks: [[UInt8]])], entries: [Entry], overwrite: Bool,
                         writers: Int = 1) throws(IngestWriteError) {
        // Checked before the marker exists: undoing this commit must never remove a file it did not write.
        for file in files where !overwrite && FileManager.default.fileExists(atPath: folder + "/" + file.path) {
            throw IngestLedger.unknownFile(folder + "/" + file.path)
        }
        let marker = JSONValue.array(files.map { .string($0.path) })
        try IngestLedger.write(JSONWriter.compact.bytes(marker), to: markerPath(number), flush: durable)
        let folder = folder, durable = durable
        var firstFailure: IngestWriteError?
        OrderedParallelMap(jobs: min(writers, files.count)).run(files, transform: { file in
            Result { () throws(IngestWriteError) in try IngestLedger.write(chunks: file.chunks, to: folder + "/" + file.path, overwrite: overwrite, flush: durable) }
        }, consume: { written in
            if firstFailure == nil, case .failure(let error) = written { firstFailure = error }
        })
        if let firstFailure { throw firstFailure }
        var lines: [UInt8] = []
        for entry in entries { lines += entry.line }
        try append(lines)
        unlink(markerPath(number))
        for entry in entries { remember(entry) }
        lastCommit = max(lastCommit, number)
    }

    private mutating func remember(_ entry: Entry) {
        runOfRecord[entry.recordId] = .some(entry.taskRunUUID)
        if let run = entry.taskRunUUID { recordOfRun[run] = entry.recordId }
        lastCommit = max(lastCommit, entry.commit)
    }

    private func markerPath(_ commit: Int) -> String {
        folder + "/" + IngestLedger.pending + "/" + String(format: "%06d.json", commit)
    }

    /// Removes the files of every commit left in flight; returns their numbers.
    private func undoInterruptedCommits() throws(IngestWriteError) -> Set<Int> {
        let markers = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + IngestLedger.pending)) ?? []
        var undone: Set<Int> = []
        for name in markers {
            let path = folder + "/" + IngestLedger.pending + "/" + name
            guard name.hasSuffix(".json"), let commit = Int(name.dropLast(5)) else {
                // A marker's own temporary file: the commit never started.
                unlink(path)
                continue
            }
            let listed = FileManager.default.contents(atPath: path).flatMap { try? JSONDocument(bytes: Array($0)).value.arrayValue } ?? []
            for file in listed.compactMap(\.stringValue) where !file.hasPrefix("/") && !file.split(separator: "/").contains("..") {
                unlink(folder + "/" + file)
            }
            undone.insert(commit)
        }
        return undone
    }

    private func readJournal() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: folder + "/" + IngestLedger.journal) else { return [] }
        return data.split(separator: 0x0A).compactMap { line in (try? JSONDocument(bytes: Array(line)).value).flatMap(Entry.init) }
    }

    private func rewriteJournal(_ entries: [Entry]) throws(IngestWriteError) {
        var lines: [UInt8] = []
        for entry in entries { lines += entry.line }
        try IngestLedger.write(lines, to: folder + "/" + IngestLedger.journal)
    }

    /// Appends `bytes` to the journal in one write, after a torn last line (if any) is cut off.
    private func append(_ bytes: [UInt8]) throws(IngestWriteError) {
        let path = folder + "/" + IngestLedger.journal
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw IngestWriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, status.st_size - 1) == 1, last != 0x0A {
                // A line torn by an interrupted append: only whole lines count.
                let whole = FileManager.default.contents(atPath: path).map { data in data.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0 } ?? 0
                ftruncate(descriptor, off_t(whole))
            }
        }
        if let reason = AtomicFile.writeAll(bytes, to: descriptor) { throw IngestWriteError(description: "cannot write \(path): \(reason)") }
        if durable, fsync(descriptor) != 0 {
            throw IngestWriteError(description: "cannot flush \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes a whole file (temporary, then renamed), creating its folder; flushed now with `flush`, else
    /// by the sink's `finish()`.
    static func write(_ bytes: [UInt8], to path: String, flush: Bool = false) throws(IngestWriteError) {
        try write(chunks: [bytes], to: path, overwrite: true, flush: flush)
    }

    /// Writes the concatenation of `chunks` as `write(_:to:)` writes one buffer; without `overwrite`, an
    /// existing file is an error that says the ledger does not know it.
    static func write(chunks: [[UInt8]], to path: String, overwrite: Bool, flush: Bool = false) throws(IngestWriteError) {
        func attempt() throws(ZipError) { try AtomicFile.write(chunks: chunks, to: path, overwrite: overwrite, flush: flush) }
        func refusal(_ error: ZipError) -> IngestWriteError {
            guard case .destinationExists = error else { return IngestWriteError(description: error.description) }
            return unknownFile(path)
        }
        do {
            try attempt()
        } catch .destinationExists {
            throw refusal(.destinationExists(path))
        } catch {
            // Most often the folder is new: make it and try once more.
            try makeFolder(AtomicFile.folder(of: path) ?? ".")
            do { try attempt() } catch { throw refusal(error) }
        }
    }

    private static func unknownFile(_ path: String) -> IngestWriteError {
        IngestWriteError(description: "\(path) already exists but no commit in \(journal) names it (was the ledger removed?); "
                         + "nothing was replaced: ingest into a new folder, or restore the ledger")
    }

    /// Makes the folder `path` and those missing above it (`mkdir -p`): one call when only it is missing,
    /// as a new partition folder is; an existing folder is fine. The output folder itself is made here
    /// too (by the sink), so its errors read as every other write error: `cannot write PATH: reason`.
    static func makeFolder(_ path: String) throws(IngestWriteError) {
        func make() -> Int32? {
            if mkdir(path, 0o777) == 0 { return nil }
            let error = errno
            var status = stat()
            return error == EEXIST && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? nil : error
        }
        guard var error = make() else { return }
        if error == ENOENT, let parent = AtomicFile.folder(of: path), parent != path {
            try makeFolder(parent)
            guard let again = make() else { return }
            error = again
        }
        throw IngestWriteError(description: "cannot write \(path): \(String(cString: strerror(error)))")
    }
}
