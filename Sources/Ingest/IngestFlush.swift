import Foundation
import FileIO

extension IngestLedger {
    /// Makes each folder of `folders` (full paths) not known to exist yet, with those missing above it;
    /// the folders that gained an entry are handed to the flusher. Below a folder known to exist (the output
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
            flusher.add(folders: made.compactMap(AtomicFile.folder(of:)))
        }
    }

    /// Waits for every flush handed over so far; throws the first that failed.
    func drainFlushes() throws(IngestWriteError) {
        if let error = flusher.drain() { throw IngestWriteError(description: error.description) }
    }

    /// Throws the first flush that failed so far, without waiting (a run stops at the next commit).
    func checkFlushes() throws(IngestWriteError) {
        if let error = flusher.failure { throw IngestWriteError(description: error.description) }
    }

    /// Makes the run durable at its end: every file and folder it changed, then the journal and the
    /// ledger's folders, so that the ledger never reaches the disk before the rows it names. Only what this
    /// run wrote is flushed (never other files of the file system).
    func flushRun() throws(IngestWriteError) {
        try drainFlushes()
        flusher.add(files: [folder + "/" + IngestLedger.journal],
                    folders: [folder + "/" + IngestLedger.pending, AtomicFile.folder(of: folder + "/" + IngestLedger.journal) ?? folder])
        try drainFlushes()
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
    /// has not made or found it yet; flushed now with `durable`, else handed to the flusher.
    mutating func writeFile(_ bytes: [UInt8], to path: String) throws(IngestWriteError) {
        let full = folder + "/" + path, parent = AtomicFile.folder(of: full) ?? folder
        try makeFolders([parent])
        try IngestLedger.write(chunks: [bytes], to: full, overwrite: true, flush: durable, writeback: true)
        if durable { try drainFlushes() } else { flusher.add(files: [full], folders: [parent]) }
    }
}
