import FoundationEssentials
import Glibc
import FileIO
import JSONCore

extension IngestSink {
    /// The commit window whose rows go to their part files as each record is decided (`streams`), not at
    /// its commit: its marker (`_assess/pending/N.json`) is written before the first of them, listing every
    /// part file earlier commits of the run made and the size each commit left it, and a line naming each
    /// part file the window creates is added before that file is. Undoing the window (the next run, after
    /// an interruption) cuts the listed files back and removes the created ones; the commit itself is then
    /// only the journal's lines and the marker's removal.
    struct StreamWindow {
        /// The commit the window becomes.
        let number: Int
        /// The marker, open to add the part files the window creates.
        let marker: Int32
        /// Rows written since the output's file system was last asked to write back.
        var sinceWriteBack = 0
    }

    /// Rows of a part file smaller than this (most survey rows) are gathered, up to this much per file,
    /// before they are written: one system call per buffer, not one per record, and memory bounded by the
    /// window's rows however many part files it has.
    static let gatherBelow = 16 << 10
    /// Rows streamed between two write-backs of the output's file system started on the flush thread, so
    /// that the run's end has only the last of them left to flush.
    static let writeBackEvery = 4 << 20

    /// Whether this sink's windows stream: the batch layout (rows only ever appended to the run's part
    /// files), without `durable` (which flushes each commit's files before its journal lines), keeping the
    /// first export of a record (a later one rewrites files, which a held commit does).
    var streams: Bool { layout == .batch && !durable && onRecordId == .first }

    /// Writes a record's rows to the window's part files (opening the window first); returns the files
    /// they go to.
    mutating func stream(_ prepared: PreparedRecord) throws(IngestWriteError) -> [String] {
        let part = partName ?? "part-" + IngestLedger.sixDigits(ledger.lastCommit + 1) + ".ndjson"
        partName = part
        // Each object's waiting file, found by its folder (the part file's name is the run's): its path is
        // made, and looked up in the run's files, only for a folder new to the window.
        var indices = [Int](repeating: -1, count: prepared.objects.count)
        // Part files no commit of the run nor this window made yet: refused if something is there already,
        // before the marker names them (undoing the window never removes a file it did not make).
        var fresh: [String] = []
        for (position, object) in prepared.objects.enumerated() {
            if let index = streamFolders[object.folderKey] {
                indices[position] = index
                continue
            }
            let path = object.folder + "/" + part
            if runFiles[path] == nil, !fresh.contains(path) { fresh.append(path) }
        }
        for path in fresh where access(folder + "/" + path, F_OK) == 0 { throw IngestLedger.unknownFile(folder + "/" + path) }
        if streamWindow == nil { streamWindow = try openWindow() }
        if !fresh.isEmpty, let window = streamWindow {
            var lines: [UInt8] = []
            for path in fresh { lines += JSONWriter.compact.bytes(.string(path)) + [0x0A] }
            if let reason = AtomicFile.writeAll(lines, to: window.marker) {
                throw IngestWriteError(description: "cannot write \(ledger.markerPath(window.number)): \(reason)")
            }
            let folder = folder
            try ledger.makeFolders(Set(fresh.compactMap { AtomicFile.folder(of: folder + "/" + $0) }))
        }
        var objects: [(file: Int, chunk: Int)] = [], fileIndices: [Int] = [], bytes = 0
        objects.reserveCapacity(prepared.objects.count)
        for (position, object) in prepared.objects.enumerated() {
            var index = indices[position]
            if index < 0 {
                // A folder new to the window (or one an earlier object of this record added).
                if let added = streamFolders[object.folderKey] {
                    index = added
                } else {
                    index = addWaitingFile(object.folder + "/" + part)
                    streamFolders[object.folderKey] = index
                }
            }
            objects.append((index, waitingFiles[index].chunkLines.count))
            waitingFiles[index].chunkLines.append(object.lines)
            try streamRows(object.bytes, to: index)
            bytes += object.bytes.count
            if !fileIndices.contains(index) { fileIndices.append(index) }
        }
        waitingRecords.append(WaitingRecord(recordId: prepared.recordId, taskRunUUID: prepared.taskRunUUID, input: prepared.input.name,
                                            exportedOn: prepared.exportedOn, replaces: nil, objects: objects))
        waitingBytes += bytes
        streamWindow?.sinceWriteBack += bytes
        if let since = streamWindow?.sinceWriteBack, since >= IngestSink.writeBackEvery {
            streamWindow?.sinceWriteBack = 0
            try ledger.startFlushing()
        }
        return fileIndices.map { waitingFiles[$0].path }
    }

