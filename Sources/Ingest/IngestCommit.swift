import FoundationEssentials
import Glibc
import JSONCore
import ZipArchive
import FileIO

/// One file a commit changes, and how.
struct CommitFile: Sendable {
    /// How the file changes.
    enum Change: Equatable, Sendable {
        /// Written whole under a temporary name, then renamed into place.
        case create
        /// The rows added at its end; the file was `size` bytes long (what undoing the commit cuts it back to).
        case append(size: Int)
        /// Written whole beside it (`.NAME.staged-N`), renamed into place once the journal records the commit.
        case replace
        /// Removed once the journal records the commit.
        case remove
    }

    /// The path under the output folder.
    let path: String
    let change: Change
    /// The bytes it gets (for `append`, those added).
    let chunks: [[UInt8]]
    /// Whether a file to create may replace one already there (Sage's per-record objects, rejected rows).
    var overwrite = false


    /// Writes the file's bytes for commit `number` under `folder`; an appended file stays open in `openFiles`.
    func place(in folder: String, commit number: Int, flush: Bool, openFiles: OpenPartFiles? = nil) throws(IngestWriteError) {
        let full = folder + "/" + path
        switch change {
        case .create: try IngestLedger.write(chunks: chunks, to: full, overwrite: overwrite, flush: flush)
        case .append(let size): try IngestLedger.append(chunks: chunks, to: full, size: size, flush: flush, openFiles: openFiles)
        case .replace: try IngestLedger.write(chunks: chunks, to: CommitMarker.staged(full, commit: number), overwrite: true, flush: flush)
        case .remove: break
        }
    }
}

/// The marker of a commit in flight (`_assess/pending/N.json`): what the commit changes, written before it
/// changes anything, and the process making it (whose temporary files a torn commit leaves).
struct CommitMarker {
    let number: Int
    /// The process that made the commit.
    let pid: Int32
    /// Files created (removed when the commit is undone) or appended to (cut back to `size`).
    private(set) var files: [(path: String, size: Int?)]
    /// Files replaced from their staged copy once the journal records the commit.
    let staged: [String]
    /// Files removed once the journal records the commit.
    let removed: [String]

    /// The marker of commit `number` changing `files`, made by process `pid` (this one).
    init(files: [CommitFile], number: Int, pid: Int32 = getpid()) {
        self.number = number
        self.pid = pid
        var placed: [(path: String, size: Int?)] = [], staged: [String] = [], removed: [String] = []
        for file in files {
            switch file.change {
            case .create: placed.append((file.path, nil))
            case .append(let size): placed.append((file.path, size))
            case .replace: staged.append(file.path)
            case .remove: removed.append(file.path)
            }
        }
        self.files = placed
        self.staged = staged
        self.removed = removed
    }

    /// The marker of a streamed window (`IngestSink.StreamWindow`) opening as commit `number`: the part files
    /// earlier commits made, each cut back to its `size` when the window is undone.
    init(appended: [(path: String, size: Int)], number: Int, pid: Int32 = getpid()) {
        self.number = number
        self.pid = pid
        files = appended.map { ($0.path, $0.size) }
        staged = []
        removed = []
    }

    /// The marker read from its file's bytes: `json`'s object, then (a streamed window's) one line per file
    /// it created, each a JSON string; a torn last line is dropped (its file was not created yet).
    init(bytes: [UInt8], number: Int) {
        guard let end = bytes.firstIndex(of: 0x0A) else {
            self.init(try? JSONDocument(bytes: bytes).value, number: number)
            return
        }
        self.init(try? JSONDocument(bytes: Array(bytes[..<end])).value, number: number)
        var created: [(path: String, size: Int?)] = []
        for line in bytes[(end + 1)...].split(separator: 0x0A) {
            guard let path = CommitMarker.inside((try? JSONDocument(bytes: Array(line)).value)?.stringValue) else { continue }
            created.append((path, nil))
        }
        files += created
    }

    /// `path` when it names something inside the output folder (relative, no `..`), else `nil`.
    static func inside(_ path: String?) -> String? {
        guard let path, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
        return path
    }

