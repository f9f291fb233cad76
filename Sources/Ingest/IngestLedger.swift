import FoundationEssentials
import Glibc
import Platform
import JSONCore
import OrderedParallel
import ZipArchive
import FileIO

/// What earlier runs over an output folder ingested, and how a commit is made durable: the journal
/// `_assess/ledger.ndjson` (one line per ingested record, naming its commit and where its rows are) and
/// a marker per commit in flight (`_assess/pending/N.json`, the files it is placing). Spark and Glue
/// skip folders starting with `_`.
///
/// A commit writes its marker, places its files (each written then renamed, or appended to), appends its
/// records to the journal in one write, then removes the marker; a streamed commit (`IngestSink.StreamWindow`)
/// has written its marker and its rows before, as its records came. Opening the ledger after an interrupted
/// run undoes every commit that still has a marker: the files it created are removed, those it appended to
/// cut back, and its journal lines dropped, so its records are ingested again, whole, by the next run.
struct IngestLedger {
    /// One ingested record.
    struct Entry {
        let commit: Int
        let recordId: String
        let taskRunUUID: String?
        /// The input as named in reports (a path, or `MANIFEST:LINE`).
        let input: String
        /// Where its rows are: a file under the output folder, the first line (1-based) and the line count.
        var objects: [(path: String, line: Int, lines: Int)]
        /// When Bridge exported the record (the manifest's `exportedOn`), when known.
        let exportedOn: String?
        /// The input whose export of the record this one replaced (`--on-record-id latest`), if any.
        let replaces: String?

        /// The entry's journal line (with its line feed).
        var line: [UInt8] { Entry.lines([self]) }

