import FoundationEssentials
import JSONCore
import ResultArchive

extension RecordMetadata {
    /// When Bridge exported the record: the manifest line's `exportedOn` (Synapse's file view column, S3's
    /// `exportedon` metadata), if it has one.
    public var exportedOn: String? {
        fields.members.first { RecordMetadata.isExportedOn($0.key) }?.value.stringValue
    }

    /// Whether `key` lower-cased (`UploadField.key`) is `exportedon`: an ASCII key compared on its bytes,
    /// without lower-casing it (no other character lower-cases to one of these letters).
    static func isExportedOn(_ key: String) -> Bool {
        let ascii = key.withUTF8Bytes { utf8 -> Bool? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return utf8.count == 10 && zip(utf8, "exportedon".utf8).allSatisfy { $0 | 0x20 == $1 }
        }
        return ascii ?? (UploadField.key(key) == "exportedon")
    }
}

extension IngestSink {
    /// A record this run ingested.
    struct Held {
        let input: String
        let run: String?
        let exportedOn: String?
    }

    /// A later export replacing the record held, with what its rejected (superseded) row says.
    struct Supersession {
        /// The input of the later export.
        let input: String
        let exportedOn: String?
        let record: RecordMetadata?
        let key: RecordKey?
    }

    /// What becomes of a record.
    enum Decision {
        /// Ingested; replacing the export of the record held by the named input, if any.
        case ingest(replacing: String?)
        /// Ingested by an earlier run: nothing written.
        case skip(note: String)
        case reject(IngestOutcome.Status, [String])
    }

    /// Whether an export at `new` comes at or after one at `old` in Sage's order: `exportedOn` ascending,
    /// a missing (or unreadable) one after every other; a tie goes to the later input.
    static func isLatest(_ new: String?, over old: String?) -> Bool {
        switch (new.flatMap(Timestamp.date), old.flatMap(Timestamp.date)) {
        case (nil, _): return true
        case (.some, nil): return false
        case (let new?, let old?): return new >= old
        }
    }

    private static func later(_ recordId: String, _ exportedOn: String?) -> String {
        "recordId \(recordId) has a later export" + (exportedOn.map { " (exportedOn \($0))" } ?? "")
    }

    /// Decides a record: duplicates and later exports within the run, then against the ledger.
    mutating func decide(_ prepared: PreparedRecord) -> Decision {
        let recordId = prepared.recordId, run = prepared.taskRunUUID, exported = prepared.exportedOn
        if let report = prepared.report {
            // A record identifier seen twice is a duplicate whatever the verdict (`first`); a run only for valid archives.
            if onRecordId == .first, let id = report.record?.recordId {
                if let first = seenRecords[id] { return .reject(.duplicate, [ArchiveProblem.duplicateRecord(recordId: id, firstSeenIn: first).description]) }
                seenRecords[id] = report.name
            }
            if report.status == .valid, let run {
                if let first = seenRuns[run] {
                    // With `latest`, the same run under the same record is a re-export, decided below.
                    if onRecordId == .first || first.recordId != recordId {
                        return .reject(.duplicate, [ArchiveProblem.duplicateRun(taskRunUUID: run, firstSeenIn: first.input).description])
                    }
                } else {
                    seenRuns[run] = (report.name, recordId)
                }
            }
        }
        guard prepared.reasons.isEmpty else { return .reject(.invalid, prepared.reasons) }
        if let held = ingestedByThisRun[recordId] {
            let duplicate = Decision.reject(.duplicate, [ArchiveProblem.duplicateRecord(recordId: recordId, firstSeenIn: held.input).description])
            guard onRecordId == .latest, held.run != run || held.exportedOn != exported else { return duplicate }
            guard IngestSink.isLatest(exported, over: held.exportedOn) else {
                return .reject(.superseded, [IngestSink.later(recordId, held.exportedOn) + " in \(held.input)"])
            }
            return .ingest(replacing: held.input)
        }
        if let earlier = ledger.runOfRecord[recordId] {
            let heldExport = ledger.exportedOfRecord[recordId]
            if earlier == run && heldExport == exported { return .skip(note: "already ingested by an earlier run over \(folder)") }
            guard onRecordId == .latest else {
                if earlier == run { return .skip(note: "already ingested by an earlier run over \(folder)") }
                return .reject(.duplicate, ["recordId \(recordId) was already ingested by an earlier run over \(folder) with "
                                            + (earlier.map { "taskRunUUID \($0)" } ?? "no taskRunUUID")])
            }
            guard IngestSink.isLatest(exported, over: heldExport) else {
                return .reject(.superseded, [IngestSink.later(recordId, heldExport) + ", ingested by an earlier run over \(folder)"])
            }
            return .ingest(replacing: "an earlier run over \(folder)")
        }
        if let run, let earlier = ledger.recordOfRun[run], earlier != recordId {
            return .reject(.duplicate, ["taskRunUUID \(run) was already ingested as record \(earlier) (an earlier run over \(folder))"])
        }
        return .ingest(replacing: nil)
    }

    /// Why the record cannot be written in the per-record layout: one of its objects is another record's in
    /// the ledger or the waiting commit (names are one-to-one, so only a folder written by another naming
    /// could hold one), which is never overwritten.
    func ownershipConflict(_ prepared: PreparedRecord) -> String? {
        guard layout == .record else { return nil }
        for object in prepared.objects {
            if let owner = waitingOwners[object.path] ?? ledger.owners[object.path], owner != prepared.recordId {
                return "its object \(object.path) is record \(owner)'s in \(IngestLedger.journal): not overwritten"
            }
        }
        return nil
    }
}