    /// The marker read from its file: an object as `json` writes it, or the list of created paths an earlier
    /// version wrote; paths outside the output folder are dropped.
    init(_ value: JSONValue?, number: Int) {
        self.number = number
        let inside = CommitMarker.inside
        if let list = value?.arrayValue {
            pid = 0
            files = list.compactMap { inside($0.stringValue).map { ($0, nil) } }
            staged = []
            removed = []
            return
        }
        pid = value?["pid"]?.numberValue?.intValue.map(Int32.init(truncatingIfNeeded:)) ?? 0
        files = (value?["files"]?.arrayValue ?? []).compactMap { file in
            inside(file["path"]?.stringValue).map { ($0, file["size"]?.numberValue?.intValue) }
        }
        staged = (value?["staged"]?.arrayValue ?? []).compactMap { inside($0.stringValue) }
        removed = (value?["removed"]?.arrayValue ?? []).compactMap { inside($0.stringValue) }
    }

    var json: JSONValue {
        .object(JSONObject([
            .init(key: "pid", value: .number(JSONNumber(Int(pid)))),
            .init(key: "files", value: .array(files.map { file in
                .object(JSONObject([.init(key: "path", value: .string(file.path))]
                                   + (file.size.map { [.init(key: "size", value: .number(JSONNumber($0)))] } ?? [])))
            })),
            .init(key: "staged", value: .array(staged.map(JSONValue.string))),
            .init(key: "removed", value: .array(removed.map(JSONValue.string))),
        ]))
    }

    /// Whether the commit ends by replacing or removing files after the journal records it: once it does, the
    /// commit is finished (not undone) by the next run.
    var finishesAfterJournal: Bool { !staged.isEmpty || !removed.isEmpty }

    /// The staged copy of `path` for commit `number`: hidden beside it (Spark and Glue skip names starting with `.`).
    static func staged(_ path: String, commit number: Int) -> String {
        let folder = AtomicFile.folder(of: path) ?? "."
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
        return folder + "/." + name + ".staged-\(number)"
    }

    /// Replaces the staged files and removes those to remove (again after an interruption: what is done stays
    /// done); with `flush`, their folders are flushed before the marker can go.
    func finish(in folder: String, flush: Bool = false) {
        for path in staged { rename(CommitMarker.staged(folder + "/" + path, commit: number), folder + "/" + path) }
        for path in removed { unlink(folder + "/" + path) }
        guard flush else { return }
        for parent in Set((staged + removed).compactMap { AtomicFile.folder(of: folder + "/" + $0) }).sorted() {
            FileFlush.flushFolder(parent)
        }
    }

    /// Takes the commit's changes back: created files removed, appended ones cut back, staged copies removed.
    func undo(in folder: String) {
        for file in files {
            if let size = file.size { truncate(folder + "/" + file.path, off_t(size)) } else { unlink(folder + "/" + file.path) }
        }
        for path in staged { unlink(CommitMarker.staged(folder + "/" + path, commit: number)) }
    }

    /// Removes the temporary files the commit's process was writing (`.NAME.tmp-PID-…` beside each file, the
    /// journal's and each staged copy's included) when it stopped.
    func removeTemporaryFiles(in folder: String) {
        guard pid > 0 else { return }
        var byFolder: [String: Set<String>] = [:]
        let stagedCopies = staged.map { CommitMarker.staged($0, commit: number) }
        for path in files.map(\.path) + staged + stagedCopies + [IngestLedger.journal] {
            let full = folder + "/" + path
            guard let parent = AtomicFile.folder(of: full) else { continue }
            byFolder[parent, default: []].insert("." + String(full.dropFirst(parent.count + 1)) + ".tmp-\(pid)-")
        }
        for (parent, prefixes) in byFolder {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where prefixes.contains(where: name.hasPrefix) {
                unlink(parent + "/" + name)
            }
        }
    }
}