        /// The journal lines of `entries` (each with its line feed), written into one buffer: the bytes
        /// `JSONWriter.compact` writes for each entry's object (`HandWrittenIOAgreesWithFoundationTests`).
        static func lines(_ entries: [Entry]) -> [UInt8] {
            var out = ByteOutput(capacity: 256 * max(entries.count, 1))
            for entry in entries {
                out.append(#"{"commit":"#)
                out.appendDecimal(entry.commit)
                out.append(#","recordId":"#)
                out.appendString(entry.recordId)
                out.append(#","taskRunUUID":"#)
                if let run = entry.taskRunUUID { out.appendString(run) } else { out.append(StaticString("null")) }
                out.append(#","input":"#)
                out.appendString(entry.input)
                if let exportedOn = entry.exportedOn {
                    out.append(#","exportedOn":"#)
                    out.appendString(exportedOn)
                }
                if let replaces = entry.replaces {
                    out.append(#","replaces":"#)
                    out.appendString(replaces)
                }
                out.append(#","objects":["#)
                for index in entry.objects.indices {
                    let object = entry.objects[index]
                    out.append(index == 0 ? StaticString(#"{"path":"#) : StaticString(#",{"path":"#))
                    out.appendString(object.path)
                    out.append(#","line":"#)
                    out.appendDecimal(object.line)
                    out.append(#","lines":"#)
                    out.appendDecimal(object.lines)
                    out.append(UInt8(ascii: "}"))
                }
                out.append(StaticString("]}\n"))
            }
            return out.bytes
        }

        init(commit: Int, recordId: String, taskRunUUID: String?, input: String, objects: [(path: String, line: Int, lines: Int)],
             exportedOn: String? = nil, replaces: String? = nil) {
            self.commit = commit
            self.recordId = recordId
            self.taskRunUUID = taskRunUUID
            self.input = input
            self.objects = objects
            self.exportedOn = exportedOn
            self.replaces = replaces
        }

        /// The entry of a journal line, or `nil` for a line that is not one (a torn last line).
        init?(_ value: JSONValue) {
            guard let commit = value["commit"]?.numberValue?.intValue, let recordId = value["recordId"]?.stringValue,
                  let input = value["input"]?.stringValue, let objects = value["objects"]?.arrayValue else { return nil }
            self.commit = commit
            self.recordId = recordId
            taskRunUUID = value["taskRunUUID"]?.stringValue
            self.input = input
            exportedOn = value["exportedOn"]?.stringValue
            replaces = value["replaces"]?.stringValue
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
    /// (power, kernel) then loses no committed record either; otherwise the output's file system is
    /// flushed while the run goes on, and all the run wrote is on disk once its end is (`flushRun()`).
    let durable: Bool
    /// Whether the record each object belongs to is kept (`owners`): in the per-record layout, where an
    /// object is one record's own.
    let tracksOwners: Bool
    /// Each ingested record's run (`nil` when it has none), by record identifier.
    private(set) var runOfRecord: [String: String?] = [:]
    /// The record each ingested run came in, by `taskRunUUID`.
    private(set) var recordOfRun: [String: String] = [:]
    /// When each ingested record was exported, by record identifier (records with an `exportedOn` only).
    private(set) var exportedOfRecord: [String: String] = [:]
    /// The record each object belongs to, by path (with `tracksOwners`).
    private(set) var owners: [String: String] = [:]
    /// The number of the last commit made.
    private(set) var lastCommit = 0
    /// Folders known to exist: made or written into by this run (a file is written there without trying first).
    var knownFolders: Set<String> = []
    /// The files this run appends to, open from one commit to the next.
    let openFiles = OpenPartFiles()
    /// The flush of the output's file system under way (without `durable`), if any.
    var flushing: FileSystemFlush?
    /// Whether the run changed files since the last flush of the output's file system started (without
    /// `durable`; from the start: recovering an interrupted commit changes files too).
    var unflushed = true

    /// The ledger of `folder`, after finishing or undoing what an interrupted run left in flight.
    init(folder: String, durable: Bool = false, tracksOwners: Bool = false) throws(IngestWriteError) {
        self.folder = folder
        self.durable = durable
        self.tracksOwners = tracksOwners
        try makeFolders([folder + "/" + IngestLedger.pending])
        knownFolders.formUnion([folder, folder + "/_assess"])
        var entries = readJournal()
        let (undone, markers) = recoverInterruptedCommits(journal: entries)
        if !undone.isEmpty {
            entries.removeAll { undone.contains($0.commit) }
            try rewriteJournal(entries)
        }
        for marker in markers { unlink(marker) }
        for entry in entries { remember(entry) }
    }

    /// The entries of the journal for the records `recordIds` (read from disk: only a commit replacing
    /// records needs them).
    func entries(of recordIds: Set<String>) -> [Entry] {
        readJournal().filter { recordIds.contains($0.recordId) }
    }

    /// Runs a commit of `files` recording `entries`, writing the files on up to `writers` threads; a file to
    /// create without `overwrite` that is already there stops the commit (the ledger does not know it:
    /// nothing is replaced). A commit that replaces or removes files (`dropped` records' rows leaving
    /// them) rewrites the journal without `dropped`, their rows' neighbours renumbered, and finishes once
    /// the journal is in place (the next run finishes it when this one stops after that). When files cannot
    /// be written, the error of the first of them (in `files` order) is thrown and the commit stays in
    /// flight, to be undone by the next run.
    mutating func commit(_ number: Int, files: [CommitFile], entries: [Entry], dropped: [Entry] = [], writers: Int = 1) throws(IngestWriteError) {
        // Checked before the marker exists: undoing this commit must never remove a file it did not write.
        for file in files where !file.overwrite && file.change == .create && FileManager.default.fileExists(atPath: folder + "/" + file.path) {
            throw IngestLedger.unknownFile(folder + "/" + file.path)
        }
        let marker = CommitMarker(files: files, number: number)
        try IngestLedger.write(JSONWriter.compact.bytes(marker.json), to: markerPath(number), flush: durable)
        // Folders are made here, once per run each, so that no writer tries a file in a missing folder first.
        let folder = folder, durable = durable
        try makeFolders(Set(files.filter { $0.change != .remove }.compactMap { AtomicFile.folder(of: folder + "/" + $0.path) }))
        // A file created, replaced or removed is no longer the one an earlier commit appended to.
        for file in files {
            if case .append = file.change { continue }
            openFiles.discard(folder + "/" + file.path)
        }
        var firstFailure: IngestWriteError?
        let openFiles = openFiles
        OrderedParallelMap(jobs: min(writers, files.count)).run(files, transform: { file in
            Result { () throws(IngestWriteError) in try file.place(in: folder, commit: number, flush: durable, openFiles: openFiles) }
        }, consume: { written in
            if firstFailure == nil, case .failure(let error) = written { firstFailure = error }
        })
        if let firstFailure { throw firstFailure }
        if marker.finishesAfterJournal {
            let droppedIds = Set(dropped.map(\.recordId))
            let removed = IngestLedger.removedLines(dropped)
            var kept = readJournal().filter { !droppedIds.contains($0.recordId) }
            for index in kept.indices { kept[index].renumber(removed) }
            try rewriteJournal(kept + entries)
            marker.finish(in: folder, flush: durable)
            for entry in dropped { forget(entry) }
        } else {
            try append(Entry.lines(entries))
        }
        unlink(markerPath(number))
        for entry in entries { remember(entry) }
        lastCommit = max(lastCommit, number)
        try startFlushing()
    }

    /// Makes the commit of a streamed window (`IngestSink.StreamWindow`) whose rows are in their files and
    /// whose marker (open as `marker`, closed here) lists them: its journal lines appended in one write,
    /// then the marker removed.
    mutating func commitStreamed(_ number: Int, entries: [Entry], marker: Int32) throws(IngestWriteError) {
        close(marker)
        try append(Entry.lines(entries))
        unlink(markerPath(number))
        for entry in entries { remember(entry) }
        lastCommit = max(lastCommit, number)
        try startFlushing()
    }

    /// The lines `entries`' rows hold, by file: (first line, count), in line order.
    static func removedLines(_ entries: [Entry]) -> [String: [(line: Int, lines: Int)]] {
        var removed: [String: [(line: Int, lines: Int)]] = [:]
        for entry in entries {
            for object in entry.objects { removed[object.path, default: []].append((object.line, object.lines)) }
        }
        return removed.mapValues { $0.sorted { $0.line < $1.line } }
    }

    private mutating func remember(_ entry: Entry) {
        runOfRecord[entry.recordId] = .some(entry.taskRunUUID)
        if let run = entry.taskRunUUID { recordOfRun[run] = entry.recordId }
        exportedOfRecord[entry.recordId] = entry.exportedOn
        if tracksOwners { for object in entry.objects { owners[object.path] = entry.recordId } }
        lastCommit = max(lastCommit, entry.commit)
    }

    private mutating func forget(_ entry: Entry) {
        runOfRecord[entry.recordId] = nil
        if let run = entry.taskRunUUID, recordOfRun[run] == entry.recordId { recordOfRun[run] = nil }
        exportedOfRecord[entry.recordId] = nil
        if tracksOwners { for object in entry.objects where owners[object.path] == entry.recordId { owners[object.path] = nil } }
    }

    func markerPath(_ commit: Int) -> String {
        folder + "/" + IngestLedger.pending + "/" + IngestLedger.sixDigits(commit) + ".json"
    }

    /// `number` in decimal with zeros in front up to six digits (`String(printf: "%06d")` without its cost).
    static func sixDigits(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(6 - digits.count, 0)) + digits
    }

    func readJournal() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: folder + "/" + IngestLedger.journal) else { return [] }
        return data.split(separator: 0x0A).compactMap { line in (try? JSONDocument(bytes: Array(line)).value).flatMap(Entry.init) }
    }

    private func rewriteJournal(_ entries: [Entry]) throws(IngestWriteError) {
        try IngestLedger.write(Entry.lines(entries), to: folder + "/" + IngestLedger.journal, flush: durable)
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
}

extension IngestLedger.Entry {
    /// The entry with its rows in files that lose the `removed` lines renumbered.
    mutating func renumber(_ removed: [String: [(line: Int, lines: Int)]]) {
        for index in objects.indices {
            guard let gone = removed[objects[index].path] else { continue }
            objects[index].line -= gone.filter { $0.line < objects[index].line }.reduce(0) { $0 + $1.lines }
        }
    }
}
