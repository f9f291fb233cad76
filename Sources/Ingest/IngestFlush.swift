import FoundationEssentials
import Glibc
import FileIO

extension IngestLedger {
    /// Makes each folder of `folders` (full paths) not known to exist yet, with those missing above it (with
    /// `durable`, the folders that gained an entry are flushed). Below a folder known to exist (the output
    /// folder, a partition made before), each missing folder is made top down, one call each.
    mutating func makeFolders(_ folders: some Sequence<String>) throws(IngestWriteError) {
        for target in folders where !knownFolders.contains(target) {
            var chain = [target], made: [String] = []
            while let parent = AtomicFile.folder(of: chain[chain.count - 1]), parent != chain[chain.count - 1], !knownFolders.contains(parent) {
                chain.append(parent)
            }
            if let top = chain.last, let parent = AtomicFile.folder(of: top), knownFolders.contains(parent) {
                for path in chain.reversed() { try IngestLedger.makeOneFolder(path, made: &made) }
                knownFolders.formUnion(chain)
            } else {
                try IngestLedger.makeFolder(target, made: &made)
                knownFolders.insert(target)
            }
            guard durable else { continue }
            for parent in Set(made.compactMap(AtomicFile.folder(of:))).sorted() {
                if let reason = FileFlush.flushFolder(parent) { throw IngestWriteError(description: "cannot flush \(parent): \(reason)") }
            }
        }
    }

    /// Without `durable`, after a commit: starts flushing the output's file system on another thread unless
    /// a flush is still under way (the kernel writes the commit's files back while the run goes on); throws
    /// when the last one failed.
    mutating func startFlushing() throws(IngestWriteError) {
        guard !durable else { return }
        unflushed = true
        guard flushing?.isDone ?? true else { return }
        if let reason = flushing?.wait() { throw IngestWriteError(description: "cannot flush \(folder): \(reason)") }
        flushing = FileSystemFlush(folder: folder)
        unflushed = false
    }

    /// Makes the run durable at its end (without `durable`): flushes the output's file system once more unless
    /// the flush under way started after the last write, then waits for that one, so that once the run has
    /// ended every file it wrote, and the ledger, is on disk. The last flush does not wait for the one under
    /// way to start (each flushes all that was written before it began): the run's end waits for the
    /// longer of the two, not for both in turn. Only that file system is flushed (never all of them, as
    /// `sync` does).
    mutating func flushRun() throws(IngestWriteError) {
        let last = unflushed ? FileFlush.flushFileSystem(of: folder) : nil
        unflushed = false
        if let reason = flushing?.wait() ?? last { throw IngestWriteError(description: "cannot flush \(folder): \(reason)") }
        flushing = nil
    }

    /// Makes the folder `path` and those missing above it (`mkdir -p`), appending each one made to `made`
    /// (parents first): one call when only it is missing, as a new partition folder is; an existing folder
    /// is fine. The output folder itself is made here too (by the sink), so its errors read as every other
    /// write error: `cannot write PATH: reason`.
    static func makeFolder(_ path: String, made: inout [String]) throws(IngestWriteError) {
        guard var error = make(path, made: &made) else { return }
        if error == ENOENT, let parent = AtomicFile.folder(of: path), parent != path {
            try makeFolder(parent, made: &made)
            guard let again = make(path, made: &made) else { return }
            error = again
        }
        throw IngestWriteError(description: "cannot write \(path): \(String(cString: strerror(error)))")
    }

    /// Makes the folder `path` whose parent exists (appended to `made`); an existing folder is fine.
    static func makeOneFolder(_ path: String, made: inout [String]) throws(IngestWriteError) {
        if let error = make(path, made: &made) { throw IngestWriteError(description: "cannot write \(path): \(String(cString: strerror(error)))") }
    }

    /// Makes the folder `path` (appended to `made`); `nil` when it is made or a folder is there already,
    /// else the system's error.
    private static func make(_ path: String, made: inout [String]) -> Int32? {
        if mkdir(path, 0o777) == 0 {
            made.append(path)
            return nil
        }
        let error = errno
        var status = stat()
        return error == EEXIST && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? nil : error
    }

    /// Makes the folder `path` and those missing above it, as `makeFolder(_:made:)` does.
    static func makeFolder(_ path: String) throws(IngestWriteError) {
        var made: [String] = []
        try makeFolder(path, made: &made)
    }

    /// Writes a whole file at `path` (under the output folder; a rejected row), its folder made if this run
    /// has not made or found it yet; flushed now with `durable`, else with the run's other files.
    mutating func writeFile(_ bytes: [UInt8], to path: String) throws(IngestWriteError) {
        let full = folder + "/" + path
        try makeFolders([AtomicFile.folder(of: full) ?? folder])
        try IngestLedger.write(chunks: [bytes], to: full, overwrite: true, flush: durable)
        unflushed = true
    }
}