extension IngestLedger {
    /// Finishes or undoes every commit left in flight, given the journal's entries: a commit the journal
    /// records that ends after it is finished, any other undone. Returns the undone commits' numbers and the
    /// markers to remove once the journal no longer holds their lines.
    func recoverInterruptedCommits(journal: [Entry]) -> (undone: Set<Int>, markers: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + IngestLedger.pending)) ?? []
        var undone: Set<Int> = [], markers: [String] = []
        let recorded = Set(journal.map(\.commit))
        for name in names.sorted() {
            let path = folder + "/" + IngestLedger.pending + "/" + name
            guard name.hasSuffix(".json"), let number = Int(name.dropLast(5)) else {
                // A marker's own temporary file: the commit never started.
                unlink(path)
                continue
            }
            let marker = CommitMarker(bytes: FileBytes.read(path) ?? [], number: number)
            if marker.finishesAfterJournal && recorded.contains(number) {
                marker.finish(in: folder)
            } else {
                marker.undo(in: folder)
                undone.insert(number)
            }
            marker.removeTemporaryFiles(in: folder)
            markers.append(path)
        }
        return (undone, markers)
    }

    /// Writes a whole file (temporary, then renamed), creating its folder; flushed now with `flush`, else
    /// by the sink's `finish()`.
    static func write(_ bytes: [UInt8], to path: String, flush: Bool = false) throws(IngestWriteError) {
        try write(chunks: [bytes], to: path, overwrite: true, flush: flush)
    }

    /// Writes the concatenation of `chunks` as `write(_:to:)` writes one buffer; without `overwrite`, an
    /// existing file is an error that says the ledger does not know it.
    static func write(chunks: [[UInt8]], to path: String, overwrite: Bool, flush: Bool = false) throws(IngestWriteError) {
        func attempt() throws(FileWriteError) { try AtomicFile.write(chunks: chunks, to: path, overwrite: overwrite, flush: flush) }
        func refusal(_ error: FileWriteError) -> IngestWriteError {
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

    /// Appends the concatenation of `chunks` to the file at `path`, which must be `size` bytes long (this run
    /// wrote it: anything else is an error, and nothing is written). The file is left open in `openFiles`
    /// for the next commit's append (taken from it when an earlier one left it there).
    static func append(chunks: [[UInt8]], to path: String, size: Int, flush: Bool, openFiles: OpenPartFiles? = nil) throws(IngestWriteError) {
        let kept = openFiles?.take(path), descriptor: Int32
        if let kept { descriptor = kept } else { descriptor = try openToAppend(path, size: size) }
        var appended = false
        defer { if appended, let openFiles { openFiles.keep(descriptor, for: path) } else { close(descriptor) } }
        if kept != nil { try checkSize(descriptor, of: path, is: size) }
        // Rows of every record written where they are, many to a system call.
        if let reason = AtomicFile.writeAll(chunks: chunks, to: descriptor) { throw IngestWriteError(description: "cannot write \(path): \(reason)") }
        if flush, fsync(descriptor) != 0 { throw IngestWriteError(description: "cannot flush \(path): \(String(cString: strerror(errno)))") }
        appended = true
    }

    /// Opens the file at `path` to append to it, checked to be `size` bytes long (this run wrote it).
    static func openToAppend(_ path: String, size: Int) throws(IngestWriteError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw IngestWriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        do throws(IngestWriteError) { try checkSize(descriptor, of: path, is: size) } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Checks that the open file `descriptor` (at `path`) is `size` bytes long and puts its offset at its end.
    static func checkSize(_ descriptor: Int32, of path: String, is size: Int) throws(IngestWriteError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size == off_t(size), lseek(descriptor, off_t(size), SEEK_SET) == off_t(size) else {
            throw IngestWriteError(description: "cannot append to \(path): it is no longer the \(size) bytes this run wrote (changed by another process?)")
        }
    }

    static func unknownFile(_ path: String) -> IngestWriteError {
        IngestWriteError(description: "\(path) already exists but no commit in \(journal) names it (was the ledger removed?); "
                         + "nothing was replaced: ingest into a new folder, or restore the ledger")
    }
}
