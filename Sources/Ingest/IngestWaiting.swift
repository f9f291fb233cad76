import FoundationEssentials
import JSONCore
import ResultArchive

extension IngestSink {
    /// One file of the waiting commit: where it goes, and its rows as they came (one chunk per record).
    struct WaitingFile {
        let path: String
        var chunks: [[UInt8]] = []
        /// How many lines each chunk holds (a streamed window's chunks are written, not held: only their lines).
        var chunkLines: [Int] = []
        /// The bytes of its rows (a streamed window's), those written and those gathered to write.
        var bytes = 0
        /// The bytes of its rows written to the file (a streamed window's).
        var written = 0
        /// Small rows gathered to be written together (a streamed window's), as they came.
        var gathered: [[UInt8]] = []
        /// How many bytes `gathered` holds.
        var gatheredBytes = 0
        /// Its path under the output folder's (`FOLDER/path`), once a streamed window wrote to it.
        private var full: String?

        init(path: String) {
            self.path = path
        }

        /// Its path under the output folder `folder` (the folder the sink writes under: made once).
        mutating func fullPath(in folder: String) -> String {
            if let full { return full }
            let made = folder + "/" + path
            full = made
            return made
        }
    }

    /// One record of the waiting commit; its rows are chunks of waiting files.
    struct WaitingRecord {
        let recordId: String
        let taskRunUUID: String?
        let input: String
        let exportedOn: String?
        let replaces: String?
        /// Its objects: (file index, chunk index) in the waiting files.
        let objects: [(file: Int, chunk: Int)]
    }

    /// Adds a record's rows to the waiting commit; returns the files they go to.
    mutating func wait(_ prepared: PreparedRecord, replaces: String?) -> [String] {
        if layout == .batch, partName == nil {
            partName = "part-" + IngestLedger.sixDigits(ledger.lastCommit + 1) + ".ndjson"
        }
        var objects: [(file: Int, chunk: Int)] = []
        var fileIndices: [Int] = []
        for object in prepared.objects {
            let path = layout == .batch ? object.folder + "/" + (partName ?? "") : object.path
            let index = waitingIndex[path] ?? addWaitingFile(path)
            objects.append((index, waitingFiles[index].chunks.count))
            waitingFiles[index].chunks.append(object.bytes)
            waitingFiles[index].chunkLines.append(object.lines)
            waitingBytes += object.bytes.count
            if layout == .record { waitingOwners[path] = prepared.recordId }
            if !fileIndices.contains(index) { fileIndices.append(index) }
        }
        waitingRecords.append(WaitingRecord(recordId: prepared.recordId, taskRunUUID: prepared.taskRunUUID, input: prepared.input.name,
                                            exportedOn: prepared.exportedOn, replaces: replaces, objects: objects))
        return fileIndices.map { waitingFiles[$0].path }
    }

    /// Makes the waiting commit (if any); returns the outcomes it settles.
    mutating func commit() throws(IngestWriteError) -> [IngestOutcome] {
        if let window = streamWindow {
            try commitStreamed(window)
        } else if !waitingRecords.isEmpty {
            let number = ledger.lastCommit + 1
            let dropped = waitingSupersessions.isEmpty ? [] : ledger.entries(of: Set(waitingSupersessions.keys))
            let removed = IngestLedger.removedLines(dropped)
            var files: [CommitFile] = [], firstLines: [Int] = []
            for file in waitingFiles {
                let added = file.chunkLines.reduce(0, +), bytes = file.chunks.reduce(0) { $0 + $1.count }
                if let gone = removed[file.path] {
                    let kept = keptLines(of: file.path, removing: gone)
                    firstLines.append(kept.lines)
                    files.append(CommitFile(path: file.path, change: .replace, chunks: [kept.bytes] + file.chunks))
                    if layout == .batch { runFiles[file.path] = (kept.bytes.count + bytes, kept.lines + added) }
                } else if let known = runFiles[file.path] {
                    firstLines.append(known.lines)
                    files.append(CommitFile(path: file.path, change: .append(size: known.size), chunks: file.chunks))
                    runFiles[file.path] = (known.size + bytes, known.lines + added)
                } else {
                    firstLines.append(0)
                    // Sage's per-record objects are replaced when a record comes again; a part file never is.
                    files.append(CommitFile(path: file.path, change: .create, chunks: file.chunks, overwrite: layout == .record))
                    if layout == .batch { runFiles[file.path] = (bytes, added) }
                }
            }
            // Files that only lose the rows of replaced exports.
            for (path, gone) in removed.sorted(by: { $0.key < $1.key }) where waitingIndex[path] == nil {
                let kept = keptLines(of: path, removing: gone)
                files.append(CommitFile(path: path, change: kept.lines == 0 ? .remove : .replace, chunks: [kept.bytes]))
                if runFiles[path] != nil { runFiles[path] = kept.lines == 0 ? nil : (kept.bytes.count, kept.lines) }
            }
            for entry in dropped {
                guard let later = waitingSupersessions[entry.recordId] else { continue }
                files.append(CommitFile(path: IngestSink.rejectedPath(recordId: entry.recordId, input: entry.input), change: .create,
                                        chunks: [JSONWriter.compact.bytes(IngestSink.supersededRow(entry, by: later)) + [0x0A]], overwrite: true))
            }
            let entries = waitingEntries(commit: number, firstLines: firstLines, dropped: dropped)
            try ledger.commit(number, files: files, entries: entries, dropped: dropped, writers: writers)
            for (index, outcome) in unreported.enumerated() where outcome.supersedes != nil {
                if let earlier = dropped.first(where: { $0.recordId == outcome.recordId }) { unreported[index].supersedes = earlier.input }
            }
        }
        defer { unreported = [] }
        waitingFiles = []
        waitingIndex = [:]
        streamFolders = [:]
        waitingRecords = []
        waitingBytes = 0
        waitingSupersessions = [:]
        waitingOwners = [:]
        return unreported
    }