    /// Adds a file to the waiting commit; its index.
    mutating func addWaitingFile(_ path: String) -> Int {
        let index = waitingFiles.count
        waitingIndex[path] = index
        waitingFiles.append(WaitingFile(path: path))
        return index
    }

    /// Writes the marker of the window now opening: every part file of the run and its committed size.
    private func openWindow() throws(IngestWriteError) -> StreamWindow {
        let number = ledger.lastCommit + 1
        let path = ledger.markerPath(number)
        let marker = CommitMarker(appended: runFiles.keys.sorted().map { ($0, runFiles[$0]?.size ?? 0) }, number: number)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw IngestWriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        if let reason = AtomicFile.writeAll(JSONWriter.compact.bytes(marker.json) + [0x0A], to: descriptor) {
            close(descriptor)
            throw IngestWriteError(description: "cannot write \(path): \(reason)")
        }
        return StreamWindow(number: number, marker: descriptor)
    }

    /// Adds `bytes` (rows) to the window's file at `index`: gathered with the rows before it when small,
    /// else written now. Gathered rows are kept as they came (not copied) and written together.
    private mutating func streamRows(_ bytes: [UInt8], to index: Int) throws(IngestWriteError) {
        waitingFiles[index].bytes += bytes.count
        if bytes.count < IngestSink.gatherBelow {
            if waitingFiles[index].gatheredBytes + bytes.count > IngestSink.gatherBelow { try writeGathered(index) }
            waitingFiles[index].gathered.append(bytes)
            waitingFiles[index].gatheredBytes += bytes.count
            return
        }
        try writeGathered(index)
        try writeRows([bytes], to: index)
    }

    /// Writes the rows gathered for the window's file at `index`, if any.
    mutating func writeGathered(_ index: Int) throws(IngestWriteError) {
        guard !waitingFiles[index].gathered.isEmpty else { return }
        try writeRows(waitingFiles[index].gathered, to: index)
        waitingFiles[index].gathered.removeAll(keepingCapacity: true)
        waitingFiles[index].gatheredBytes = 0
    }

    /// Writes `chunks` (rows) at the end of the window's file at `index`, through the descriptor kept open for
    /// it (the file created when the window made it and nothing has been written yet).
    private mutating func writeRows(_ chunks: [[UInt8]], to index: Int) throws(IngestWriteError) {
        let path = waitingFiles[index].path, full = waitingFiles[index].fullPath(in: folder)
        let size = (runFiles[path]?.size ?? 0) + waitingFiles[index].written
        let descriptor: Int32
        if let open = ledger.openFiles.take(full) {
            descriptor = open
        } else if runFiles[path] == nil, waitingFiles[index].written == 0 {
            descriptor = open(full, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                if errno == EEXIST { throw IngestLedger.unknownFile(full) }
                throw IngestWriteError(description: "cannot write \(full): \(String(cString: strerror(errno)))")
            }
        } else {
            descriptor = try IngestLedger.openToAppend(full, size: size)
        }
        if let reason = AtomicFile.writeAll(chunks: chunks, to: descriptor) {
            close(descriptor)
            throw IngestWriteError(description: "cannot write \(full): \(reason)")
        }
        ledger.openFiles.keep(descriptor, for: full)
        for chunk in chunks { waitingFiles[index].written += chunk.count }
    }
}