    /// The journal entries of the waiting records as commit `number`, given the lines already in each waiting
    /// file before its first chunk (`firstLines`, by index) and the records the commit replaces (`dropped`).
    func waitingEntries(commit number: Int, firstLines: [Int], dropped: [IngestLedger.Entry] = []) -> [IngestLedger.Entry] {
        // The first line of each chunk: the lines before it in its file, those already there included.
        let chunkStarts = waitingFiles.indices.map { index in
            waitingFiles[index].chunkLines.reduce(into: [firstLines[index] + 1]) { $0.append($0[$0.count - 1] + $1) }
        }
        return waitingRecords.map { record in
            IngestLedger.Entry(commit: number, recordId: record.recordId, taskRunUUID: record.taskRunUUID, input: record.input,
                               objects: record.objects.map { object in
                                   (waitingFiles[object.file].path, chunkStarts[object.file][object.chunk], waitingFiles[object.file].chunkLines[object.chunk])
                               },
                               exportedOn: record.exportedOn, replaces: dropped.first { $0.recordId == record.recordId }?.input ?? record.replaces)
        }
    }

    /// Commits the streamed window: its gathered rows written, its records' lines added to the journal, its
    /// marker removed; the run's part files then end where the window left them.
    private mutating func commitStreamed(_ window: StreamWindow) throws(IngestWriteError) {
        for index in waitingFiles.indices { try writeGathered(index) }
        let entries = waitingEntries(commit: window.number, firstLines: waitingFiles.map { runFiles[$0.path]?.lines ?? 0 })
        try ledger.commitStreamed(window.number, entries: entries, marker: window.marker)
        streamWindow = nil
        for file in waitingFiles {
            let known = runFiles[file.path] ?? (0, 0)
            runFiles[file.path] = (known.size + file.bytes, known.lines + file.chunkLines.reduce(0, +))
        }
    }

    /// The file at `path` (under the output folder) without the lines `gone` (first line, count; 1-based), and
    /// how many lines it keeps.
    func keptLines(of path: String, removing gone: [(line: Int, lines: Int)]) -> (bytes: [UInt8], lines: Int) {
        let bytes = FileBytes.read(folder + "/" + path) ?? []
        var kept: [UInt8] = [], lines = 0, number = 0, start = 0
        kept.reserveCapacity(bytes.count)
        while start < bytes.count {
            let end = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
            number += 1
            if !gone.contains(where: { number >= $0.line && number < $0.line + $0.lines }) {
                kept += bytes[start..<end]
                lines += 1
            }
            start = end
        }
        return (kept, lines)
    }

    /// The rejected row of an export `later` replaced: the ledger's record, and Sage's shape.
    static func supersededRow(_ entry: IngestLedger.Entry, by later: Supersession) -> JSONValue {
        let reason = "superseded by a later export of recordId \(entry.recordId) in \(later.input)" + (later.exportedOn.map { " (exportedOn \($0))" } ?? "")
            + (entry.exportedOn.map { "; this export's exportedOn \($0)" } ?? "")
        let archive = URL(fileURLWithPath: entry.input).lastPathComponent
        return .object(JSONObject([
            .init(key: "input", value: .string(entry.input)),
            .init(key: "status", value: .string(IngestOutcome.Status.superseded.rawValue)),
            .init(key: "reasons", value: .array([.string(reason)])),
            .init(key: "taskRunUUID", value: entry.taskRunUUID.map(JSONValue.string) ?? .null),
            .init(key: "assessmentId", value: (later.record?.assessmentId ?? later.key?.assessmentId).map(JSONValue.string) ?? .null),
            .init(key: "assessmentRevision", value: (later.record?.assessmentRevision ?? later.key?.assessmentRevision).map { .number(JSONNumber($0)) } ?? .null),
            .init(key: "appId", value: (later.record?.appId ?? later.key?.appId).map(JSONValue.string) ?? .null),
            .init(key: "recordId", value: .string(entry.recordId)),
            .init(key: "exportedOn", value: entry.exportedOn.map(JSONValue.string) ?? .null),
            .init(key: "supersededBy", value: .string(later.input)),
            .init(key: "errors", value: .object(JSONObject([.init(key: archive, value: .array([.string(reason)]))]))),
        ]))
    }
}
